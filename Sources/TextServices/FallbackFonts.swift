// FallbackFonts owns finding, through fontconfig, an installed font for a character
// the main font lacks (Chinese, Japanese, Korean, Thai, ...): asked once per
// character and weight, the answer kept, including "no font has it". Colour bitmap
// fonts are skipped: emoji have their own path. Not thread-safe: used under
// SDLGlyphSource's lock.

import CFontconfig
import CTextLookup

final class FallbackFonts {
    private struct Key: Hashable {
        var scalar: UInt32
        var bold: Bool
    }
    private var answers: [Key: FontFace?] = [:]
    /// fontconfig's view of the installed fonts, loaded on the first question (most
    /// sessions never ask one) and freed with this object.
    private var config: OpaquePointer?
    private var loadedConfig = false

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// The face to draw `scalar` with, or nil when no installed font has it.
    func face(for scalar: UInt32, bold: Bool) -> FontFace? {
        let key = Key(scalar: scalar, bold: bold)
        if let known = answers[key] { return known }
        if !loadedConfig {
            loadedConfig = true
            config = FcInitLoadConfigAndFonts()
        }
        guard let config else { return nil }
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = path.withUnsafeMutableBufferPointer { buffer in
            tl_font_for_scalar(config, scalar, bold ? 1 : 0, buffer.baseAddress, Int32(buffer.count), &index)
        }
        let answer = found != 0 ? FontFace(path: String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), index: Int(index)) : nil
        answers[key] = answer
        return answer
    }
}
