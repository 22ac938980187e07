import Foundation
import TestSupport
import Testing

/// The checkout these tests were built from: this file is Tests/EndToEndTests/InstallTests.swift.
enum Checkout {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `make TARGET VARIABLES...` in the checkout, as a user would (not as a
    /// sub-make of the `make test` that may be running these tests).
    static func make(_ arguments: [String]) throws -> ProcessResult {
        try ToolProcess.run("/usr/bin/make", ["--no-print-directory"] + arguments, in: root, removing: ["MAKEFLAGS", "MFLAGS", "MAKELEVEL"])
    }

    /// The file names in one of the checkout's folders (`Assets/Pictures`...).
    static func fileNames(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted()
    }
}

/// Runs a program where the checkout, and so every build folder in it, cannot be seen:
/// in a mount namespace of its own (unshare), an empty read-only tmpfs is laid over the
/// checkout and over the folder of the built test binary. Only that program's view of
/// the files changes, so the tests running beside it still see everything, and nothing
/// is moved or renamed that a failure could leave behind. An installed app run this way
/// can only find what was installed.
enum HiddenCheckout {
    /// unshare's options that work here: a mount namespace as root, else one inside a
    /// user namespace; nil when neither can be made.
    static let unshareOptions: [String]? = {
        for options in [["--mount"], ["--map-root-user", "--mount"]] {
            let probe = try? ToolProcess.run("/usr/bin/unshare", options + ["/bin/sh", "-c", "mount -t tmpfs none /mnt"])
            if probe?.status == 0 { return options }
        }
        return nil
    }()

    static var isAvailable: Bool { unshareOptions != nil }

    /// The checkout, and the built binary's folder when it lies elsewhere.
    static var hiddenFolders: [String] {
        let root = Checkout.root.path
        let build = StressPunchProcess.executableURL.resolvingSymlinksInPath().deletingLastPathComponent().path
        return build.hasPrefix(root + "/") ? [root] : [root, build]
    }

    /// Exit status of the wrapper when a folder could not be hidden.
    static let couldNotHide: Int32 = 97

    /// Runs `program` from `directory` (which must lie outside the checkout), with
    /// `$STRESSPUNCH_ASSETS_DIR` unset.
    static func run(_ program: String, _ arguments: [String], in directory: URL) throws -> ProcessResult {
        let options = try #require(unshareOptions, "no mount namespace can be made here")
        // Every folder before "--" is covered and must then look empty; then the program runs.
        let script = """
            while [ "$1" != -- ]; do
                mount -t tmpfs -o ro,size=16k stresspunch-hidden "$1" && [ -z "$(ls -A "$1")" ] || exit \(couldNotHide)
                shift
            done
            shift
            exec "$@"
            """
        return try ToolProcess.run(
            "/usr/bin/unshare", options + ["/bin/sh", "-c", script, "hide"] + hiddenFolders + ["--", program] + arguments,
            in: directory, removing: ["STRESSPUNCH_ASSETS_DIR"])
    }
}

/// One screenshot of the main screen on a fresh library: the built-in target's picture
/// and the favorites' thumbnails show only when the app found its pictures.
struct MainScreenShot {
    let folder = TemporaryDirectory("shot")

