// SDLGlyphSource owns turning font files (found by FontLocator) into Raster glyphs
// with SDL2_ttf: one TTF_Font per (weight, size), glyphs rasterized once and cached,
// colour emoji from the emoji font scaled up or down to the text size (also for a
// text-style scalar whose cluster asks for emoji style with U+FE0F), line metrics and
// kerning; characters the fonts lack from a fallback font fontconfig finds (said once
// per script when none has them); lines in right-to-left or joining scripts, or with
// combining marks, shaped by TextShaper (FriBidi and HarfBuzz) and cached by their text. Lookups may come
// from several render bands at once: the caches have a lock of their own, and every
// SDL2_ttf call takes TTFLibrary's. No SDL type leaves it.

import CSDL2
import Foundation
import Localization
import Raster
import SDLSupport

/// Why text cannot be drawn.
public enum FontLoadError: Error, Equatable, CustomStringConvertible {
    case noFont(FontLocatorError)
    case cannotStartFontEngine(reason: String)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .noFont(let error): return error.description
        case .cannotStartFontEngine(let reason):
            // TRANSLATORS: %s is SDL2_ttf's own reason (in English); SDL2_ttf is a library, libsdl2-ttf its package.
            return tr("cannot start SDL2_ttf (%s); reinstall libsdl2-ttf", reason)
        case .cannotOpen(let path, let reason):
            // TRANSLATORS: the first %s is a font file's path, the second why it could not be opened; fonts-dejavu-core is a package.
            return tr("cannot open font %s (%s); check the file or install fonts-dejavu-core", path, reason)
        }
    }
}

/// Glyphs from the system's fonts through SDL2_ttf. Safe to ask from several threads
/// at once (the renderer draws text in several bands in parallel).
public final class SDLGlyphSource: GlyphSource {
    public let files: FontFiles

    private struct FontKey: Hashable {
        var weight: FontWeight
        var size: Int
    }

    private struct GlyphKey: Hashable {
        var scalar: UInt32
        var size: Int
        var weight: FontWeight
        var emojiStyle: Bool
    }

    private var fonts: [FontKey: OpaquePointer] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    private struct KerningKey: Hashable {
        var left: UInt32
        var right: UInt32
        var size: Int
        var weight: FontWeight
    }

    /// Kerning by pair and font, forgotten whole past `kerningLimit` pairs (a few
    /// hundred fill a screen; the limit keeps a stream of new text from growing it).
    private var kernings: [KerningKey: Int32] = [:]
    private static let kerningLimit = 65_536
    /// The emoji font, opened once at a large size and scaled down per request: colour
    /// emoji fonts are bitmap strikes of one size (109 px for Noto Color Emoji), and
    /// SDL_ttf takes the size of such a font as a strike index.
    private var emojiFont: OpaquePointer?

    private static let emojiRenderSize = 109

    /// FreeType faces for shaping and for fallback fonts, and what fontconfig found.
    private let faces = FontFaces()
    private let fallbackFonts = FallbackFonts()
    private let missingScripts: MissingScripts

    /// Shaped lines by a hash of their text and font, each bucket checked by content:
    /// a frame looks its lines up without building a String.
    private struct CachedRun {
        var text: String
        var font: FontDescription
        var run: ShapedRun
    }
    private var shapedRuns: [Int: [CachedRun]] = [:]
    private var shapedRunCount = 0
    /// Lines' widths, kept as the shaped runs are (by hash, checked by content).
    private struct MeasuredLine {
        var text: String
        var font: FontDescription
        var width: Int
    }
    private var lineWidths: [Int: [MeasuredLine]] = [:]
    private var lineWidthCount = 0
    /// More distinct lines than any screen shows; past it the cache starts over.
    private static let shapedRunLimit = 2048

