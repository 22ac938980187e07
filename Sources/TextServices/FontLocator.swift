// FontLocator owns finding font files on this system: fontconfig first (sans-serif
// regular and bold, a colour emoji font), then, for each one still missing, a plain
// search of the usual font folders for DejaVu Sans, DejaVu Sans Bold or Noto Color
// Emoji. It only returns paths; SDLGlyphSource opens them.

import CFontconfig
import Foundation
import Localization

/// The font files the app draws text with.
public struct FontFiles: Sendable, Hashable {
    /// Regular-weight sans-serif; always present.
    public var regular: String
    /// Bold sans-serif; when nil, bold text is drawn with `regular`.
    public var bold: String?
    /// A font with emoji (colour when possible); when nil, emoji show as the main
    /// font's missing-glyph box.
    public var emoji: String?

    public init(regular: String, bold: String? = nil, emoji: String? = nil) {
        self.regular = regular
        self.bold = bold
        self.emoji = emoji
    }

    /// One line for each optional font that is missing, saying what to install, for
    /// the app to print once at startup; empty when everything was found.
    public var missingFontAdvice: [String] {
        var advice: [String] = []
        // TRANSLATORS: on the terminal at startup; fonts-dejavu-core is a package's name.
        if bold == nil { advice.append(tr("no bold font found, bold text uses the regular font; install fonts-dejavu-core")) }
        // TRANSLATORS: on the terminal at startup; fonts-noto-color-emoji is a package's name.
        if emoji == nil { advice.append(tr("no emoji font found, emoji show as boxes; install fonts-noto-color-emoji")) }
        return advice
    }
}

/// Why no usable font was found.
public enum FontLocatorError: Error, Equatable, CustomStringConvertible {
    /// Neither fontconfig nor the folder search found a regular sans-serif font.
    case noFont(searched: [String])

    public var description: String {
        switch self {
        case .noFont(let searched):
            // TRANSLATORS: %s lists the folders searched for fonts; keep the command as it is.
            return tr("no font found (fontconfig and %s); install a sans-serif font, e.g. `apt-get install fonts-dejavu-core`",
                      searched.joined(separator: ", "))
        }
    }
}

/// Finds font files through fontconfig, with a fallback search of the font folders.
public struct FontLocator: Sendable {
    /// Whether to ask fontconfig at all (tests turn it off to exercise the fallback).
    public var usesFontconfig: Bool
    /// Folders searched (recursively) for the fonts fontconfig did not find.
    public var fallbackDirectories: [String]

    public static let defaultFallbackDirectories: [String] = {
        var folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let dataHome = ProcessInfo.processInfo.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? home + "/.local/share"
        folders += [dataHome + "/fonts", home + "/.fonts"]
        return folders
    }()

    public init(usesFontconfig: Bool = true, fallbackDirectories: [String] = FontLocator.defaultFallbackDirectories) {
        self.usesFontconfig = usesFontconfig
        self.fallbackDirectories = fallbackDirectories
    }

    /// The fonts to draw with, or `.noFont` when there is no regular font at all.
    public func locate() throws(FontLocatorError) -> FontFiles {
        var regular: String?, bold: String?, emoji: String?
        if usesFontconfig {
            let config = Fontconfig()
            regular = config?.match("sans-serif:weight=regular", requiring: "A")
            bold = config?.match("sans-serif:weight=bold", requiring: "A", mustBeBold: true)
            // fontconfig always answers with *some* font, so the emoji match only counts
            // when the font really has an emoji in it.
            emoji = config?.match("Noto Color Emoji:color=true", requiring: "\u{1F600}")
                ?? config?.match("emoji", requiring: "\u{1F600}")
        }
        if regular == nil { regular = search(for: "DejaVuSans.ttf") }
        if bold == nil { bold = search(for: "DejaVuSans-Bold.ttf") }
        if emoji == nil { emoji = search(for: "NotoColorEmoji.ttf") }
        guard let regular else { throw .noFont(searched: fallbackDirectories) }
        return FontFiles(regular: regular, bold: bold, emoji: emoji)
    }

    /// The first file named `name` under the fallback folders.
    func search(for name: String) -> String? {
        let files = FileManager.default
        for folder in fallbackDirectories {
            guard let walker = files.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                if (relative as NSString).lastPathComponent == name {
                    let path = folder + "/" + relative
                    if files.isReadableFile(atPath: path) { return path }
                }
            }
        }
        return nil
    }
}

/// One loaded fontconfig configuration, freed when done.
private final class Fontconfig {
    private let config: OpaquePointer

    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The file of the best match for `pattern` when that font has `required` and can
    /// be opened; nil otherwise.
    func match(_ pattern: String, requiring required: Unicode.Scalar, mustBeBold: Bool = false) -> String? {
        guard let query = pattern.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
        else { return nil }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(config, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, query, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }

        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, shim_FC_CHARSET(), 0, &charset) == FcResultMatch, let charset,
              FcCharSetHasChar(charset, required.value) != 0
        else { return nil }
        if mustBeBold {
            // A bold request may fall back to a regular face; faking bold is not our job.
            var weight: Int32 = 0
            guard FcPatternGetInteger(font, shim_FC_WEIGHT(), 0, &weight) == FcResultMatch, weight >= shim_FC_WEIGHT_DEMIBOLD()
            else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, shim_FC_FILE(), 0, &file) == FcResultMatch, let file else { return nil }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }
}
