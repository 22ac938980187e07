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

    static let keys = (x: StoredSetting.windowX, y: StoredSetting.windowY, width: StoredSetting.windowWidth,
                       height: StoredSetting.windowHeight, display: StoredSetting.windowDisplay)

    /// What the library remembers, or nil before the first launch or when damaged.
    init?(stored: (StoredSetting) -> String?) {
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

    var stored: [StoredSetting: String] {
        [Self.keys.x: String(x), Self.keys.y: String(y), Self.keys.width: String(width), Self.keys.height: String(height),
         Self.keys.display: String(display)]
    }
}
