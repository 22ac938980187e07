// The stresspunch executable: reads the command line, wires the modules together and
// runs either a `targets` command or the app. Exit 0 on success, 1 on a runtime
// error, 2 on a usage error; errors are one line on stderr starting "stresspunch: ".

import AppShell
import CommandLineInterface
import Foundation
import Kiosk
import OperatorLock
import PictureCodecs
import Pictures
import Platform
import StressCore
import TargetStore

let version = "0.1.0"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(message))\n".utf8))
    exit(status)
}

/// Opens the library, saying once on stderr what it found broken and repaired.
func openLibrary(_ dataDirectory: URL) throws(TargetStoreError) -> TargetStore {
    let store = try TargetStore(dataDirectory: dataDirectory)
    if !store.repairs.isEmpty {
        FileHandle.standardError.write(Data("stresspunch: repaired the library: \(store.repairs.joined(separator: "; "))\n".utf8))
    }
    return store
}

// Everything this process creates (the library, its pictures, backups) is the user's
// alone: the library holds the kiosk PIN's hash.
umask(0o077)

/// A kiosk needs its operator PIN (or nobody could quit or manage it) and, when one
/// was named, its pictures folder.
func checkKiosk(_ options: AppOptions) {
    guard options.kiosk else { return }
    if let folder = options.kioskPictures {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            fail("--kiosk-pictures \(folder.path) is not a folder; create it or name another", status: 1)
        }
    }
    do {
        // Opened as the app opens it: a full or failing disk gives a read-only library
        // (the app then says why), never a kiosk that does not come up.
        let store = try TargetStore(dataDirectory: options.dataDirectory, deferringSweep: true, readingWhenUnwritable: true)
        guard OperatorPIN(store: store).isSet else {
            fail("kiosk mode needs an operator PIN, or nobody could quit or manage the kiosk; "
                 + "set one with 'stresspunch kiosk set-pin' and start again", status: 1)
        }
    } catch {
        fail(error.commandLine, status: 1)
    }
}

let parser = CommandLineParser(
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))

let invocation: Invocation
do {
    invocation = try parser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.message) (usage: \(error.usage); see stresspunch --help)", status: 2)
}

