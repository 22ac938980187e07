import Foundation
import Localization
import Pictures

/// The in-app picture picker's state: the folder being shown and what is in it,
/// listed on a background queue so a slow or huge folder never stalls a frame. It
/// shows folders and pictures only (by extension; the import checks the content),
/// and SVGs greyed, with a line saying they are not supported.
///
/// With a `root` (kiosk mode) it never shows anything outside that folder: paths
/// are compared after resolving symlinks and `..`, so neither leads out.
public final class PicturePicker: @unchecked Sendable {
    // @unchecked: `listed` is handed over under `lock`; the rest is main-thread state.
    public struct Entry: Sendable, Equatable {
        public let url: URL
        public let name: String
        public let isFolder: Bool
        /// Why this file cannot be chosen (shown greyed with this line), if it cannot.
        public var unsupported: String? = nil
    }

    /// Files listed greyed, with why they cannot be chosen: a user looking for one
    /// learns why it is not taken instead of finding it missing.
    /// (Made when asked, so it is in the language of the moment.)
    public static var unsupportedKinds: [String: String] {
        let svg = tr("SVG pictures are not supported")
        return ["svg": svg, "svgz": svg]
    }

    public static var pictureExtensions: Set<String> { PictureFiles.extensions }

    public private(set) var folder: URL
    /// The folder the picker may not leave (symlinks resolved), if any.
    public let root: URL?
    public private(set) var entries: [Entry] = []
    public private(set) var isListing = false
    /// Why the folder could not be read, for the screen to say.
    public private(set) var problem: String?

    private let queue = DispatchQueue(label: "stresspunch.picker", qos: .userInitiated)
    private let lock = NSLock()
    private var listed: (folder: URL, entries: [Entry], problem: String?)?

    public init(start: URL, root: URL? = nil) {
        self.root = root.map(Self.resolved)
        folder = start
        open(start)
    }

    /// `url` with symlinks and `..` resolved.
    public static func resolved(_ url: URL) -> URL {
        url.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Whether `url` (resolved) lies in `root`, or is it.
    public static func isInside(_ url: URL, root: URL?) -> Bool {
        guard let root else { return true }
        let path = resolved(url).path, rootPath = root.path
        return path == rootPath || path.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/")
    }

    /// Whether a picture may be chosen: inside the root, however it is named.
    public func allows(_ file: URL) -> Bool {
        Self.isInside(file, root: root)
    }

    /// The user's Pictures folder (XDG user dirs), else the home folder.
    public static func picturesFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        let config = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? home.appendingPathComponent(".config", isDirectory: true)
        // user-dirs.dirs holds lines like XDG_PICTURES_DIR="$HOME/Pictures".
        if let text = try? String(contentsOf: config.appendingPathComponent("user-dirs.dirs"), encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                let value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                let path = value.replacingOccurrences(of: "$HOME", with: home.path)
                var isFolder: ObjCBool = false
                if path.hasPrefix("/"), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    return URL(fileURLWithPath: path, isDirectory: true)
                }
            }
        }
        let pictures = home.appendingPathComponent("Pictures", isDirectory: true)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: pictures.path, isDirectory: &isFolder), isFolder.boolValue { return pictures }
        return home
    }

    /// Shows `folder` (its listing arrives on a later frame). A folder outside the
    /// root shows the root instead.
    public func open(_ newFolder: URL) {
        if let root {
            let resolved = Self.resolved(newFolder)
            folder = Self.isInside(resolved, root: root) ? resolved : root
        } else {
            folder = newFolder.standardizedFileURL
        }
        isListing = true
        let target = folder, root = self.root
        queue.async { [weak self] in
            let (entries, problem) = Self.list(target, root: root)
            guard let self else { return }
            self.lock.lock()
            self.listed = (target, entries, problem)
            self.lock.unlock()
        }
    }

    /// The folder above, if there is one.
    public var parent: URL? {
        if folder.path == "/" || folder.path == root?.path { return nil }
        return folder.deletingLastPathComponent()
    }

    /// The folder as the screen names it: under a root, relative to it.
    public var displayPath: String {
        guard let root else { return folder.path }
        let relative = folder.path.dropFirst(root.path.count)
        return root.lastPathComponent + relative
    }

    /// Takes a finished listing (main thread, once a frame).
    public func poll() {
        lock.lock()
        let result = listed
        listed = nil
        lock.unlock()
        guard let result, result.folder == folder else { return }
        entries = result.entries
        problem = result.problem
        isListing = false
    }

    /// Waits for the listing in flight (headless runs, which must not depend on timing).
    public func waitForListing() {
        queue.sync {}
        poll()
    }

    public static func list(_ folder: URL, root: URL? = nil) -> ([Entry], String?) {
        let keys: [URLResourceKey] = [.isDirectoryKey, .isHiddenKey]
        let contents: [URL]
        do {
            contents = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        } catch {
            // TRANSLATORS: %s is the system's reason ("Permission denied").
            return ([], tr("This folder cannot be read (%s).", error.localizedDescription))
        }
        var folders: [Entry] = [], pictures: [Entry] = []
        let unsupported = Self.unsupportedKinds
        for url in contents where isInside(url, root: root) {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
            if isFolder {
                folders.append(Entry(url: url, name: url.lastPathComponent, isFolder: true))
            } else if pictureExtensions.contains(url.pathExtension.lowercased()) {
                pictures.append(Entry(url: url, name: url.lastPathComponent, isFolder: false))
            } else if let why = unsupported[url.pathExtension.lowercased()] {
                pictures.append(Entry(url: url, name: url.lastPathComponent, isFolder: false, unsupported: why))
            }
        }
        let byName: (Entry, Entry) -> Bool = { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        return (folders.sorted(by: byName) + pictures.sorted(by: byName), nil)
    }
}
