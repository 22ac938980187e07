// What a command line asks for (`Invocation` and its subcommands), and the error a
// command line that does not fit the usage gets. The parser makes them; the
// executable carries them out.

import Foundation
import LaunchOptions
import Localization
import StressCore

/// A command line that does not fit the usage; exits 2.
public struct UsageError: Error {
    public let message: String
    /// The usage line of the command that was misused; empty when `message` already
    /// says what to type (a bare `targets` names its subcommands, not every synopsis).
    public let usage: String

    public init(message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    /// A command given without the subcommand it needs: the subcommands in one short
    /// line (every one's synopsis together ran to 600 characters).
    static func needsSubcommand(_ command: String, _ subcommands: [String]) -> UsageError {
        // TRANSLATORS: a usage error: the first %s is a command (targets, library, settings, kiosk), the second its subcommands,
        // typed as they are ("list, add, edit").
        UsageError(message: tr("%s needs a subcommand: %s", command, subcommands.joined(separator: ", ")), usage: "")
    }
}

/// What the user asked for on the command line.
public enum Invocation: Equatable {
    case help
    case version
    case app(AppOptions)
    case headless(script: URL, options: AppOptions)
    case targets(TargetsCommand, dataDirectory: URL)
    /// Reads a new operator PIN from standard input (never from the arguments).
    case setKioskPIN(dataDirectory: URL)
    /// Sets the kiosk's idle reset time, in seconds.
    case setKioskIdle(seconds: Int, dataDirectory: URL)
    /// Sets the target the kiosk returns to when idle.
    case setKioskDefault(id: Int64, dataDirectory: URL)
    /// Clears the PIN pad's lockout after wrong PINs.
    case resetKioskLockout(dataDirectory: URL)
    /// The whole library and its pictures in one file, and back.
    /// `withPIN`: keep the operator PIN's hash in the archive (left out by default).
    case exportLibrary(file: URL, withPIN: Bool, dataDirectory: URL)
    case importLibrary(file: URL, replace: Bool, dataDirectory: URL)
    /// A rolling backup put back (the newest good one when no file is named).
    /// `confirmed` (--yes): the library in place is replaced without asking.
    case restoreBackup(file: URL?, confirmed: Bool, dataDirectory: URL)
    /// Punches per day over the last `days` local days, and per target.
    case stats(json: Bool, days: Int, dataDirectory: URL)
    /// The user's settings, as the Settings screen shows them.
    case settings(SettingsCommand, dataDirectory: URL)
    /// The fleet: the admin's commands (on a server) and the kiosk's (on its library).
    case fleet(FleetCommand, dataDirectory: URL)
}

/// The `settings` subcommands; keys and values are checked when parsed.
public enum SettingsCommand: Equatable {
    case list(json: Bool)
    case get(UserSettings.Key)
    case set(UserSettings.Key, String)
}

/// The `targets` subcommands.
public enum TargetsCommand: Equatable {
    case list(json: Bool)
    /// `crop`: the part of the picture that shows (nil: the whole).
    case add(name: String, message: String, image: URL, favorite: Bool, crop: PictureCrop? = nil)
    /// Every picture in a folder, each named after its file.
    case addFolder(URL, message: String)
    /// `crop`: the part of the picture that shows from now on (nil: as it is, or the
    /// whole of a new picture).
    case edit(id: Int64, name: String?, message: String?, image: URL?, crop: PictureCrop? = nil)
    case delete(id: Int64)
    case favorite(id: Int64, on: Bool)
    case select(id: Int64)
    /// The marks off one target, or off every one (nil).
    case wash(id: Int64?)
    case restoreDefaults
}