switch invocation {
case .help:
    print(Usage.full)
case .version:
    print("stresspunch \(version)")
case .targets(.addFolder(let folder, let message), let dataDirectory):
    do {
        let report = try FolderAddRunner(store: openLibrary(dataDirectory)).run(folder: folder, message: message)
        for refused in report.refused {
            // File names come from outside: one holding a newline must not forge a line.
            FileHandle.standardError.write(Data("stresspunch: skipped \(DiagnosticText.oneLine(refused.file)): \(DiagnosticText.oneLine(refused.reason))\n".utf8))
        }
        let added = report.added.count
        print("added \(added) target\(added == 1 ? "" : "s") from \(DiagnosticText.oneLine(folder.path))"
              + (report.refused.isEmpty ? "" : "; \(report.refused.count) file\(report.refused.count == 1 ? " was" : "s were") refused (see above)"))
        // Some pictures refused: the rest are added, and the exit status says not all were.
        if !report.refused.isEmpty { exit(1) }
        if added == 0 { fail("no pictures in \(folder.path) (PNG, JPEG, GIF, BMP or WebP); name a folder that has some", status: 1) }
    } catch {
        fail(error.commandLine, status: 1)
    }
case .targets(let command, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        print(try TargetsCommandRunner(store: store).run(command))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .stats(let json, let days, let dataDirectory):
    do {
        print(try StatsCommandRunner(store: openLibrary(dataDirectory)).run(json: json, days: days))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .settings(let command, let dataDirectory):
    do {
        print(try SettingsCommandRunner(store: openLibrary(dataDirectory)).run(command))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .setKioskPIN(let dataDirectory):
    // The PIN comes from standard input: a prompt (without echo) on a terminal, one
    // line from a pipe. Arguments would leave it in shell history and `ps`.
    let interactive = isatty(STDIN_FILENO) == 1
    var secret: String?
    if interactive {
        secret = getpass("New operator PIN (6 to 12 digits; 4 or 5 are accepted but quickly guessed): ").map { String(cString: $0) }
    } else {
        secret = readLine(strippingNewline: true)
    }
    guard let secret else { fail("no PIN on standard input; pipe one in or run in a terminal", status: 1) }
    do {
        let pin = OperatorPIN(store: try openLibrary(dataDirectory))
        try pin.set(secret)
        print("operator PIN set; kiosk mode asks for it to manage, change or quit")
        if OperatorPIN.isShort(secret) {
            FileHandle.standardError.write(Data("stresspunch: a PIN of \(OperatorPIN.suggestedDigits) or more digits is much harder to guess; set a longer one with 'stresspunch kiosk set-pin'\n".utf8))
        }
    } catch let error as OperatorPINError {
        fail(error.description, status: 1)
    } catch let error as TargetStoreError {
        fail(error.commandLine, status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .setKioskIdle(let seconds, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        try store.setSettings([KioskPreferences.idleSecondsKey: String(seconds)])
        print("the kiosk resets after \(KioskPreferences.describe(seconds: seconds)) without input")
    } catch {
        fail(error.commandLine, status: 1)
    }
case .setKioskDefault(let id, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        guard let target = try store.allTargets().first(where: { $0.id == id }) else {
            fail("there is no target \(id); 'stresspunch targets list' shows the IDs", status: 1)
        }
        try store.setSettings([KioskPreferences.defaultTargetKey: String(id)])
        print("the kiosk returns to “\(target.name)” when idle")
    } catch {
        fail(error.commandLine, status: 1)
    }
case .resetKioskLockout(let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        try OperatorPIN(store: store).resetLockout()
        print("the PIN pad's lockout is cleared: the operator can try the PIN again now")
    } catch let error as OperatorPINError {
        fail(error.description, status: 1)
    } catch let error as TargetStoreError {
        fail(error.commandLine, status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .exportLibrary(let file, let withPIN, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        let counts = try LibraryArchive.export(store, to: file, withPIN: withPIN)
        print("exported \(counts.targets) targets and \(counts.pictures) pictures to \(file.path)"
              + (withPIN ? " (with the operator PIN's hash: keep the file private)" : ""))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .importLibrary(let file, let replace, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        let report = try LibraryArchive.importArchive(file, into: store, importer: PictureImporter(codec: SDLPictureCodec()), replace: replace)
        print(replace ? "replaced the library with \(report.added) targets from \(file.path)"
                      : "added \(report.added) targets from \(file.path)")
        for skipped in report.skipped { print("skipped \(DiagnosticText.oneLine(skipped))") }
    } catch {
        fail(error.commandLine, status: 1)
    }
case .restoreBackup(let file, let dataDirectory):
    // The running app keeps the library file it opened: one swapped under it would
    // take every later save of the app into the file set aside.
    if let holder = InstanceLock.holder(dataDirectory: dataDirectory) {
        fail("StressPunch is running on this library (process \(holder.processID)); quit it, then run this again", status: 1)
    }
    do {
        let result = try LibraryBackups.restore(file, into: dataDirectory)
        print("restored the library from \(result.backup.path) (\(LibraryBackups.day(of: result.backup)))"
              + (result.movedAside.map { "; the one it replaced is kept as \($0.path)" } ?? ""))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .headless(let script, let options):
    checkKiosk(options)
    do {
        try HeadlessRunner(script: script, options: options).run()
    } catch let error as ScriptError {
        fail(error.description + "; nothing was run", status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .app(let options):
    // One app on a library: a second launch brings the first one's window to the front.
    var instanceLock: InstanceLock?
    switch InstanceLock.acquire(dataDirectory: options.dataDirectory) {
    case .acquired(let lock):
        instanceLock = lock
    case .held(let holder):
        if let window = holder.window, SDLWindow.bringToFront(x11Window: window) {
            FileHandle.standardError.write(Data(
                "stresspunch: StressPunch is already running on this library (process \(holder.processID)); its window is in front now\n".utf8))
            exit(0)
        }
        fail("StressPunch is already running on this library (process \(holder.processID)); switch to its window, "
             + "or quit it and start again", status: 1)
    case .unavailable:
        break
    }
    checkKiosk(options)
    do {
        try AppRunner(options: options, instanceLock: instanceLock).run()
    } catch {
        fail(String(describing: error), status: 1)
    }
}
