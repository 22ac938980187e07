// The stresspunch executable: reads the command line, wires the modules together and
// runs either a `targets` command or the app. Exit 0 on success, 1 on a runtime
// error, 2 on a usage error; errors are one line on stderr starting "stresspunch: ".

import AppShell
import Foundation
import OperatorLock
import StressPunchApp
import TargetStore

let version = "0.1.0"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("stresspunch: \(message)\n".utf8))
    exit(status)
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
case .targets(let command, let dataDirectory):
    do {
        let store = try TargetStore(dataDirectory: dataDirectory)
        print(try TargetsCommandRunner(store: store).run(command))
    } catch {
        fail(error.description, status: 1)
    }
case .setKioskPIN(let dataDirectory):
    // The PIN comes from standard input: a prompt (without echo) on a terminal, one
    // line from a pipe. Arguments would leave it in shell history and `ps`.
    let interactive = isatty(STDIN_FILENO) == 1
    var secret: String?
    if interactive {
        secret = getpass("New operator PIN (4 to 12 digits): ").map { String(cString: $0) }
    } else {
        secret = readLine(strippingNewline: true)
    }
    guard let secret else { fail("no PIN on standard input; pipe one in or run in a terminal", status: 1) }
    do {
        let pin = OperatorPIN(store: try TargetStore(dataDirectory: dataDirectory))
        try pin.set(secret)
        print("operator PIN set; kiosk mode asks for it to manage, change or quit")
    } catch let error as OperatorPINError {
        fail(error.description, status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .headless(let script, let options):
    do {
        try HeadlessRunner(script: script, options: options).run()
    } catch let error as ScriptError {
        fail(error.description + "; nothing was run", status: 1)
    } catch {
        fail(String(describing: error), status: 1)
    }
case .app(let options):
    do {
        try AppRunner(options: options).run()
    } catch {
        fail(String(describing: error), status: 1)
    }
}
