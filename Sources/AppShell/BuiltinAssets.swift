import AppModel
import Assets
import Foundation
import PictureCodecs
import Pictures
import Platform
import Raster
import StressCore

/// The built-in pictures and sounds, from the asset bundle. If the bundle is missing
/// (a binary copied without its resources folder) the app still runs: a calm "no
/// picture" card, a drawn burst, no sound, no window icon.
enum BuiltinAssets {
    static var soundNames: [String] { AssetCatalog.soundNames }

    /// The screens ask for the shown target's picture every frame; finding it is a
    /// path built and a file looked up, so the shipped pictures are found once.
    static func pictureURL(named name: String) -> URL? {
        if let url = shippedPictureURLs[name] { return url }
        return AssetCatalog.pictureURL(named: name)
    }

    /// The shipped pictures that are there (the folder cannot change while the app runs).
    private static let shippedPictureURLs: [String: URL] = {
        var urls: [String: URL] = [:]
        for name in AssetCatalog.pictureNames {
            if let url = AssetCatalog.pictureURL(named: name) { urls[name] = url }
        }
        return urls
    }()

    static func soundURL(named name: String) -> URL? { AssetCatalog.soundURL(named: name) }

    /// The punch sprite, decoded once at start.
    static func burstImage() -> RasterImage? {
        guard let bitmap = decodedPicture(named: AssetCatalog.punchBurstPictureName) else { return nil }
        return RasterImage(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels)
    }

    /// Each tool's sprite, icon and impact piece, decoded once at start (the fist's
    /// sprite is the burst). A tool whose sprite is missing falls back to the burst.
    static func toolArt(burst: RasterImage?) -> [PunchTool: ToolArt] {
        var art: [PunchTool: ToolArt] = [:]
        for tool in PunchTool.allCases {
            let sprite = tool == .fist ? burst : image(named: tool.spritePictureName)
            guard let sprite = sprite ?? burst else { continue }
            art[tool] = ToolArt(sprite: sprite, icon: image(named: tool.iconPictureName), bit: tool.bitPictureName.flatMap(image(named:)),
                                secondBit: tool.secondBitPictureName.flatMap(image(named:)))
        }
        return art
    }

    private static func image(named name: String) -> RasterImage? {
        decodedPicture(named: name).map { RasterImage(width: $0.width, height: $0.height, rgba: $0.pixels) }
    }

    /// The app icon at the size the window shows it.
    static func windowIcon() -> PictureBitmap? {
        decodedPicture(named: AssetCatalog.iconPictureName(size: AssetCatalog.windowIconSize))
    }

    private static func decodedPicture(named name: String) -> PictureBitmap? {
        guard let url = AssetCatalog.pictureURL(named: name),
              let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return try? SDLPictureCodec().decode([UInt8](data), fileName: url.path)
    }
}
