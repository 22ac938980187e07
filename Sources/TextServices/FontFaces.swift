// FontFaces owns the FreeType faces HarfBuzz shapes with and the glyphs rasterized
// from them by glyph index: SDL2_ttf 2.20 draws only by character, but a shaped
// Arabic word is glyphs (joined forms, ligatures) that have no character of their
// own. One face per (file, face index, pixel size), opened on first use and kept;
// glyphs cached by index. Not thread-safe: SDLGlyphSource calls it under its lock.

import CHarfBuzz
import Raster

/// A font file, and which face in it (a .ttc holds several).
struct FontFace: Hashable, Sendable {
    var path: String
    var index: Int
}

/// An open FreeType face at one pixel size, with its HarfBuzz font.
final class SizedFace {
    let face: FT_Face
    let shapingFont: OpaquePointer
    private var glyphs: [UInt32: Glyph] = [:]

    init?(library: FT_Library, face location: FontFace, size: Int) {
        var opened: FT_Face?
        guard FT_New_Face(library, location.path, FT_Long(location.index), &opened) == 0, let opened else { return nil }
        // Bitmap-only fonts (colour emoji) have no scalable outline to size; they are
        // drawn by SDLGlyphSource's emoji path instead.
        guard FT_Set_Pixel_Sizes(opened, 0, FT_UInt(max(1, size))) == 0,
              let font = hb_ft_font_create_referenced(opened)
        else {
            FT_Done_Face(opened)
            return nil
        }
        // Advances as SDL2_ttf measures them (light hinting), so shaped and plain runs agree.
        hb_ft_font_set_load_flags(font, shim_ft_shaping_flags())
        face = opened
        shapingFont = font
    }

    deinit {
        hb_font_destroy(shapingFont)
        FT_Done_Face(face)
    }

    func hasCharacter(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar)) != 0 }

    func glyphIndex(for scalar: UInt32) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar))) }

    /// The glyph `index` as a coverage mask at the pen (its advance from FreeType).
    func glyph(index: UInt32) -> Glyph {
        if let cached = glyphs[index] { return cached }
        let made = rasterize(index)
        glyphs[index] = made
        return made
    }

    private func rasterize(_ index: UInt32) -> Glyph {
        guard FT_Load_Glyph(face, index, shim_ft_render_flags()) == 0, let slot = face.pointee.glyph else {
            return Glyph(blankWithAdvance: 0)
        }
        let advance = Int((Double(slot.pointee.advance.x) / 64).rounded())
        var bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, shim_ft_is_gray(&bitmap) != 0, let buffer = bitmap.buffer else {
            return Glyph(blankWithAdvance: advance)
        }
        var mask = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            // A negative pitch means the rows are stored bottom up.
            let source = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
            for column in 0..<width { mask[row * width + column] = buffer[source + column] }
        }
        return Glyph(
            alphaMask: mask, width: width, height: height, bearingX: Int(slot.pointee.bitmap_left),
            bearingY: Int(slot.pointee.bitmap_top), advance: advance)
    }
}

/// The FreeType library and every face opened from it.
final class FontFaces {
    private let library: FT_Library?
    private struct Key: Hashable {
        var face: FontFace
        var size: Int
    }
    private var faces: [Key: SizedFace] = [:]
    /// Files that would not open, not tried again.
    private var broken: Set<FontFace> = []

    init() {
        var library: FT_Library?
        self.library = FT_Init_FreeType(&library) == 0 ? library : nil
    }

    deinit {
        faces.removeAll()
        if let library { FT_Done_FreeType(library) }
    }

    /// `face` at `size` pixels, or nil when it cannot be opened.
    func sized(_ face: FontFace, size: Int) -> SizedFace? {
        let key = Key(face: face, size: size)
        if let open = faces[key] { return open }
        guard let library, !broken.contains(face) else { return nil }
        guard let opened = SizedFace(library: library, face: face, size: size) else {
            broken.insert(face)
            return nil
        }
        faces[key] = opened
        return opened
    }
}
