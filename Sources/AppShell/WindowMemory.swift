import StressCore
import TargetStore

/// The window's size, place and display across launches, kept in the library's
/// settings (fullscreen is the user's `fullscreen` setting, which F11 changes). Only
/// the interactive desktop app uses it: a headless run keeps its `--size` for the
/// same pixels every time, and a kiosk always fills its display.
struct WindowMemory: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var display: Int

    static let keys = (x: "window.x", y: "window.y", width: "window.width", height: "window.height", display: "window.display")
    /// The window's place as it is stored.
    static let storedSettings = [
        StoredSetting(keys.x, holds: "the window's left edge"), StoredSetting(keys.y, holds: "the window's top edge"),
        StoredSetting(keys.width, holds: "the window's width"), StoredSetting(keys.height, holds: "the window's height"),
        StoredSetting(keys.display, holds: "the display the window was on"),
    ]

    /// What the library remembers, or nil before the first launch or when damaged.
    init?(stored: (String) -> String?) {
        guard let x = stored(Self.keys.x).flatMap(Int.init), let y = stored(Self.keys.y).flatMap(Int.init),
              let width = stored(Self.keys.width).flatMap(Int.init), let height = stored(Self.keys.height).flatMap(Int.init),
              (320...16384).contains(width), (240...16384).contains(height), abs(x) < 100_000, abs(y) < 100_000 else { return nil }
        self.init(x: x, y: y, width: width, height: height, display: max(0, stored(Self.keys.display).flatMap(Int.init) ?? 0))
    }

    init(x: Int, y: Int, width: Int, height: Int, display: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.display = display
    }

    var stored: [String: String] {
        [Self.keys.x: String(x), Self.keys.y: String(y), Self.keys.width: String(width), Self.keys.height: String(height),
         Self.keys.display: String(display)]
    }
}
