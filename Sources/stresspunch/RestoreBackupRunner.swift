// `library restore-backup [FILE] [--yes]`: says what the restore replaces and with what,
// asks on a terminal, then puts the backup back.

import AppShell
import Foundation
import Localization
import TargetStore

/// Puts a backup back in place of a data folder's library, never without saying what
/// it replaces: a restore once swapped a library of 17 targets for the morning's 8
/// without a word.
struct RestoreBackupRunner {
    let dataDirectory: URL

    /// Restores `file` (the newest good backup when nil) and returns what to print.
    /// `confirmed` (--yes): without asking. Otherwise a library in place is replaced only
    /// when the user, at a terminal, says yes; without a terminal nobody can, so it is
    /// refused with what to add.
    func run(file: URL?, confirmed: Bool) throws(TargetStoreError) -> String {
        // Held until the process ends: no app starts on the library while it is asked
        // about and swapped.
        try LibraryHold.take(dataDirectory)
        let backup = try LibraryBackups.chosen(file, in: dataDirectory)
        let backupWords = Self.describe(backup: backup)
        let library = dataDirectory.appendingPathComponent(TargetStore.databaseFileName)
        let libraryWords = Self.describe(library: library)
        if let libraryWords, !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                // TRANSLATORS: `library restore-backup` without a terminal: the library now (its words: "the library (17 targets)"),
                // the backup (its file, when it was made and its targets). Keep --yes as it is.
                throw .fileSystem(tr("restore-backup would replace %s with the backup %s; nothing was changed: add --yes to restore it without being asked",
                                     libraryWords, backupWords))
            }
            // TRANSLATORS: `library restore-backup` asks on a terminal: the library now, the backup. Keep [y/N]: y or yes restores.
            let question = tr("Replace %s with the backup %s? The library now in place is kept beside it. [y/N] ", libraryWords, backupWords)
            FileHandle.standardError.write(Data(question.utf8))
            let answer = (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else { throw .fileSystem(tr("the library was left as it was")) }
        }
        let result = try LibraryBackups.restore(backup, into: dataDirectory)
        if let libraryWords, let kept = result.movedAside {
            // TRANSLATORS: `library restore-backup`: the library it replaced ("the library (17 targets)"), the backup (its file,
            // when it was made and its targets), and the file the replaced library is kept as.
            return tr("replaced %s with the backup %s; the one it replaced is kept as %s", libraryWords, backupWords, kept.path)
        }
        // TRANSLATORS: `library restore-backup` where there was no library: the backup (its file, when it was made and its targets).
        return tr("restored the library from the backup %s", backupWords)
    }

    /// "/…/library-2026-12-07.sqlite (from 2026-12-07 09:14, 8 targets)"; the time only
    /// when the file's name says it.
    static func describe(backup: URL) -> String {
        let targets = LibraryBackups.targetCount(in: backup).map(Self.targets) ?? "?"
        guard let time = LibraryBackups.timeOf(backup) else {
            // TRANSLATORS: a backup: its file, and how many targets it holds ("8 targets").
            return tr("%s (%s)", backup.path, targets)
        }
        // TRANSLATORS: a backup: its file, the time the library in it is from (2026-12-07 09:14), and how many targets it holds
        // ("8 targets").
        return tr("%s (from %s, %s)", backup.path, time, targets)
    }

    /// "the library (17 targets)", or nil when there is no library to replace.
    static func describe(library: URL) -> String? {
        guard FileManager.default.fileExists(atPath: library.path) else { return nil }
        guard let count = LibraryBackups.targetCount(in: library) else {
            // TRANSLATORS: the library a restore replaces, when it cannot be read (damaged).
            return tr("the library (which cannot be read)")
        }
        // TRANSLATORS: the library a restore replaces: how many targets it holds ("17 targets").
        return tr("the library (%s)", targets(count))
    }

    static func targets(_ count: Int) -> String {
        // TRANSLATORS: how many targets a library holds, inside another message.
        trn("%d target", "%d targets", count)
    }
}
