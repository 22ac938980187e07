// `library import FILE [--replace]`: the archive merged into the library or put in its
// place, with a progress line while it works when stderr is a terminal.

import CommandLineInterface
import Foundation
import Localization
import PictureCodecs
import Pictures
import StressCore
import TargetStore

/// Imports an archive and says what it did. An import of thousands of targets takes a
/// while: at a terminal one line on stderr counts them, redrawn in place; a script
/// (stderr not a terminal) sees nothing but the result.
struct ImportArchiveRunner {
    let store: TargetStore

    /// Imports `file` and returns the lines to print.
    func run(file: URL, replace: Bool) throws(TargetStoreError) -> [String] {
        let line = ProgressLine(shown: isatty(STDERR_FILENO) == 1)
        defer { line.clear() }
        let report = try LibraryArchive.importArchive(
            file, into: store, importer: PictureImporter(codec: SDLPictureCodec()), replace: replace,
            progress: { done, total in line.show(done: done, total: total) })
        line.clear()
        var lines: [String] = []
        if replace {
            // TRANSLATORS: `library import --replace`: how many targets, the archive file. The English says "1 targets" too.
            lines.append(tr("replaced the library with %d targets from %s", report.added, file.path))
        } else {
            // TRANSLATORS: `library import`: how many targets were added, the archive file. The English says "1 targets" too.
            let added = tr("added %d targets from %s", report.added, file.path)
            // TRANSLATORS: `library import`: %2$s is the line "added 3 targets from FILE", %1$d how many of the archive's targets
            // the library had already (the same name, message and picture), which were not added again.
            lines.append(report.alreadyThere == 0 ? added : trn("%2$s; %1$d was already in the library and was skipped",
                                                                "%2$s; %1$d were already in the library and were skipped", report.alreadyThere, added))
        }
        // TRANSLATORS: `library import` left a target out: its name and why.
        for skipped in report.skipped { lines.append(tr("skipped %s", DiagnosticText.oneLine(skipped))) }
        return lines
    }
}

/// One line on stderr, redrawn in place with a carriage return (at most ten times a
/// second), and wiped when the work ends; nothing at all when not `shown`.
final class ProgressLine {
    private let shown: Bool
    private var drawnWidth = 0
    private var lastDrawn = 0.0

    init(shown: Bool) {
        self.shown = shown
    }

    func show(done: Int, total: Int) {
        guard shown else { return }
        let now = ProcessInfo.processInfo.systemUptime
        guard done >= total || now - lastDrawn >= 0.1 else { return }
        lastDrawn = now
        // TRANSLATORS: `library import` at a terminal, redrawn as it goes: %2$d targets done of %1$d in the archive.
        let text = trn("importing %2$d of %1$d target…", "importing %2$d of %1$d targets…", total, done)
        let width = TerminalWidth.of(text)
        write("\r" + text + String(repeating: " ", count: max(0, drawnWidth - width)))
        drawnWidth = width
    }

    /// Wipes the line, so what is printed next starts on a clean one.
    func clear() {
        guard shown, drawnWidth > 0 else { return }
        write("\r" + String(repeating: " ", count: drawnWidth) + "\r")
        drawnWidth = 0
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
