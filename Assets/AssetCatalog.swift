// Assets owns the files that ship with the app: the built-in target pictures, the
// punch sprite, the app icon and the sounds, all made by `swift run asset-forge` and
// committed. It only finds them; it must not decode, draw or generate anything.

import Foundation

/// Where the shipped pictures and sounds are. `Bundle.module` is internal to this
/// module, so the rest of the app asks here and gets plain file URLs.
///
/// The resource folder is `StressPunch_Assets.resources`, holding `Pictures/` and
/// `Sounds/`. It is looked for, in order:
/// 1. in `$STRESSPUNCH_ASSETS_DIR`, when set (for packagers and tests);
/// 2. next to the running executable, where an installed app ships it (this is also
///    where `Bundle.module` looks first on Linux);
/// 3. through `Bundle.module`, which on Linux falls back to the build folder, so
///    `swift run` works from a checkout.
public enum AssetCatalog {
    /// The name SwiftPM gives this target's resource folder: `<package>_<target>.resources`.
    public static let resourceFolderName = "StressPunch_Assets.resources"
    /// Overrides where the resource folder is; it must hold `Pictures/` and `Sounds/`.
    public static let directoryEnvironmentVariable = "STRESSPUNCH_ASSETS_DIR"

    /// The punch sounds, one picked per punch so repeated hits do not sound mechanical.
    public static let punchSoundNames = ["punch-1", "punch-2", "punch-3"]
    /// The soft tick for buttons and toggles.
    public static let clickSoundName = "click"
    public static var soundNames: [String] { punchSoundNames + [clickSoundName] }

    /// The comic "POW" sprite drawn where a punch lands (512 x 512, transparent).
    public static let punchBurstPictureName = "punch-burst"
    /// App icon sizes in pixels; the picture for size N is named `icon-N`.
    public static let iconSizes = [256, 128, 64, 48, 32]
    public static func iconPictureName(size: Int) -> String { "icon-\(size)" }
    /// The built-in targets' pictures (1024 x 1024, transparent around the subject),
    /// named as `BuiltinTarget.assetName`.
    public static let targetPictureNames = [
        "alarm-clock", "printer", "inbox", "meeting", "loading-wheel", "coffee-pot", "wifi-router", "deadline",
    ]
    /// Every picture that ships.
    public static var pictureNames: [String] {
        targetPictureNames + [punchBurstPictureName] + iconSizes.map(iconPictureName(size:))
    }

    /// The PNG picture with this name (`alarm-clock`, `punch-burst`, `icon-64`...), or
    /// nil when the app was installed without its resource folder.
    public static func pictureURL(named name: String) -> URL? {
        file(named: name + ".png", in: "Pictures")
    }

    /// The WAV sound with this name (`punch-1`, `click`...), or nil when missing.
    public static func soundURL(named name: String) -> URL? {
        file(named: name + ".wav", in: "Sounds")
    }

    /// The resource folder in use, or nil when none is found (reinstall the app with
    /// its `StressPunch_Assets.resources` folder next to the binary).
    public static var resourceDirectory: URL? { locatedDirectory }

    private static func file(named fileName: String, in folder: String) -> URL? {
        guard let directory = locatedDirectory else { return nil }
        let url = directory.appendingPathComponent(folder, isDirectory: true).appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    // Found once: the answer cannot change while the app runs.
    private static let locatedDirectory: URL? = locateDirectory()

    private static func locateDirectory() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment[directoryEnvironmentVariable], !override.isEmpty {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            return holdsAssets(url) ? url : nil
        }
        // Checked by hand before Bundle.module, because on Linux Bundle.module stops
        // the process (fatalError) when neither this nor the build folder exists.
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let sibling = executable.deletingLastPathComponent().appendingPathComponent(resourceFolderName, isDirectory: true)
            if holdsAssets(sibling) { return sibling }
        }
        let bundled = Bundle.module.bundleURL
        return holdsAssets(bundled) ? bundled : nil
    }

    private static func holdsAssets(_ directory: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let pictures = directory.appendingPathComponent("Pictures", isDirectory: true).path
        return FileManager.default.fileExists(atPath: pictures, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
