// The fonts the running app draws its text with.

import Foundation
import Localization
import StressCore
import TextServices

extension RunningApp {
    /// The system's fonts, or nil (said once on stderr) so the app runs without text.
    static func loadFonts(headless: Bool) -> SDLGlyphSource? {
        do {
            let source = try SDLGlyphSource()
            if !headless {
                for advice in source.files.missingFontAdvice {
                    FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(advice))\n".utf8))
                }
            }
            return source
        } catch {
            // TRANSLATORS: %s says why no font could be loaded.
            let problem = tr("%s; text will not be shown", String(describing: error))
            FileHandle.standardError.write(Data("stresspunch: \(problem)\n".utf8))
            return nil
        }
    }
}
