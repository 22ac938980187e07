// `library import FILE [--replace]`: the archive merged into the library or put in its
// place, and what it did in words.

import Foundation
import Localization
import PictureCodecs
import Pictures
import StressCore
import TargetStore

/// Imports an archive and says what it did.
struct ImportArchiveRunner {
    let store: TargetStore

    /// Imports `file` and returns the lines to print.
    func run(file: URL, replace: Bool) throws(TargetStoreError) -> [String] {
        let report = try LibraryArchive.importArchive(file, into: store, importer: PictureImporter(codec: SDLPictureCodec()), replace: replace)
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