    /// Opens the fonts `files` names; throws when the regular font is unusable.
    /// `reportMissingScript` receives the one line said per script no font can draw
    /// (stderr by default).
    public init(files: FontFiles, reportMissingScript: (@Sendable (String) -> Void)? = nil) throws(FontLoadError) {
        missingScripts = reportMissingScript.map { MissingScripts(report: $0) } ?? MissingScripts()
        if let failure = TTFLibrary.startFailure { throw .cannotStartFontEngine(reason: failure) }
        self.files = files
        // Open one size now so a broken file is reported here, not as missing text later.
        var whyNot = tr("unknown error")
        guard let probe = Self.open(files.regular, size: 16, whyNot: &whyNot) else {
            throw .cannotOpen(path: files.regular, reason: whyNot)
        }
        fonts[FontKey(weight: .regular, size: 16)] = probe
        if let emoji = files.emoji { emojiFont = Self.open(emoji, size: Self.emojiRenderSize) }
    }

    /// Finds the system's fonts with `locator` and opens them.
    public convenience init(locator: FontLocator = FontLocator()) throws(FontLoadError) {
        let files: FontFiles
        do { files = try locator.locate() } catch { throw .noFont(error) }
        try self.init(files: files)
    }

    deinit {
        TTFLibrary.lock.lock()
        defer { TTFLibrary.unlock() }
        for font in fonts.values { TTF_CloseFont(font) }
        if let emojiFont { TTF_CloseFont(emojiFont) }
    }

    /// Guards the font and glyph caches: the renderer draws text in several bands
    /// at once, so lookups come from several threads.
    private let stateLock = NSRecursiveLock()

    /// True when an emoji font is loaded, so emoji draw in colour.
    public var hasEmojiFont: Bool { emojiFont != nil }

    // MARK: GlyphSource

    public func lineMetrics(for font: FontDescription) -> LineMetrics {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard let handle = handle(for: font) else { return LineMetrics(ascent: 0, descent: 0, lineHeight: 0) }
        TTFLibrary.lock.lock()
        defer { TTFLibrary.unlock() }
        return LineMetrics(
            ascent: Int(TTF_FontAscent(handle)), descent: Int(-TTF_FontDescent(handle)),
            lineHeight: Int(TTF_FontLineSkip(handle)))
    }

    public func glyph(for scalar: Unicode.Scalar, font: FontDescription) -> Glyph? {
        glyph(for: scalar, emojiStyle: false, font: font)
    }

