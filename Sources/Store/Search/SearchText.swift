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
        var words: [Word] = []
        var previous: String?
        for chunk in fold(text).split(separator: " ", omittingEmptySubsequences: true) {
            var parts = split(chunk)
            guard !parts.isEmpty else { continue }
            for index in parts.indices {
                let before = index > 0 ? parts[index - 1] : previous
                if let before, isNumber(before), let unit = units[parts[index]] { parts[index] = unit }
            }
            previous = parts.last
            words.append(Word(parts: parts))
        }
        return words
    }

    /// The tokens `text` is indexed under, in order: each word's parts, then its joined form when it has
    /// several parts.
    public static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        for word in words(text) {
            tokens += word.parts
            if word.parts.count > 1 { tokens.append(word.joined) }
        }
        return tokens
    }

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

    /// The parts of one folded chunk: runs of letters and numbers; `.` or `,` between digits is a decimal
    /// point and becomes `.`; any other punctuation separates parts.
    static func split<S: StringProtocol>(_ chunk: S) -> [String] {
        var parts: [String] = []
        var current: [UInt8] = []
        var currentIsDigits = false
        let bytes = Array(chunk.utf8)
        func flush() {
            if !current.isEmpty { parts.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                if currentIsDigits, !current.isEmpty, index + 1 < bytes.count, isDigit(bytes[index + 1]),
                    !current.contains(UInt8(ascii: "."))
                {
                    current.append(UInt8(ascii: "."))
                } else {
                    flush()
                }
            } else if byte < 0x80 && !isDigit(byte) && !isASCIILetter(byte) {
                flush()
            } else {
                // A continuation byte belongs to the letter it continues.
                let digit = isDigit(byte)
                let continuation = byte & 0xC0 == 0x80
                if !current.isEmpty && !continuation && digit != currentIsDigits { flush() }
                if !continuation { currentIsDigits = digit }
                current.append(byte)
            }
            index += 1
        }
        flush()
        return parts
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isASCIILetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

    static func isNumber(_ part: String) -> Bool { part.utf8.first.map(isDigit) ?? false }

    /// Whether `part` is made of letters only (the parts that may match with typos).
    static func isLetters(_ part: String) -> Bool { !part.utf8.contains(where: isDigit) && !part.contains(".") }

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
