import Raster

/// A file name fitted to a few lines of a picker card: whole when it fits, otherwise
/// shortened in the middle of its name with "…" so its extension stays whole
/// ("holiday.photo.from.the.beach.2024.jpg" → "holiday.photo.from.th….jpg"). Cut at
/// the end, as any label is, it lost the one part that says what kind of file it is
/// ("….2024.jp…").
public enum FileNameFit {
    /// `name` as it fits in `lines` lines `width` pixels wide in `layout`'s font.
    public static func fitted(_ name: String, lines: Int, width: Int, layout: TextLayout) -> String {
        guard layout.lineCount(of: name, width: width) > lines else { return name }
        // The extension: after the last dot, when there is a name before it and it is short.
        let characters = Array(name)
        var stem = characters, tail: [Character] = []
        if let dot = characters.lastIndex(of: "."), dot > 0, characters.count - dot <= 6 {
            stem = Array(characters[..<dot])
            tail = Array(characters[dot...])
        }
        // The longest start of the stem that still fits, by halving.
        var low = 0, high = stem.count
        while low < high {
            let middle = (low + high + 1) / 2
            if layout.lineCount(of: String(stem.prefix(middle)) + "…" + String(tail), width: width) <= lines {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return String(stem.prefix(low)) + "…" + String(tail)
    }
}
