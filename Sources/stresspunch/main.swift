// The stresspunch executable: reads the command line, wires the modules together and
// runs either a `targets` command or the app. Exit 0 on success, 1 on a runtime
// error, 2 on a usage error; errors are one line on stderr starting "stresspunch: ".

import AppShell
import CommandLineInterface
import Foundation
import Kiosk
import LaunchOptions
import Localization
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
    // What the command says from here on is in the library's `language` setting.
    if let language = try? store.setting(.user(.language)), let note = Localization.use(setting: language) {
        FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
    }
    if !store.repairs.isEmpty {
        // TRANSLATORS: %s lists what was repaired, each said in its own message, separated by "; ".
        FileHandle.standardError.write(Data("stresspunch: \(tr("repaired the library: %s", store.repairs.joined(separator: "; ")))\n".utf8))
    }
    return store
}

// The environment's language (LANG, LC_MESSAGES, LANGUAGE) for everything said before
// a library is open; the library's `language` setting takes over once it is. A
// catalog refused for its own sake (a plural rule that divides by zero) is said.
if let note = Localization.start() { FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8)) }

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
            // TRANSLATORS: %s is the folder given with --kiosk-pictures.
            fail(tr("--kiosk-pictures %s is not a folder; create it or name another", folder.path), status: 1)
        }
    }
    do {
        // Opened as the app opens it: a full or failing disk gives a read-only library
        // (the app then says why), never a kiosk that does not come up.
        let store = try TargetStore(dataDirectory: options.dataDirectory, deferringSweep: true, readingWhenUnwritable: true)
        guard OperatorPIN(store: store).isSet else {
            fail(tr("kiosk mode needs an operator PIN, or nobody could quit or manage the kiosk; set one with 'stresspunch kiosk set-pin' and start again"),
                 status: 1)
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
    if error.usage.isEmpty {
        // TRANSLATORS: a usage error whose %s already says what to type (a command's subcommands).
        fail(tr("%s (see stresspunch --help)", error.message), status: 2)
    }
    // TRANSLATORS: a usage error: the first %s says what was wrong, the second is the command's synopsis (syntax, in English).
    fail(tr("%s (usage: %s; see stresspunch --help)", error.message, error.usage), status: 2)
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
            // TRANSLATORS: `targets add --image DIR` left a file out: its name, then why.
            let line = tr("skipped %s: %s", DiagnosticText.oneLine(refused.file), DiagnosticText.oneLine(refused.reason))
            FileHandle.standardError.write(Data("stresspunch: \(line)\n".utf8))
        }
        let added = report.added.count
        // TRANSLATORS: `targets add --image DIR`: %d is how many targets were added, %s the folder.
        let addedLine = trn("added %d target from %s", "added %d targets from %s", added, DiagnosticText.oneLine(folder.path))
        if report.refused.isEmpty {
            print(addedLine)
        } else {
            // TRANSLATORS: `targets add --image DIR` when some files were refused: %2$s is the line "added 3 targets from FOLDER",
            // %1$d how many files were refused (each was said on a line of its own above).
            print(trn("%2$s; %1$d file was refused (see above)", "%2$s; %1$d files were refused (see above)", report.refused.count, addedLine))
        }
        // Some pictures refused: the rest are added, and the exit status says not all were.
        if !report.refused.isEmpty { exit(1) }
        // TRANSLATORS: %s is the folder given with --image.
        if added == 0 { fail(tr("no pictures in %s (PNG, JPEG, GIF, BMP or WebP); name a folder that has some", folder.path), status: 1) }
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
case .fleet(let command, let dataDirectory):
    FleetCommandRunner.run(command, dataDirectory: dataDirectory)
case .setKioskPIN(let dataDirectory):
    // The PIN comes from standard input: a prompt (without echo) on a terminal, one
    // line from a pipe. Arguments would leave it in shell history and `ps`.
    let interactive = isatty(STDIN_FILENO) == 1
    var secret: String?
    if interactive {
        // TRANSLATORS: the prompt of `kiosk set-pin` on a terminal; the PIN is typed after it, unseen.
        secret = getpass(tr("New operator PIN (6 to 12 digits; 4 or 5 are accepted but quickly guessed): ")).map { String(cString: $0) }
    } else {
        secret = readLine(strippingNewline: true)
    }
    guard let secret else { fail(tr("no PIN on standard input; pipe one in or run in a terminal"), status: 1) }
    do {
        let pin = OperatorPIN(store: try openLibrary(dataDirectory))
        try pin.set(secret)
        print(tr("operator PIN set; kiosk mode asks for it to manage, change or quit"))
        if OperatorPIN.isShort(secret) {
            // TRANSLATORS: %d is the digits a PIN should have (6).
            let advice = trn("a PIN of %d or more digit is much harder to guess; set a longer one with 'stresspunch kiosk set-pin'",
                             "a PIN of %d or more digits is much harder to guess; set a longer one with 'stresspunch kiosk set-pin'",
                             OperatorPIN.suggestedDigits)
            FileHandle.standardError.write(Data("stresspunch: \(advice)\n".utf8))
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
        // TRANSLATORS: %s is a time, such as "90 s" or "2 min".
        print(tr("the kiosk resets after %s without input", KioskPreferences.describe(seconds: seconds)))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .setKioskDefault(let id, let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        guard let target = try store.allTargets().first(where: { $0.id == id }) else {
            // TRANSLATORS: %s is the target ID given.
            fail(tr("there is no target %s; 'stresspunch targets list' shows the IDs", id), status: 1)
        }
        try store.setSettings([KioskPreferences.defaultTargetKey: String(id)])
        // TRANSLATORS: %s is the target's name.
        print(tr("the kiosk returns to “%s” when idle", target.name))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .resetKioskLockout(let dataDirectory):
    do {
        let store = try openLibrary(dataDirectory)
        try OperatorPIN(store: store).resetLockout()
        print(tr("the PIN pad's lockout is cleared: the operator can try the PIN again now"))
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
        if withPIN {
            // TRANSLATORS: `library export`: how many targets, how many pictures, the archive file. The English says "1 pictures" too.
            print(tr("exported %d targets and %d pictures to %s (with the operator PIN's hash: keep the file private)", counts.targets, counts.pictures, file.path))
        } else {
            // TRANSLATORS: `library export`: how many targets, how many pictures, the archive file. The English says "1 pictures" too.
            print(tr("exported %d targets and %d pictures to %s", counts.targets, counts.pictures, file.path))
        }
        // An archive that silently lacks a picture loses that target at import: each
        // is named, and the export counts as not done (exit 1), as tar does.
        for (target, reason) in counts.leftOut {
            // TRANSLATORS: `library export`: %1$s is a target's name, %2$s why its picture was left out ("…/images/x.jpg is a symbolic link, not a picture file").
            FileHandle.standardError.write(Data(("stresspunch: " + tr("left out the picture of “%1$s”: %2$s; that target will not import from this archive; put its picture back with 'targets edit' and export again",
                                                                     DiagnosticText.oneLine(target), DiagnosticText.oneLine(reason)) + "\n").utf8))
        }
        if !counts.leftOut.isEmpty { exit(1) }
    } catch {
        fail(error.commandLine, status: 1)
    }
case .importLibrary(let file, let replace, let dataDirectory):
    do {
        // Replacing every row under a running app would lose its later punches.
        if replace { try LibraryHold.take(dataDirectory) }
        for line in try ImportArchiveRunner(store: openLibrary(dataDirectory)).run(file: file, replace: replace) { print(line) }
    } catch {
        fail(error.commandLine, status: 1)
    }
case .restoreBackup(let file, let confirmed, let dataDirectory):
    do {
        print(try RestoreBackupRunner(dataDirectory: dataDirectory).run(file: file, confirmed: confirmed))
    } catch {
        fail(error.commandLine, status: 1)
    }
case .headless(let script, let options):
    checkKiosk(options)
    do {
        try HeadlessRunner(script: script, options: options).run()
    } catch let error as ScriptError {
        // TRANSLATORS: %s is what is wrong with the script of a headless run.
        fail(tr("%s; nothing was run", error.description), status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .app(let options):
    // Before SDL or any thread starts: a quit signal at rest wakes the loop at once.
    QuitSignals.install()
    // One app on a library: a second launch brings the first one's window to the front.
    var instanceLock: InstanceLock?
    switch InstanceLock.acquire(dataDirectory: options.dataDirectory) {
    case .acquired(let lock):
        instanceLock = lock
    case .held(let holder):
        // Only a window of the holder's own (its _NET_WM_PID, our class): the id in the
        // lock file is whatever the holder wrote, and could name anybody's window.
        if let window = holder.window, SDLWindow.bringToFront(x11Window: window, ownedBy: holder.processID) {
            // TRANSLATORS: %s is the running app's process ID.
            let note = tr("StressPunch is already running on this library (process %s); its window is in front now", holder.processID)
            FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
            exit(0)
        }
        // TRANSLATORS: %s is the running app's process ID.
        fail(tr("StressPunch is already running on this library (process %s); switch to its window, or quit it and start again", holder.processID),
             status: 1)
    case .refused(let refusal):
        fail(refusal, status: 1)
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
