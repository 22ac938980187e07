// The usage text of every command: the help, and each refusal's second line.

import Localization
import StressCore

public enum Usage {
    public static let app = "stresspunch [--data-dir DIR] [--size WxH] [--fullscreen] [--kiosk [--kiosk-pictures DIR]] [--display N] [--mute] [--reduce-motion] [--record FILE]"
    public static let headless = "stresspunch --headless --script FILE [--size WxH] [--data-dir DIR] [--check-damage]"
    public static let list = "stresspunch targets list [--json] [--data-dir DIR]"
    public static let add = "stresspunch targets add --name NAME [--message TEXT] --image PATH [--crop X,Y,W,H] [--favorite] | --image DIR [--message TEXT] [--data-dir DIR]"
    public static let edit = "stresspunch targets edit ID [--name NAME] [--message TEXT] [--image PATH] [--crop X,Y,W,H|full] [--data-dir DIR]"
    public static let delete = "stresspunch targets delete ID [--data-dir DIR]"
    public static let favorite = "stresspunch targets favorite ID on|off [--data-dir DIR]"
    public static let select = "stresspunch targets select ID [--data-dir DIR]"
    public static let restore = "stresspunch targets restore-defaults [--data-dir DIR]"
    public static let wash = "stresspunch targets wash ID|--all [--data-dir DIR]"
    // The synopsis is syntax (English); what follows it says how the PIN is given.
    public static var setPIN: String {
        // TRANSLATORS: after the synopsis of `stresspunch kiosk set-pin` in --help and usage errors.
        "stresspunch kiosk set-pin [--data-dir DIR]   " + tr("(the PIN, 6 to 12 digits, or 4 or 5 though quickly guessed, is read from standard input)")
    }
    public static let setIdle = "stresspunch kiosk set-idle SECONDS [--data-dir DIR]"
    public static let setDefault = "stresspunch kiosk set-default ID [--data-dir DIR]"
    public static let resetLockout = "stresspunch kiosk reset-lockout [--data-dir DIR]"
    public static var kiosk: String { [setPIN, setIdle, setDefault, resetLockout].joined(separator: " | ") }
    public static let export = "stresspunch library export FILE [--with-pin] [--data-dir DIR]"
    public static let importArchive = "stresspunch library import FILE [--replace] [--data-dir DIR]"
    public static let restoreBackup = "stresspunch library restore-backup [FILE] [--yes] [--data-dir DIR]"
    public static let library = [export, importArchive, restoreBackup].joined(separator: " | ")
    public static let stats = "stresspunch stats [--json] [--days N] [--data-dir DIR]"
    public static let settings = "stresspunch settings list [--json] | get KEY | set KEY VALUE [--data-dir DIR]"
    public static let targets = [list, add, edit, delete, favorite, select, wash, restore].joined(separator: " | ")
    public static let fleetAdmin = "stresspunch fleet admin install | add-site NAME [--tz ZONE] | add-kiosk NAME --site SITE | revoke NAME | status [--json] [--server CONNINFO]"
    public static let fleet = "stresspunch fleet join FILE | status [--json] | sync --once | leave [--discard-unsent] [--data-dir DIR]"
    public static let helpOrVersion = "stresspunch --help | --version"

