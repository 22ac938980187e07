// Assets owns the files that ship with the app: the built-in target pictures, the
// punch sprite, the app icon and the sounds, all made by `swift run asset-forge` and
// committed. It only finds them; it must not decode, draw or generate anything.

import Foundation
import StressCore

/// Where the shipped pictures and sounds are. `Bundle.module` is internal to this
/// module, so the rest of the app asks here and gets plain file URLs.
///
/// SwiftPM copies `Pictures/` and `Sounds/` into a folder named
/// `StressPunch_Assets.resources` beside the built products; `make install` copies
/// them into `<prefix>/share/stresspunch/`. The files are looked for, in order:
/// 1. in `$STRESSPUNCH_ASSETS_DIR`, when set (for packagers and tests);
/// 2. next to the running executable, symlinks resolved, then next to the path it was
///    started by: where `swift run` and `swift test` find them in `.build/<configuration>`;
/// 3. in `<executable's folder>/../share/stresspunch`, symlinks resolved: the installed
///    layout (`/usr/bin/stresspunch` and `/usr/share/stresspunch/`), wherever the
///    prefix is;
/// 4. in the source checkout's `Assets/` folder (the same files), for a development
///    binary copied away from its build folder. Compiled out of the installed build
///    (`-DSTRESSPUNCH_INSTALLED_BUILD`, set by `make install`), so an installed app
///    never leans on a checkout that happens to be on the machine.
///
/// On Linux `Bundle.module` is not used: it looks in the executable's folder (2) and
/// then an absolute build path, and stops the process with `fatalError` when neither
/// exists. Checking by hand turns a missing folder into `nil`, which the app can
/// report. Elsewhere (macOS) `Bundle.module` is the fallback.
public enum AssetCatalog {
    /// The name SwiftPM gives this target's resource folder: `<package>_<target>.resources`.
    public static let resourceFolderName = "StressPunch_Assets.resources"
    /// Overrides where the resource folder is; it must hold `Pictures/` and `Sounds/`.
    public static let directoryEnvironmentVariable = "STRESSPUNCH_ASSETS_DIR"
    /// Where an installed app keeps them, relative to the folder of its executable.
    public static let installedDirectory = "../share/stresspunch"

    /// The fist's punch sounds (their names are StressCore's `SoundNames`).
    public static var punchSoundNames: [String] { SoundNames.punches }
    /// Every tool's sounds, two or more each (`PunchTool.soundNames`).
    public static var toolSoundNames: [String] { SoundNames.tools }
    public static var soundNames: [String] { SoundNames.all }

    /// The comic "POW" sprite drawn where a punch lands (512 x 512, transparent).
    public static let punchBurstPictureName = "punch-burst"
    /// App icon sizes in pixels, the hicolor theme's from 16 to 512; the picture for
    /// size N is named `icon-N`.
    public static let iconSizes = [512, 256, 128, 96, 64, 48, 32, 24, 22, 16]
    /// The size the window shows as its icon (window managers scale it for their lists).
    public static let windowIconSize = 128
    public static func iconPictureName(size: Int) -> String { "icon-\(size)" }
    /// The built-in targets' pictures (1024 x 1024, transparent around the subject),
    /// named as `BuiltinTarget.assetName`.
    public static let targetPictureNames = [
        "alarm-clock", "printer", "inbox", "meeting", "loading-wheel", "coffee-pot", "wifi-router", "deadline",
    ]
    /// The tools' pictures: each tool but the fist has a sprite (512 x 512); every tool
    /// has a piece its impact throws (128 x 128) and an icon (256 x 256); the fist and
    /// the slap share a speed line and the tomato has a seed besides. Named as
    /// `PunchTool.spritePictureName`, `bitPictureName`, `iconPictureName` and
    /// `secondBitPictureName`.
    public static var toolPictureNames: [String] {
        PunchTool.allCases.flatMap { tool in
            (tool == .fist ? [] : [tool.spritePictureName]) + [tool.iconPictureName] + (tool.bitPictureName.map { [$0] } ?? [])
        } + Array(Set(PunchTool.allCases.compactMap(\.secondBitPictureName))).sorted()
    }
    /// Every picture that ships.
    public static var pictureNames: [String] {
        targetPictureNames + [punchBurstPictureName] + toolPictureNames + iconSizes.map(iconPictureName(size:))
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
    /// `make install`, or put its `StressPunch_Assets.resources` folder next to the binary).
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
            // An explicit override is trusted alone: falling back would hide a typo.
            let url = URL(fileURLWithPath: override, isDirectory: true)
            return holdsAssets(url) ? url : nil
        }
        var siblingFolders: [URL] = []
        var installedFolders: [URL] = []
        if let executable = Bundle.main.executableURL {
            let resolved = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            siblingFolders = [resolved, executable.deletingLastPathComponent()]
            installedFolders = [resolved.appendingPathComponent(installedDirectory, isDirectory: true).standardizedFileURL]
        }
        let candidates = siblingFolders.map { $0.appendingPathComponent(resourceFolderName, isDirectory: true) } + installedFolders
        if let found = candidates.first(where: holdsAssets) { return found }
        #if !STRESSPUNCH_INSTALLED_BUILD
        // Assets/AssetCatalog.swift sits in the folder that holds Pictures/ and Sounds/.
        let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        if holdsAssets(sourceFolder) { return sourceFolder }
        #endif
        #if os(Linux)
        return nil
        #else
        let bundled = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        return holdsAssets(bundled) ? bundled : nil
        #endif
    }

    private static func holdsAssets(_ directory: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let pictures = directory.appendingPathComponent("Pictures", isDirectory: true).path
        return FileManager.default.fileExists(atPath: pictures, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
