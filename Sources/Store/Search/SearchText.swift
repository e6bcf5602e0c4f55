import Foundation

/// The one text normalisation search uses, for the index and for queries alike.
///
/// Text is folded (lower case, diacritics removed, `ß` = `ss`, `ø` = `o`, compatibility forms such as
/// `ﬁ` and full-width digits made plain) and cut into words at whitespace. Each word is cut again into
/// parts at punctuation and at letter/digit boundaries; a decimal point between digits stays (`1.5`).
/// A unit written after a number takes its short form (`500 millilitres` = `500 ml`), and a word of
/// several parts also keeps its joined form (`t-shirt` gives `t`, `shirt` and `tshirt`).
public enum SearchText {
    /// One whitespace-separated word of normalised text.
    public struct Word: Sendable, Equatable {
        /// The word's parts: runs of letters, or numbers (with their decimal point).
        public var parts: [String]

        /// The parts written together (`tshirt`, `500ml`), or the only part.
        public var joined: String { parts.joined() }

        /// Whether any part holds a digit; such words never match with typos.
        public var hasDigits: Bool { parts.contains { $0.utf8.contains(where: SearchText.isDigit) } }
    }

    /// The normalised words of `text`; words with no letter or digit are left out.
    public static func words(_ text: String) -> [Word] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return words(folded: text.utf8) }
        return words(folded: fold(text).utf8)
    }

    /// The tokens `text` is indexed under, in order: each word's parts, then its joined form when it has
    /// several parts.
    public static func tokens(_ text: String) -> [String] { tokens(words(text)) }

    /// The tokens of already normalised words.
    static func tokens(_ words: [Word]) -> [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(words.count * 2)
        for word in words {
            tokens += word.parts
            if word.parts.count > 1 { tokens.append(word.joined) }
        }
        return tokens
    }

    /// One pass over folded (or plain ASCII) text: upper-case ASCII letters are lowered, whitespace and
    /// symbols end a word, word punctuation and letter/digit boundaries end a part.
    static func words<Bytes: Collection>(folded bytes: Bytes) -> [Word] where Bytes.Element == UInt8 {
        var words: [Word] = []
        var parts: [String] = []
        var part: [UInt8] = []
        var partIsNumber = false
        var previousPart: String?
        var pendingPoint = false
        func endPart() {
            guard !part.isEmpty else { return }
            var text = String(decoding: part, as: UTF8.self)
            if !partIsNumber, let before = parts.last ?? previousPart, isNumber(before), let unit = units[text] {
                text = unit
            }
            parts.append(text)
            part.removeAll(keepingCapacity: true)
        }
        func endWord() {
            endPart()
            pendingPoint = false
            guard !parts.isEmpty else { return }
            previousPart = parts.last
            words.append(Word(parts: parts))
            parts.removeAll(keepingCapacity: true)
        }
        for var byte in bytes {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if isDigit(byte) {
                if pendingPoint {
                    part.append(UInt8(ascii: "."))
                    pendingPoint = false
                } else if !part.isEmpty && !partIsNumber {
                    endPart()
                }
                partIsNumber = true
                part.append(byte)
            } else if isASCIILetter(byte) || byte >= 0x80 {
                if pendingPoint { pendingPoint = false }
                if !part.isEmpty && partIsNumber { endPart() }
                partIsNumber = false
                part.append(byte)
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                // A decimal point only between digits, and only one per number.
                if partIsNumber && !part.isEmpty && !pendingPoint && !part.contains(UInt8(ascii: ".")) {
                    pendingPoint = true
                } else {
                    pendingPoint = false
                    endPart()
                }
            } else if wordPunctuation.contains(byte) {
                pendingPoint = false
                endPart()
            } else {
                endWord()
            }
        }
        endWord()
        return words
    }

    /// Punctuation that joins the parts of one word (`t-shirt`, `AC/WDG`, `Kellogg's`).
    static let wordPunctuation: Set<UInt8> = Set("-/'_+&".utf8)

    /// `text` lower-cased, without diacritics and with every run of characters that are neither letters,
    /// digits nor word punctuation turned into one space.
    public static func fold(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { appendASCII(byte, to: &out) }
        } else {
            for scalar in text.unicodeScalars { appendFolded(scalar, to: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func appendASCII(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 0x20)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): out.append(byte)
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "/"), UInt8(ascii: "'"),
            UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "&"):
            out.append(byte)
        default:
            if out.last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
        }
    }

    static func appendFolded(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.isASCII {
            appendASCII(UInt8(scalar.value), to: &out)
            return
        }
        if let special = specialFolds[scalar] {
            out += special.utf8
            return
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return
        case .dashPunctuation, .connectorPunctuation:
            out.append(UInt8(ascii: "-"))
            return
        default: break
        }
        if scalar == "\u{2019}" || scalar == "\u{2018}" || scalar == "\u{00B7}" {
            out.append(UInt8(ascii: "'"))
            return
        }
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.lowercased()
        var kept = false
        for part in decomposed.unicodeScalars {
            if part.isASCII {
                appendASCII(UInt8(part.value), to: &out)
                kept = true
            } else if let special = specialFolds[part] {
                out += special.utf8
                kept = true
            } else if part.properties.isAlphabetic || part.properties.numericType != nil {
                out += String(part).utf8
                kept = true
            }
        }
        if !kept, out.last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
    }

    /// Letters that do not decompose into a base letter and a mark.
    static let specialFolds: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t",
        "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ĸ": "k", "ſ": "s",
    ]

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isASCIILetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

    static func isNumber(_ part: String) -> Bool { part.utf8.first.map(isDigit) ?? false }

    /// Whether `part` is made of letters only (the parts that may match with typos).
    static func isLetters(_ part: String) -> Bool { !part.utf8.contains(where: isDigit) }

    /// Units written after a number, by every spelling that maps to one short form.
    static let units: [String: String] = {
        let spellings: [String: [String]] = [
            "ml": ["ml", "millilitre", "millilitres", "milliliter", "milliliters", "mls"],
            "cl": ["cl", "centilitre", "centilitres", "centiliter", "centiliters"],
            "l": ["l", "lt", "ltr", "ltrs", "litre", "litres", "liter", "liters"],
            "g": ["g", "gr", "grs", "gram", "grams", "gramme", "grammes", "gm", "gms"],
            "kg": ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            "mg": ["mg", "milligram", "milligrams"],
            "oz": ["oz", "ounce", "ounces"],
            "lb": ["lb", "lbs", "pound", "pounds"],
            "mm": ["mm", "millimetre", "millimetres", "millimeter", "millimeters"],
            "cm": ["cm", "centimetre", "centimetres", "centimeter", "centimeters"],
            "m": ["m", "metre", "metres", "meter", "meters"],
            "in": ["in", "inch", "inches"],
            "ft": ["ft", "foot", "feet"],
            "pack": ["pack", "packs", "pk", "pck", "pkt"],
            "ct": ["ct", "count"],
            "v": ["v", "volt", "volts"],
            "w": ["w", "watt", "watts"],
        ]
        var map: [String: String] = [:]
        for (unit, names) in spellings { for name in names { map[name] = unit } }
        return map
    }()
}