    public func glyph(for scalar: Unicode.Scalar, emojiStyle: Bool, font: FontDescription) -> Glyph? {
        let key = GlyphKey(scalar: scalar.value, size: font.size, weight: font.weight, emojiStyle: emojiStyle)
        stateLock.lock()
        defer { stateLock.unlock() }
        if let cached = glyphs[key] { return cached }
        guard let handle = handle(for: font) else { return nil }
        TTFLibrary.lock.lock()
        defer { TTFLibrary.unlock() }
        let glyph: Glyph
        if scalar.properties.isDefaultIgnorableCodePoint {
            // Direction marks, joiners, selectors: nothing to draw, and SDL2_ttf
            // would only refuse their zero width.
            glyph = Glyph(blankWithAdvance: 0)
        } else if let emojiFont, emojiStyle || prefersEmojiFont(scalar, main: handle), TTF_GlyphIsProvided32(emojiFont, scalar.value) != 0 {
            // Match the emoji's height to the text font's so it sits in the line.
            let scale = Float(TTF_FontHeight(handle)) / Float(max(1, TTF_FontHeight(emojiFont)))
            glyph = Self.rasterize(scalar, with: emojiFont, scale: scale)
        } else if TTF_GlyphIsProvided32(handle, scalar.value) == 0, scalar.value >= 0x20,
                  let fallback = fallbackGlyph(for: scalar.value, font: font) {
            glyph = fallback
        } else {
            // A scalar no font has draws as the main font's missing-glyph box.
            glyph = Self.rasterize(scalar, with: handle, scale: 1)
        }
        glyphs[key] = glyph
        return glyph
    }

    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, font: FontDescription) -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        // Asked for every pair of every line measured and drawn, each frame: a call into
        // SDL2_ttf takes its lock and gives back SDL's thread state (two system calls to
        // tell the main thread), so each pair is asked once.
        let key = KerningKey(left: left.value, right: right.value, size: font.size, weight: font.weight)
        if let known = kernings[key] { return Int(known) }
        guard let handle = handle(for: font) else { return 0 }
        TTFLibrary.lock.lock()
        // Scalars the font lacks map to glyph 0, which has no kerning pairs.
        let value = TTF_GetFontKerningSizeGlyphs32(handle, left.value, right.value)
        TTFLibrary.unlock()
        if kernings.count >= Self.kerningLimit { kernings.removeAll(keepingCapacity: true) }
        kernings[key] = Int32(value)
        return Int(value)
    }

    public func shapedRun(for text: Substring, font: FontDescription) -> ShapedRun? {
        guard TextShaper.needsShaping(text) else { return nil }
        let key = Self.cacheKey(text, font)
        stateLock.lock()
        defer { stateLock.unlock() }
        if let hit = shapedRuns[key]?.first(where: { $0.font == font && $0.text.unicodeScalars.elementsEqual(text.unicodeScalars) }) {
            return hit.run
        }
        let mainPath = font.weight == .bold ? (files.bold ?? files.regular) : files.regular
        let shaper = TextShaper(
            faces: faces, mainFace: FontFace(path: mainPath, index: 0), size: font.size,
            fallback: { [fallbackFonts] in fallbackFonts.face(for: $0, bold: font.weight == .bold) },
            plainGlyph: { [unowned self] in
                self.glyph(for: $0.glyphScalar, emojiStyle: $0.asksForEmojiStyle, font: font)
            },
            noteMissing: { [missingScripts] in missingScripts.noteMissing($0) })
        let run = shaper.shape(text)
        if shapedRunCount >= Self.shapedRunLimit {
            shapedRuns.removeAll(keepingCapacity: true)
            shapedRunCount = 0
        }
        shapedRuns[key, default: []].append(CachedRun(text: String(text), font: font, run: run))
        shapedRunCount += 1
        return run
    }

    public func lineWidth(of text: Substring, font: FontDescription, measure: () -> Int) -> Int {
        let key = Self.cacheKey(text, font)
        stateLock.lock()
        let known = lineWidths[key]?.first { $0.font == font && $0.text.unicodeScalars.elementsEqual(text.unicodeScalars) }
        stateLock.unlock()
        if let known { return known.width }
        // Measured without the lock held: measuring asks for glyphs, which takes it.
        let width = measure()
        stateLock.lock()
        defer { stateLock.unlock() }
        if lineWidthCount >= Self.shapedRunLimit {
            lineWidths.removeAll(keepingCapacity: true)
            lineWidthCount = 0
        }
        lineWidths[key, default: []].append(MeasuredLine(text: String(text), font: font, width: width))
        lineWidthCount += 1
        return width
    }

    /// FNV-1a over the text's scalars and the font, computed in place.
    private static func cacheKey(_ text: Substring, _ font: FontDescription) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x100_0000_01b3 }
        for scalar in text.unicodeScalars { mix(UInt64(scalar.value)) }
        mix(UInt64(font.size))
        mix(font.weight == .bold ? 1 : 0)
        return Int(truncatingIfNeeded: hash)
    }

    /// `scalar` from a fallback font fontconfig finds, or nil (after saying once which
    /// script is missing) when no installed font has it. Called with the lock held.
    private func fallbackGlyph(for scalar: UInt32, font: FontDescription) -> Glyph? {
        guard let location = fallbackFonts.face(for: scalar, bold: font.weight == .bold),
              let face = faces.sized(location, size: font.size)
        else {
            missingScripts.noteMissing(scalar)
            return nil
        }
        return face.glyph(index: face.glyphIndex(for: scalar))
    }

    // MARK: Fonts

    private func handle(for font: FontDescription) -> OpaquePointer? {
        let key = FontKey(weight: font.weight, size: font.size)
        if let open = fonts[key] { return open }
        let path = font.weight == .bold ? (files.bold ?? files.regular) : files.regular
        guard let opened = Self.open(path, size: font.size) else { return nil }
        fonts[key] = opened
        return opened
    }

    private static func open(_ path: String, size: Int) -> OpaquePointer? {
        var whyNot = ""
        return open(path, size: size, whyNot: &whyNot)
    }

    /// Opens `path`, or sets `whyNot` to SDL2_ttf's reason, read before the lock's
    /// end gives this thread's error state back.
    private static func open(_ path: String, size: Int, whyNot: inout String) -> OpaquePointer? {
        TTFLibrary.lock.lock()
        defer { TTFLibrary.unlock() }
        guard let font = TTF_OpenFont(path, Int32(clamping: size)) else {
            whyNot = TTFLibrary.lastError()
            return nil
        }
        // Light hinting snaps only vertically: crisp stems without distorted shapes.
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        return font
    }

    /// Emoji-style scalars (🥊, 😀) come from the emoji font even when the text font has
    /// a monochrome version; everything else only when the text font lacks it.
    private func prefersEmojiFont(_ scalar: Unicode.Scalar, main: OpaquePointer) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        return TTF_GlyphIsProvided32(main, scalar.value) == 0
    }

    // MARK: Rasterizing

    /// Renders `scalar` with SDL2_ttf and converts it to a cropped Raster glyph: an
    /// alpha mask when the font drew it in the requested white, else a premultiplied
    /// colour bitmap, scaled by `scale`. Called with the lock held.
    private static func rasterize(_ scalar: Unicode.Scalar, with font: OpaquePointer, scale: Float) -> Glyph {
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance)
        let scaledAdvance = Int((Float(advance) * scale).rounded())
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let rendered = TTF_RenderGlyph32_Blended(font, scalar.value, white) else {
            return Glyph(blankWithAdvance: scaledAdvance)  // a space: SDL_ttf refuses zero-width text
        }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return Glyph(blankWithAdvance: scaledAdvance)
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard width > 0, height > 0, let raw = surface.pointee.pixels else { return Glyph(blankWithAdvance: scaledAdvance) }
        func pixel(_ x: Int, _ y: Int) -> UInt32 { raw.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }

        // Where the pen and baseline sit in SDL_ttf's surface: it starts the pen at
        // x = -minX when the glyph reaches left of it, and lowers everything by how far
        // the glyph rises above the font's ascent.
        let ascent = Int(TTF_FontAscent(font))
        let penX = max(0, -Int(minX))
        let baselineY = max(0, Int(maxY) - ascent) + ascent

        // Crop to the ink and see whether the font drew in colour.
        var left = width, right = -1, top = height, bottom = -1
        var colored = false
        for y in 0..<height {
            for x in 0..<width {
                let value = pixel(x, y)
                guard value >> 24 != 0 else { continue }
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
                if value & 0x00FF_FFFF != 0x00FF_FFFF { colored = true }
            }
        }
        guard right >= left, bottom >= top else { return Glyph(blankWithAdvance: scaledAdvance) }
        let inkWidth = right - left + 1, inkHeight = bottom - top + 1
        let bearingX = left - penX, bearingY = baselineY - top

        if !colored && scale == 1 {
            var mask = [UInt8](repeating: 0, count: inkWidth * inkHeight)
            for y in 0..<inkHeight {
                for x in 0..<inkWidth { mask[y * inkWidth + x] = UInt8(pixel(left + x, top + y) >> 24) }
            }
            return Glyph(
                alphaMask: mask, width: inkWidth, height: inkHeight, bearingX: bearingX, bearingY: bearingY,
                advance: scaledAdvance)
        }

        // SDL surfaces hold straight alpha; the canvas wants premultiplied.
        var colour = [UInt32](repeating: 0, count: inkWidth * inkHeight)
        for y in 0..<inkHeight {
            for x in 0..<inkWidth {
                let value = pixel(left + x, top + y)
                let alpha = value >> 24
                colour[y * inkWidth + x] = alpha == 255 ? value : (Pixel.scale(value & 0x00FF_FFFF, by: alpha) | alpha << 24)
            }
        }
        if !colored {
            // A monochrome glyph from the emoji font: keep it a mask so it takes the text colour.
            let scaled = resize(colour, width: inkWidth, height: inkHeight, scale: scale)
            return Glyph(
                alphaMask: scaled.pixels.map { UInt8($0 >> 24) }, width: scaled.width, height: scaled.height,
                bearingX: Int((Float(bearingX) * scale).rounded()), bearingY: Int((Float(bearingY) * scale).rounded()),
                advance: scaledAdvance)
        }
        let scaled = resize(colour, width: inkWidth, height: inkHeight, scale: scale)
        return Glyph(
            colorPixels: scaled.pixels, width: scaled.width, height: scaled.height,
            bearingX: Int((Float(bearingX) * scale).rounded()), bearingY: Int((Float(bearingY) * scale).rounded()),
            advance: scaledAdvance)
    }

    /// Box-filter resize of premultiplied pixels (averaging premultiplied values is
    /// what keeps edges free of dark fringes). Above 1 it degrades to nearest
    /// neighbour, which only emoji in text larger than the font's strike need.
    static func resize(_ pixels: [UInt32], width: Int, height: Int, scale: Float)
        -> (pixels: [UInt32], width: Int, height: Int) {
        guard scale != 1 else { return (pixels, width, height) }
        let outWidth = max(1, Int((Float(width) * scale).rounded()))
        let outHeight = max(1, Int((Float(height) * scale).rounded()))
        var out = [UInt32](repeating: 0, count: outWidth * outHeight)
        for oy in 0..<outHeight {
            let y0 = oy * height / outHeight, y1 = max(y0 + 1, (oy + 1) * height / outHeight)
            for ox in 0..<outWidth {
                let x0 = ox * width / outWidth, x1 = max(x0 + 1, (ox + 1) * width / outWidth)
                var a = 0, r = 0, g = 0, b = 0
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let value = pixels[y * width + x]
                        a += Int(value >> 24); r += Int((value >> 16) & 0xFF)
                        g += Int((value >> 8) & 0xFF); b += Int(value & 0xFF)
                    }
                }
                let count = (y1 - y0) * (x1 - x0), half = count / 2
                out[oy * outWidth + ox] = UInt32((a + half) / count) << 24 | UInt32((r + half) / count) << 16
                    | UInt32((g + half) / count) << 8 | UInt32((b + half) / count)
            }
        }
        return (out, outWidth, outHeight)
    }
}

/// SDL2_ttf's process-wide state: started once, and one lock for every call into it,
/// since its FreeType library handle is shared by all fonts and is not thread-safe.
enum TTFLibrary {
    static let lock = NSLock()

    /// Ends a call into SDL2_ttf: this thread's SDL error state is given back first
    /// (see SDLThreadState), since render bands call in from threads that end.
    static func unlock() {
        SDLThreadState.releaseOffMainThread()
        lock.unlock()
    }

    /// nil once SDL2_ttf is running; else why it could not start. Evaluated once.
    static let startFailure: String? = {
        lock.lock()
        defer { unlock() }
        if TTF_WasInit() > 0 { return nil }
        return TTF_Init() == 0 ? nil : lastError()
    }()

    static func lastError() -> String {
        guard let message = SDL_GetError() else { return tr("unknown error") }
        let text = String(cString: message)
        return text.isEmpty ? tr("unknown error") : text
    }
}