    /// Runs `program` (default: the built binary) headless and returns the screenshot's bytes.
    func take(with program: String = StressPunchProcess.executableURL.path, hidden: Bool = false,
              environment: [String: String] = [:]) throws -> Data {
        let run = UUID().uuidString
        let shot = folder.file("\(run).png").path
        let script = folder.file("\(run).txt")
        try Data("0.5 screenshot \(shot)\n0.6 quit\n".utf8).write(to: script)
        let arguments = ["--headless", "--script", script.path, "--size", "800x450", "--data-dir", folder.file("data-\(run)").path]
        let result = hidden
            ? try HiddenCheckout.run(program, arguments, in: folder.url)
            : try ToolProcess.run(program, arguments, in: folder.url, environment: environment)
        #expect(result.status == 0, "\(program): \(result.standardError)")
        return try Data(contentsOf: URL(fileURLWithPath: shot))
    }
}

/// What `stresspunch --version` says, like "0.1.0".
func builtVersion() throws -> String {
    let result = try StressPunchProcess.run(["--version"])
    return String(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").last ?? "")
}

/// Checks the launcher (`applications/<app ID>.desktop`), the AppStream metadata, the
/// man page and the icons of an installed tree under `share` (`<DESTDIR><PREFIX>/share`).
func checkDesktopFiles(share: URL, launcher: String, manPage: String = "man/man1/stresspunch.1") throws {
    let manager = FileManager.default
    let appID = String(launcher.dropLast(".desktop".count))
    let launcherPath = share.appendingPathComponent("applications/\(launcher)").path

    let validated = try ToolProcess.run("/usr/bin/desktop-file-validate", [launcherPath])
    #expect(validated.status == 0 && (validated.standardOutput + validated.standardError).isEmpty,
            "desktop-file-validate: \(validated.standardOutput)\(validated.standardError)")
    let entry = try String(contentsOfFile: launcherPath, encoding: .utf8)
    #expect(entry.contains("\nIcon=\(appID)\n") && entry.contains("\nExec=stresspunch\n"), "\(entry)")
    // Translated from the catalogs (msgfmt --desktop and --xml), each catalog installed.
    let languages = try String(contentsOf: Checkout.root.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
        .split(whereSeparator: \.isWhitespace).map(String.init)
    #expect(languages.count >= 6)
    for language in languages {
        #expect(entry.contains("\nComment[\(language)]=") && entry.contains("\nKeywords[\(language)]="), "\(language): \(entry)")
        #expect(manager.fileExists(atPath: share.appendingPathComponent("locale/\(language)/LC_MESSAGES/stresspunch.mo").path),
                "the \(language) catalog is not installed")
    }

    let metainfo = share.appendingPathComponent("metainfo/\(appID).metainfo.xml")
    let appstream = try ToolProcess.run("/usr/bin/appstreamcli", ["validate", "--no-net", metainfo.path])
    let complaints = appstream.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
    #expect(appstream.status == 0 && complaints.isEmpty, "appstreamcli: \(appstream.standardOutput)\(appstream.standardError)")
    let metadata = try String(contentsOf: metainfo, encoding: .utf8)
    for language in languages {
        #expect(metadata.contains("<summary xml:lang=\"\(language)\">"), "the listing has no \(language) summary")
    }
    #expect(metadata.contains("<id>\(appID)</id>") && metadata.contains("<launchable type=\"desktop-id\">\(launcher)</launchable>"))
    let version = try builtVersion()
    #expect(metadata.contains("<release version=\"\(version)\""), "the newest release in the metadata is not --version's")
    #expect(metadata.components(separatedBy: "<screenshot").count - 1 >= 3, "too few screenshots")
    #expect(!metadata.contains("@"), "a placeholder was not filled in")

    // Every shipped icon size, from 16 to 512, in the hicolor theme, byte for byte.
    let sizes = Checkout.fileNames(in: "Assets/Pictures").compactMap { name -> Int? in
        guard name.hasPrefix("icon-"), name.hasSuffix(".png") else { return nil }
        return Int(name.dropFirst("icon-".count).dropLast(".png".count))
    }
    #expect(sizes.contains(16) && sizes.contains(512), "\(sizes)")
    for size in sizes {
        let installed = share.appendingPathComponent("icons/hicolor/\(size)x\(size)/apps/\(appID).png")
        let shipped = Checkout.root.appendingPathComponent("Assets/Pictures/icon-\(size).png")
        #expect(manager.contents(atPath: installed.path) == manager.contents(atPath: shipped.path), "icon \(size) px")
    }

    #expect(manager.fileExists(atPath: share.appendingPathComponent(manPage).path), "no \(manPage)")
}

@Suite("Installing: make install and uninstall, the desktop files, the man page and the .deb", .serialized)
struct InstallTests {
    @Test("the man page describes every command and option of --help, carries its version, and has no groff warnings")
    func manPageCoversUsage() throws {
        let help = try StressPunchProcess.run(["--help"]).standardOutput
        let page = Checkout.root.appendingPathComponent("packaging/stresspunch.1").path
        let rendered = try ToolProcess.run("/usr/bin/groff", ["-man", "-Tascii", "-P-cbou", "-ww", "-rHY=0", page])
        #expect(rendered.status == 0 && rendered.standardError.isEmpty, "groff: \(rendered.standardError)")
        // Lines joined again, so an option broken at one of its hyphens is found whole.
        let text = rendered.standardOutput.replacingOccurrences(of: #"-\n\s*"#, with: "-", options: .regularExpression)
            .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)

        let options = Set(help.matches(of: /--[a-z][a-z-]*[a-z]/).map { String($0.output) })
        #expect(options.count > 15, "the options were not read from --help: \(options)")
        let missingOptions = options.filter { !text.contains($0) }.sorted()
        #expect(missingOptions.isEmpty, "the man page does not describe \(missingOptions)")
        // Every command of the usage, as its words before the first option or value:
        // "targets add", "kiosk set-pin", "stats"...
        let commands = Set(help.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.first == "stresspunch" else { return nil }
            let command = words.dropFirst().prefix { $0.wholeMatch(of: /[a-z][a-z-]*/) != nil }.prefix(2)
            return command.isEmpty ? nil : command.joined(separator: " ")
        })
        #expect(commands.count > 10, "the commands were not read from --help: \(commands)")
        let missingCommands = commands.filter { !text.contains($0) }.sorted()
        #expect(missingCommands.isEmpty, "the man page does not describe \(missingCommands)")
        let source = try String(contentsOfFile: page, encoding: .utf8)
        let version = try builtVersion()
        #expect(source.contains("\"StressPunch \(version)\""), "the man page's header is not for --version's version")
    }