    /// One line per settings key: its name and what it takes.
    static var settingsTable: String {
        UserSettings.Key.allCases.map { key in
            "  " + key.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) + key.summary
        }.joined(separator: "\n")
    }

    /// An option's entry in the help: its syntax (English), then what it does from the
    /// 21st column, on a line of its own below when the syntax is longer; `text` may
    /// break its lines with "\n", each indented to the same column.
    static func option(_ syntax: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: 20)
        let head = syntax.count <= 16 ? "  " + syntax.padding(toLength: 18, withPad: " ", startingAt: 0) : "  " + syntax + "\n" + indent
        return head + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }

    /// The whole help, in the user's language but for the synopses, options, keys and
    /// values, which are typed as they are.
    public static var full: String {
        let synopses: [String] = [app, headless, list, add, edit, delete, favorite, select, wash, restore, setPIN, setIdle, setDefault,
                        resetLockout, export, importArchive, restoreBackup, stats, settings, fleetAdmin, fleet, helpOrVersion]
        // Each option's text: keep the option names (--data-dir, --headless...), the words in
        // capitals (DIR, FILE, N) and the commands in it as they are; "\n" starts a new line,
        // indented under the text.
        let options: [String] = [
            // TRANSLATORS: --help, what --data-dir does. The two %s are folders. Keep option names, words in capitals (DIR, FILE, N)
            // and commands as they are in every option's text; "\n" starts a new line, indented under the text (keep lines under 60 columns).
            option("--data-dir DIR", tr("where the library lives (default: %s,\nelse %s)", "$XDG_DATA_HOME/StressPunch", "~/.local/share/StressPunch")),
            // TRANSLATORS: --help, what --size does. The sizes are typed as they are.
            option("--size WxH", tr("window size in pixels (--headless default: 1280x720)")),
            // TRANSLATORS: --help, what --fullscreen does.
            option("--fullscreen", tr("start fullscreen")),
            // TRANSLATORS: --help, what --kiosk does. "kiosk set-pin" is the command, typed as is.
            option("--kiosk", tr("fullscreen, locked kiosk mode (needs an operator PIN: kiosk set-pin)")),
            // TRANSLATORS: --help, what --display N does.
            option("--display N", tr("the monitor to open on, counting from 1 (default: 1)")),
            // TRANSLATORS: --help, what --kiosk-pictures DIR does. "\n" starts a new line.
            option("--kiosk-pictures DIR", tr("kiosk mode: the only folder the picture picker shows\n(default: your Pictures folder)")),
            // TRANSLATORS: --help, what --mute does.
            option("--mute", tr("no sound")),
            // TRANSLATORS: --help, what --reduce-motion does.
            option("--reduce-motion", tr("gentler squash and no shake")),
            // TRANSLATORS: --help, what --record FILE does. "\n" starts a new line.
            option("--record FILE", tr("write everything you do as a headless script, to replay\nwith --headless --script FILE on a copy of the library")),
            // TRANSLATORS: --help, what --headless does.
            option("--headless", tr("run a script of input on a simulated clock, no display needed")),
            // TRANSLATORS: --help, what --script FILE does.
            option("--script FILE", tr("the script for --headless")),
            // TRANSLATORS: --help, what --check-damage does. "\n" starts a new line.
            option("--check-damage", tr("(--headless) draw every frame whole too and stop at the first\nwhere drawing only what changed gave other pixels")),
            // TRANSLATORS: --help, what --json does; "targets list" and "stats" are commands.
            option("--json", tr("(targets list, stats) print one JSON array")),
            // TRANSLATORS: --help, what --days N does; "stats" is the command.
            option("--days N", tr("(stats) the last N days, today included (default: 30)")),
            // TRANSLATORS: --help, what --with-pin does; "library export" is the command. "\n" starts a new line.
            option("--with-pin", tr("(library export) keep the operator PIN's hash in the archive\n(left out by default: anyone with the file could guess it)")),
            // TRANSLATORS: --help, what --yes does; "library restore-backup" is the command. "\n" starts a new line.
            option("--yes", tr("(library restore-backup) replace the library without asking\n(without it, a terminal is asked; a script is refused)")),
        ]
        var lines: [String] = [tr("StressPunch: pick a stress target and punch it."), ""]
        // TRANSLATORS: --help, the heading over the commands' synopses.
        lines.append(tr("Usage:"))
        lines += synopses.map { "  " + $0 }
        lines.append("")
        // TRANSLATORS: --help, the heading over the options.
        lines.append(tr("Options:"))
        lines += options
        lines.append("")
        // TRANSLATORS: --help, the heading over the settings' keys. Keep the command, KEY VALUE, Ctrl and the options as they are;
        // "\n" starts a new line (keep lines under 80 columns).
        lines.append(tr("Settings (stresspunch settings set KEY VALUE; the Settings screen, Ctrl+comma,\nchanges the same ones; --mute, --reduce-motion and --fullscreen override them\nfor one run):"))
        lines.append(Usage.settingsTable)
        lines.append("")
        // TRANSLATORS: --help, its last line. The numbers are exit codes.
        lines.append(tr("Exit status: 0 on success, 1 on a runtime error, 2 on a usage error."))
        return lines.joined(separator: "\n")
    }
}
