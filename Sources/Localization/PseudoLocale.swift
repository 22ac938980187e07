/// The pseudo-locale's version of an English message: "[Ŝàvé ōñé ţŵō]". Letters
/// accented (so an untranslated string stands out and accents' height is tried),
/// 40 % longer with whole words (so long German and French wrap as they would) and
/// bracketed (so a cut end shows). `%s`, `%d` and `%1$s` directives stay as they are.
public enum PseudoLocale {
    static let accents: [Character: Character] = [
        "a": "à", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ",
        "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
    static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    public static func transform(_ english: String) -> String {
        guard !english.isEmpty else { return english }
        var result = "["
        var index = english.startIndex
        while index < english.endIndex {
            if let length = Localization.directiveLength(in: english, at: index) {
                let end = english.index(index, offsetBy: length)
                result += english[index..<end]
                index = end
                continue
            }
            let character = english[index]
            result.append(accents[character] ?? character)
            index = english.index(after: index)
        }
        // Whole words, each on a line of its own when the message has lines.
        let extra = (english.count * 2 + 4) / 5
        var added = 0
        var word = 0
        while added < extra {
            let next = padding[word % padding.count]
            result += " " + next
            added += next.count + 1
            word += 1
        }
        return result + "]"
    }
}
