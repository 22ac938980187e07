import Foundation
import Platform
import Raster

/// Where the built-in pictures and sounds are. The asset bundle joins the package with
/// the art; until it is there, the app runs without them (a calm "no picture" card,
/// a drawn burst, no sound).
enum BuiltinAssets {
    static let soundNames = ["punch-1", "punch-2", "punch-3", "click"]

    static func pictureURL(named name: String) -> URL? { nil }

    static func soundURL(named name: String) -> URL? { nil }

    static func burstImage() -> RasterImage? { nil }
}
