// The usage text of every command: the help, and each refusal's second line.

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
    public static let setPIN = "stresspunch kiosk set-pin [--data-dir DIR]   (the PIN, 6 to 12 digits, or 4 or 5 though quickly guessed, is read from standard input)"
    public static let setIdle = "stresspunch kiosk set-idle SECONDS [--data-dir DIR]"
    public static let setDefault = "stresspunch kiosk set-default ID [--data-dir DIR]"
    public static let resetLockout = "stresspunch kiosk reset-lockout [--data-dir DIR]"
    public static let kiosk = [setPIN, setIdle, setDefault, resetLockout].joined(separator: " | ")
    public static let export = "stresspunch library export FILE [--with-pin] [--data-dir DIR]"
    public static let importArchive = "stresspunch library import FILE [--replace] [--data-dir DIR]"
    public static let restoreBackup = "stresspunch library restore-backup [FILE] [--data-dir DIR]"
    public static let library = [export, importArchive, restoreBackup].joined(separator: " | ")
    public static let stats = "stresspunch stats [--json] [--days N] [--data-dir DIR]"
    public static let settings = "stresspunch settings list [--json] | get KEY | set KEY VALUE [--data-dir DIR]"
    public static let targets = [list, add, edit, delete, favorite, select, wash, restore].joined(separator: " | ")
    public static let helpOrVersion = "stresspunch --help | --version"

    /// One line per settings key: its name and what it takes.
    static var settingsTable: String {
        UserSettings.Key.allCases.map { key in
            "  " + key.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) + key.summary
        }.joined(separator: "\n")
    }

    public static let full = """
        StressPunch: pick a stress target and punch it.

        Usage:
          \(app)
          \(headless)
          \(list)
          \(add)
          \(edit)
          \(delete)
          \(favorite)
          \(select)
          \(wash)
          \(restore)
          \(setPIN)
          \(setIdle)
          \(setDefault)
          \(resetLockout)
          \(export)
          \(importArchive)
          \(restoreBackup)
          \(stats)
          \(settings)
          \(helpOrVersion)

        Options:
          --data-dir DIR    where the library lives (default: $XDG_DATA_HOME/StressPunch,
                            else ~/.local/share/StressPunch)
          --size WxH        window size in pixels, e.g. 1280x720
          --fullscreen      start fullscreen
          --kiosk           fullscreen, locked kiosk mode (needs an operator PIN: kiosk set-pin)
          --display N       the monitor to open on, counting from 1 (default: 1)
          --kiosk-pictures DIR
                            kiosk mode: the only folder the picture picker shows
                            (default: your Pictures folder)
          --mute            no sound
          --reduce-motion   gentler squash and no shake
          --record FILE     write everything you do as a headless script, to replay
                            with --headless --script FILE on a copy of the library
          --headless        run a script of input on a simulated clock, no display needed
          --script FILE     the script for --headless
          --check-damage    (--headless) draw every frame whole too and stop at the first
                            where drawing only what changed gave other pixels
          --json            (targets list, stats) print one JSON array
          --days N          (stats) the last N days, today included (default: 30)
          --with-pin        (library export) keep the operator PIN's hash in the archive
                            (left out by default: anyone with the file could guess it)

        Settings (stresspunch settings set KEY VALUE; the Settings screen, Ctrl+comma,
        changes the same ones; --mute, --reduce-motion and --fullscreen override them
        for one run):
        \(Usage.settingsTable)

        Exit status: 0 on success, 1 on a runtime error, 2 on a usage error.
        """
}

/// Parses the arguments after the program name.
