// TextShaper owns turning one line of text into a ShapedRun: the bidi levels
// (BidiParagraph), runs of one level, one font and one script, each shaped by
// HarfBuzz (Arabic joins, marks placed, mirrored brackets in right-to-left runs)
// with its font's FreeType face, laid out in visual order, and where each character
// ended up for carets. Colour emoji are not shaped: they come from the emoji path
// of SDLGlyphSource, one per character. Not thread-safe: used under its lock.

import CHarfBuzz
import Raster

struct TextShaper {
    /// Which font draws a character.
    enum Choice: Hashable {
        case face(FontFace)
        /// Drawn glyph by glyph by the glyph source (colour emoji).
        case plainGlyph
    }

    let faces: FontFaces
    let mainFace: FontFace
    let size: Int
    /// The face for a character the main face lacks, or nil when no font has it.
    let fallback: (UInt32) -> FontFace?
    /// The glyph source's own glyph for a character, and whether it is a colour one.
    let plainGlyph: (Character) -> Glyph?
    let noteMissing: (UInt32) -> Void

    /// True when `text` holds a scalar that must be shaped or reordered: right-to-left
    /// or joining scripts, the bidi controls, and combining marks (an accent typed
    /// after its letter, as in NFD file names, Zalgo, Thai tone marks): drawn glyph by
    /// glyph, a cluster shows only its first scalar, so its marks would vanish.
    /// Everything else draws glyph by glyph.
    static func needsShaping(_ text: Substring) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x0300 && needsShaping(scalar.value) { return true }
        return false
    }

    static func needsShaping(_ value: UInt32) -> Bool {
        switch value {
        case 0x0300...0x036F,  // combining diacritical marks
             0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic
             0x0900...0x0EFF,  // the Indic scripts, whose vowels reorder and stack; Thai and Lao
             0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF,  // Tibetan, Myanmar, Khmer
             0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF,  // Hangul jamo, which compose into syllables
             0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,  // more combining marks
             0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,  // bidi marks, embeddings, isolates
             0xFB1D...0xFDFF, 0xFE70...0xFEFE,  // Hebrew and Arabic presentation forms
             0x10800...0x10FFF, 0x1E800...0x1EFFF:  // historic right-to-left scripts, Adlam
            return true
        case 0x0370...0x0482, 0x048A...0x058F, 0x1E00...0x1FFF, 0x2000...0x20CF, 0x2100...0x2DDF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xFE00...0xFE0F, 0x1F000...0x1FAFF, 0xE0000...0xE01EF:
            // No marks (Greek, Cyrillic and Armenian letters, precomposed Vietnamese,
            // punctuation, symbols, Han, Hangul syllables, emoji), or the variation
            // selectors and tags that only pick a presentation: the common text skips
            // the property lookup below, which every line drawn asks each frame.
            return false
        default:
            // A mark anywhere else (Cyrillic titlos, Balinese, Javanese, ...) needs it too.
            switch Unicode.Scalar(value)?.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    func shape(_ text: Substring) -> ShapedRun {
        let characters = Array(text)
        var scalars: [UInt32] = []
        var characterOfScalar: [Int] = []
        var firstScalar: [Int] = []
        for (index, character) in characters.enumerated() {
            firstScalar.append(scalars.count)
            for scalar in character.unicodeScalars {
                // Control characters (a tab, a stray newline) show as a space, as on plain lines.
                scalars.append(scalar.properties.generalCategory == .control ? 0x20 : scalar.value)
                characterOfScalar.append(index)
            }
        }
        let bidi = BidiParagraph(scalars: scalars)
        let main = faces.sized(mainFace, size: size)

        // One level, font and script per character; a run is a stretch where all three hold.
        var levels: [Int8] = [], choices: [Choice] = [], scripts: [hb_script_t] = []
        var lastScript = HB_SCRIPT_COMMON
        for (index, character) in characters.enumerated() {
            levels.append(bidi.levels[firstScalar[index]])
            choices.append(choice(for: character, main: main, previous: choices.last))
            let script = hb_unicode_script(hb_unicode_funcs_get_default(), character.glyphScalar.value)
            // Spaces, digits and marks belong to the script around them.
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN { lastScript = script }
            scripts.append(lastScript)
        }
        var runs: [Range<Int>] = []
        for index in characters.indices {
            if let last = runs.last, levels[last.lowerBound] == levels[index], choices[last.lowerBound] == choices[index],
               scripts[last.lowerBound] == scripts[index] {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }

        var placed: [PlacedGlyph] = []
        var left = [Int](repeating: Int.min, count: characters.count)
        var right = [Int](repeating: Int.min, count: characters.count)
        // The pen in 26.6 fixed point, as HarfBuzz and FreeType measure.
        var pen = 0
        func cover(_ character: Int, from start: Int, to end: Int) {
            let x0 = (min(start, end) + 32) >> 6, x1 = (max(start, end) + 32) >> 6
            left[character] = left[character] == Int.min ? x0 : min(left[character], x0)
            right[character] = right[character] == Int.min ? x1 : max(right[character], x1)
        }
        for runIndex in BidiParagraph.visualOrder(ofRunLevels: runs.map { levels[$0.lowerBound] }) {
            let run = runs[runIndex]
            let rightToLeft = levels[run.lowerBound] % 2 == 1
            if case .face(let location) = choices[run.lowerBound], let face = faces.sized(location, size: size) {
                let start = firstScalar[run.lowerBound]
                let end = run.upperBound < characters.count ? firstScalar[run.upperBound] : scalars.count
                shapeRun(
                    scalars: scalars, range: start..<end, rightToLeft: rightToLeft, script: scripts[run.lowerBound], face: face
                ) { glyphIndex, cluster, advance, offsetX, offsetY in
                    let character = characterOfScalar[min(Int(cluster), characterOfScalar.count - 1)]
                    placed.append(PlacedGlyph(
                        glyph: face.glyph(index: glyphIndex), x: (pen + offsetX + 32) >> 6, rise: (offsetY + 32) >> 6))
                    cover(character, from: pen, to: pen + advance)
                    pen += advance
                }
            } else {
                let order: [Int] = rightToLeft ? run.reversed() : Array(run)
                for character in order {
                    let glyph = plainGlyph(characters[character])
                    let advance = (glyph?.advance ?? 0) * 64
                    if let glyph { placed.append(PlacedGlyph(glyph: glyph, x: (pen + 32) >> 6)) }
                    cover(character, from: pen, to: pen + advance)
                    pen += advance
                }
            }
        }
        // Characters inside a ligature (lam-alef) drew no glyph of their own: their
        // caret stands with the character before them.
        var characterIsRightToLeft: [Bool] = []
        for index in characters.indices {
            characterIsRightToLeft.append(levels[index] % 2 == 1)
            guard left[index] == Int.min else { continue }
            let previous = index > 0 ? (characterIsRightToLeft[index - 1] ? left[index - 1] : right[index - 1]) : 0
            left[index] = previous
            right[index] = previous
        }
        return ShapedRun(
            glyphs: placed, width: (pen + 32) >> 6, isRightToLeft: bidi.isRightToLeft, characterLeft: left,
            characterRight: right, characterIsRightToLeft: characterIsRightToLeft)
    }

    /// The font for one character. A cluster (a letter and its marks) reaches HarfBuzz
    /// whole, in one face that has every scalar of it: a mark shaped apart from its
    /// letter, or in a font without it, would draw as a box or not at all.
    private func choice(for character: Character, main: SizedFace?, previous: Choice?) -> Choice {
        let scalar = character.glyphScalar.value
        if character.asksForEmojiStyle || character.glyphScalar.properties.isEmojiPresentation,
           plainGlyph(character)?.isColor == true {
            return .plainGlyph
        }
        if scalar < 0x20 { return .face(mainFace) }
        // Joiners and variation selectors need no glyph: HarfBuzz hides them.
        let needed = character.unicodeScalars.lazy.filter { !$0.properties.isDefaultIgnorableCodePoint }.map(\.value)
        func covers(_ face: SizedFace?) -> Bool { face.map { face in needed.allSatisfy { face.hasCharacter($0) } } ?? false }
        if covers(main) { return .face(mainFace) }
        // A fallback font that drew the character before keeps the word: a word split
        // between two fonts is shaped in pieces (an Indic conjunct would fall apart).
        if case .face(let face) = previous, face != mainFace, covers(faces.sized(face, size: size)) { return .face(face) }
        let fallbackFace = fallback(scalar)
        if let fallbackFace, covers(faces.sized(fallbackFace, size: size)) { return .face(fallbackFace) }
        // No one font has the whole cluster: its letter's font, whose box stands for the rest.
        if main?.hasCharacter(scalar) != false { return .face(mainFace) }
        if let fallbackFace { return .face(fallbackFace) }
        if plainGlyph(character)?.isColor == true { return .plainGlyph }
        noteMissing(scalar)
        return .face(mainFace)  // its missing-glyph box
    }

    /// Shapes `scalars[range]` (the rest is context, so joining sees across runs)
    /// and hands each glyph, in visual order, with its cluster (a scalar index) and
    /// its advance and offsets in 26.6 fixed point.
    private func shapeRun(
        scalars: [UInt32], range: Range<Int>, rightToLeft: Bool, script: hb_script_t, face: SizedFace,
        _ body: (_ glyph: UInt32, _ cluster: UInt32, _ advance: Int, _ offsetX: Int, _ offsetY: Int) -> Void
    ) {
        guard let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(
                buffer, text.baseAddress, Int32(clamping: text.count), UInt32(range.lowerBound), Int32(clamping: range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        for index in 0..<Int(count) {
            let info = infos[index], position = positions[index]
            body(info.codepoint, info.cluster, Int(position.x_advance), Int(position.x_offset), Int(position.y_offset))
        }
    }
}
