// LaunchOptions owns what one launch of the app asks for: the data folder, the
// window's size, kiosk mode, overrides for one run, a recording, a seed. Plain values
// with no behaviour beyond parsing a size: the command line makes them and AppShell
// runs them, and a module of their own so the command line links nothing of the app.

import Foundation

/// Options for the interactive app.
public struct AppOptions: Equatable, Sendable {
    public var dataDirectory: URL
    public var size: WindowSize?
    public var fullscreen = false
    public var kiosk = false
    /// The monitor to open on, 0-based (the command line counts from 1).
    public var display: Int?
    /// Kiosk mode: the only folder the picture picker shows.
    public var kioskPictures: URL?
    public var mute = false
    public var reduceMotion = false
    /// Where to write the user's input as a headless script (`--record FILE`).
    public var record: URL?
    /// The session's random seed (which sound variant, a mark's shape): a headless
    /// replay takes the recorded one (`seed` line). Nil: 0x5EED headless, else random.
    public var randomSeed: UInt64?
    /// Headless runs: draw every frame whole as well, and stop at the first frame where
    /// drawing only its damage gave other pixels (`--check-damage`).
    public var checkDamage = false

    public init(dataDirectory: URL, size: WindowSize? = nil) {
        self.dataDirectory = dataDirectory
        self.size = size
    }
}

public struct WindowSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses "1280x720"; sides from 320 to 16384.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (320...16384).contains(width), (240...16384).contains(height) else { return nil }
        self.width = width
        self.height = height
    }
}