    @Test("make install lays out a tree that runs with the checkout and build folder hidden, and make uninstall removes it",
          .enabled(if: HiddenCheckout.isAvailable, "needs a mount namespace (unshare) to hide the checkout from the installed app"))
    func installAndUninstall() throws {
        let destination = TemporaryDirectory("destdir")
        try #require(!destination.url.path.hasPrefix(Checkout.root.path + "/"), "the temporary folder lies inside the checkout")
        let variables = ["DESTDIR=\(destination.url.path)", "PREFIX=/usr"]
        let install = try Checkout.make(["install"] + variables)
        try #require(install.status == 0, "make install: \(install.standardError)")

        let prefix = destination.url.appendingPathComponent("usr")
        let binary = prefix.appendingPathComponent("bin/stresspunch").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let data = prefix.appendingPathComponent("share/stresspunch")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("Pictures").path).sorted()
                == Checkout.fileNames(in: "Assets/Pictures"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("Sounds").path).sorted()
                == Checkout.fileNames(in: "Assets/Sounds"))
        let share = prefix.appendingPathComponent("share")
        let launchers = try FileManager.default.contentsOfDirectory(atPath: share.appendingPathComponent("applications").path)
        #expect(launchers.count == 1 && launchers[0].hasSuffix(".desktop"), "\(launchers)")
        try checkDesktopFiles(share: share, launcher: try #require(launchers.first))

        // The installed app, seeing neither the checkout nor the build folder, shows the
        // same screen as the built one: it found its pictures where it was installed.
        let shots = MainScreenShot()
        let built = try shots.take()
        let withoutAssets = try shots.take(environment: ["STRESSPUNCH_ASSETS_DIR": shots.folder.url.path])
        #expect(built != withoutAssets, "the screenshot does not show whether the pictures were found")
        #expect(try shots.take(with: binary, hidden: true) == built, "the installed app did not find its pictures")
        // Started through a symlink elsewhere, as a user's ~/bin might hold it.
        let link = destination.file("elsewhere/stresspunch")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: binary)
        #expect(try shots.take(with: link.path, hidden: true) == built, "through a symlink, the app did not find its pictures")
        // And its catalogs, under <prefix>/share/locale.
        let german = try HiddenCheckout.run("/usr/bin/env", ["LANG=de_DE.UTF-8", binary, "--help"], in: shots.folder.url)
        #expect(german.status == 0 && german.standardOutput.contains("Aufruf:"), "the installed app is not German: \(german.standardOutput)")
        let list = try HiddenCheckout.run(binary, ["--data-dir", shots.folder.file("listed").path, "targets", "list", "--json"], in: shots.folder.url)
        #expect(list.status == 0 && list.standardOutput.components(separatedBy: "\"builtin\":true").count - 1 == 8, "\(list.standardError)")
        // Without its share folder, the installed binary does not fall back on the checkout
        // (still there for this run): that fallback is compiled out of it.
        let bare = destination.file("bare/bin/stresspunch")
        try FileManager.default.createDirectory(at: bare.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: binary, toPath: bare.path)
        #expect(try shots.take(with: bare.path) == withoutAssets, "the installed binary found pictures it was not installed with")

        let uninstall = try Checkout.make(["uninstall"] + variables)
        #expect(uninstall.status == 0, "make uninstall: \(uninstall.standardError)")
        let left = FileManager.default.enumerator(atPath: prefix.path)?.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        } ?? []
        #expect(left.isEmpty, "make uninstall left \(left)")
    }

    /// Whether this machine already has StressPunch installed system-wide (the test
    /// would replace it and then remove it).
    static var alreadyInstalled: Bool {
        let status = try? ToolProcess.run("/usr/bin/dpkg-query", ["-W", "-f=${db:Status-Status}", "stresspunch"])
        return status?.status == 0 && status?.standardOutput != "not-installed"
            || FileManager.default.fileExists(atPath: "/usr/bin/stresspunch")
    }

    @Test("make deb builds a package that dpkg installs, whose app runs with the checkout hidden, and dpkg -r removes it all",
          .enabled(if: getuid() == 0, "installs a .deb on this machine with dpkg -i, which needs root"),
          .disabled(if: alreadyInstalled, "stresspunch is already installed on this machine; the test would replace it"),
          .enabled(if: HiddenCheckout.isAvailable, "needs a mount namespace (unshare) to hide the checkout from the installed app"))
    func debianPackage() throws {
        let made = try Checkout.make(["deb"])
        try #require(made.status == 0, "make deb: \(made.standardError)")
        let lastLine = made.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasSuffix(".deb") && lastLine.hasPrefix("/"), "the last line of make deb is not the package's path: \(lastLine)")
        try #require(FileManager.default.fileExists(atPath: lastLine), "no package at \(lastLine)")
        let package = URL(fileURLWithPath: lastLine)
        let size = (try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int) ?? 0
        print("make deb: \(package.lastPathComponent), \(size / 1024) KiB")

        func field(_ name: String) throws -> String {
            try ToolProcess.run("/usr/bin/dpkg-deb", ["-f", package.path, name]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try field("Package") == "stresspunch")
        #expect(try field("Version") == builtVersion())
        let depends = try field("Depends")
        for library in ["libc6", "libsdl2-2.0-0", "libsdl2-image-2.0-0", "libsdl2-mixer-2.0-0", "libsdl2-ttf-2.0-0", "libsqlite3-0", "libsodium23",
                        "libturbojpeg0", "libwebp7", "libpq5"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        #expect(!depends.contains("swift"), "the package depends on the Swift toolchain: \(depends)")
        #expect(try field("Recommends").contains("fonts-dejavu-core") && field("Recommends").contains("fonts-noto-color-emoji"))

        // From here on the machine is changed: whatever happens, the package is removed again.
        var installed = true
        defer {
            if installed { _ = try? ToolProcess.run("/usr/bin/dpkg", ["-r", "stresspunch"]) }
        }
        let start = Date()
        let install = try ToolProcess.run("/usr/bin/dpkg", ["-i", package.path], environment: ["DEBIAN_FRONTEND": "noninteractive"])
        try #require(install.status == 0, "dpkg -i: \(install.standardOutput)\(install.standardError)")
        print("dpkg -i took \(String(format: "%.1f", Date().timeIntervalSince(start))) s")

        let shots = MainScreenShot()
        #expect(try shots.take(with: "/usr/bin/stresspunch", hidden: true) == shots.take(), "the installed app did not find its pictures")
        let list = try HiddenCheckout.run("/usr/bin/stresspunch", ["--data-dir", shots.folder.file("listed").path, "targets", "list", "--json"],
                                          in: shots.folder.url)
        #expect(list.status == 0 && list.standardOutput.components(separatedBy: "\"builtin\":true").count - 1 == 8, "\(list.standardError)")
        let owned = try ToolProcess.run("/usr/bin/dpkg", ["-L", "stresspunch"]).standardOutput.split(separator: "\n").map(String.init)
        let launcher = try #require(owned.first { $0.hasPrefix("/usr/share/applications/") && $0.hasSuffix(".desktop") }, "\(owned)")
        try checkDesktopFiles(share: URL(fileURLWithPath: "/usr/share"), launcher: URL(fileURLWithPath: launcher).lastPathComponent,
                              manPage: "man/man1/stresspunch.1.gz")
        let manual = try ToolProcess.run("/usr/bin/man", ["-w", "stresspunch"])
        #expect(manual.standardOutput.hasPrefix("/usr/share/man/man1/stresspunch.1"), "man does not find the page: \(manual.standardError)")

        let removeStart = Date()
        let remove = try ToolProcess.run("/usr/bin/dpkg", ["-r", "stresspunch"])
        installed = remove.status != 0
        #expect(remove.status == 0, "dpkg -r: \(remove.standardError)")
        print("dpkg -r took \(String(format: "%.1f", Date().timeIntervalSince(removeStart))) s")
        #expect(!Self.alreadyInstalled, "dpkg still knows the package")
        let remaining = owned.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(remaining.isEmpty, "dpkg -r left \(remaining)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/stresspunch"))
    }
}
