import CatalogCore
import GRDB

/// A typed query, read once: its words, the barcodes it could be, its SKU key, and the way it is routed.
public struct SearchQuery: Sendable {
    /// How a query is answered.
    public enum Route: String, Sendable {
        /// A valid barcode: looked up exactly by GTIN, never fuzzily.
        case barcode
        /// Shaped like a SKU: looked up exactly, then by prefix.
        case sku
        /// One letter or digit: items whose name starts with it, in name order.
        case initial
        /// Words: the full-text index with typos, prefixes and synonyms.
        case text
    }

    /// Words past this many are ignored: nobody types more, and each one costs a lookup.
    public static let maxWords = 12
    /// Longer parts are cut: no catalog word is this long.
    static let maxPartLength = 48
    /// Parts of one word past this many are ignored (`a-b-c-...`).
    static let maxParts = 8

    /// The query without leading and trailing whitespace.
    public let text: String
    /// Its normalised words (at most `maxWords`).
    public let words: [SearchText.Word]
    /// Every valid barcode reading of the whole query.
    public let barcodes: [Barcode]
    /// The query as a SKU lookup key (`SKU.key`).
    public let skuKey: String

    /// Reads `text`.
    public init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        self.text = trimmed
        words = SearchText.words(trimmed).prefix(Self.maxWords).map { word in
            SearchText.Word(parts: word.parts.prefix(Self.maxParts).map { String($0.prefix(Self.maxPartLength)) })
        }
        barcodes = trimmed.utf8.count <= 32 ? Barcode.interpretations(of: trimmed) : []
        skuKey = trimmed.utf8.count <= 64 ? SKU.key(trimmed) : ""
    }

    /// Whether nothing searchable was typed (only spaces or nothing at all).
    public var isEmpty: Bool { text.isEmpty }

    /// The route this query takes first.
    public var route: Route {
        if !barcodes.isEmpty { return .barcode }
        if looksLikeSKU { return .sku }
        if words.count == 1, words[0].parts.count == 1, words[0].parts[0].unicodeScalars.count == 1 {
            return .initial
        }
        return .text
    }

    /// One run of characters with a digit in it, or with SKU punctuation inside it (`AC-WDG`, `hw.0142`),
    /// three or more characters long. A number alone needs four digits, so `330` stays a word.
    var looksLikeSKU: Bool {
        guard !text.contains(where: \.isWhitespace), skuKey.utf8.count >= 3, skuKey.utf8.count <= 64 else {
            return false
        }
        let digits = skuKey.utf8.filter(SearchText.isDigit).count
        if digits == skuKey.utf8.count { return digits >= 4 }
        if digits > 0 { return true }
        let inner = text.dropFirst().dropLast()
        return inner.contains { "-/._".contains($0) }
    }

    /// The first letter or digit, for the `.initial` route.
    var initial: String { words.first?.parts.first ?? "" }
}

/// One way a typed word can be found in the index.
struct Alternative: Sendable, Hashable {
    /// The tokens, in order; several make a phrase (`500ml` as `500 ml`, a synonym `coca cola`).
    var tokens: [String]
    /// How many typos it corrects.
    var typos: Int
    /// Whether the last token may be the start of a longer word.
    var prefix: Bool
    /// Whether the token may be a piece of an indexed number with a point, cut there as a tokenizing
    /// engine cuts it (`5l` of `1.5l`, `0` of `2.0`). FTS5 cannot find that: such a word is checked on
    /// what the other words found (`WordPlan.isChecked`).
    var piece = false

    /// This alternative in FTS5 query syntax: a quoted phrase, `*` for a prefix. Tokens are quoted (with
    /// quotes doubled), so no typed text is ever read as FTS5 syntax.
    var expression: String {
        let phrase = tokens.map { $0.replacingOccurrences(of: "\"", with: "\"\"") }.joined(separator: " ")
        return "\"" + phrase + "\"" + (prefix ? " *" : "")
    }
}

/// A typed word and every way it can be found.
struct WordPlan: Sendable {
    var word: SearchText.Word
    var alternatives: [Alternative]

    /// Words with digits are specifications (a size, a model number): never dropped to find something.
    var droppable: Bool { !word.hasDigits }

    /// This word in FTS5 syntax: its alternatives joined by OR. An alternative the same tokens as a prefix
    /// already find is left out (the prefix finds it too, and each alternative costs FTS5 a doclist); it
    /// stays in the plan, where it ranks what it matches.
    var expression: String {
        let prefixed = Set(alternatives.filter(\.prefix).map(\.tokens))
        var seen: Set<Alternative> = []
        let asked = alternatives.filter { ($0.prefix || !prefixed.contains($0.tokens)) && seen.insert($0).inserted }
        return "(" + asked.map(\.expression).joined(separator: " OR ") + ")"
    }

    /// The alternatives that need no lookup: the word itself, its parts as a phrase, and the prefix forms
    /// when it is the last word typed.
    static func literal(_ word: SearchText.Word, isLast: Bool) -> [Alternative] {
        var alternatives = [Alternative(tokens: [word.joined], typos: 0, prefix: false)]
        if word.parts.count > 1 { alternatives.append(Alternative(tokens: word.parts, typos: 0, prefix: false)) }
        if !isLast, word.parts.count == 1, word.joined.utf8.allSatisfy(SearchText.isDigit) {
            // A whole number typed before other words may be the whole part of a decimal (`acme 2 drill`
            // for Acme 2.0 Drill), as the last word may: `2.` followed by anything.
            alternatives.append(Alternative(tokens: [word.joined + "."], typos: 0, prefix: true))
        }
        if isLast {
            alternatives.append(Alternative(tokens: [word.joined], typos: 0, prefix: true))
            // A one-letter prefix inside a phrase would make FTS5 walk every word starting with it.
            if word.parts.count > 1, word.parts[word.parts.count - 1].unicodeScalars.count > 1 {
                alternatives.append(Alternative(tokens: word.parts, typos: 0, prefix: true))
            }
        }
        return alternatives
    }

    /// The same word also taken as the start of a longer word (two characters or more), for the retry
    /// when nothing has every word as typed.
    func withPrefix() -> WordPlan {
        guard word.joined.unicodeScalars.count >= 2, !isPrefix else { return self }
        return WordPlan(
            word: word, alternatives: alternatives + [Alternative(tokens: [word.joined], typos: 0, prefix: true)])
    }

    /// The same word with the indexed words within its typo allowance added (none for words with digits,
    /// of three letters or fewer, or longer than any real word), as `lookUp` finds them.
    func withTypos(_ lookUp: (String) throws -> [Alternative]) rethrows -> WordPlan {
        let length = word.joined.unicodeScalars.count
        guard !word.hasDigits, Typos.allowed(length: length) > 0, length <= Typos.longestWord else { return self }
        let typos = try lookUp(word.joined)
        return typos.isEmpty ? self : WordPlan(word: word, alternatives: alternatives + typos)
    }

    /// The same word with only the alternatives `before` did not have (the typos `withTypos` added).
    func added(since before: WordPlan) -> WordPlan {
        let had = Set(before.alternatives)
        return WordPlan(word: word, alternatives: alternatives.filter { !had.contains($0) })
    }

    /// A last word of one character: FTS5 has no prefix index that short, so candidates are found by the
    /// other words and then filtered on this one.
    var isShortPrefix: Bool {
        word.joined.unicodeScalars.count == 1 && isPrefix
    }

    /// The same word with digits also taken as a piece of a number with a point (`5l` of `1.5l`), for the
    /// retry when no item found has it in a name as typed; nil for a word without digits.
    func withPieces() -> WordPlan? {
        guard word.hasDigits else { return nil }
        let piece = Alternative(tokens: [word.joined], typos: 0, prefix: isPrefix, piece: true)
        return WordPlan(word: word, alternatives: alternatives + [piece])
    }

    /// Whether the word is not asked of the index but checked on the documents the other words found: a
    /// one-character last word, or one that may be a piece of a number.
    var isChecked: Bool { isShortPrefix || alternatives.contains(where: \.piece) }

    /// Whether the word is already taken as the start of a longer word (a number's `2.` is not that).
    var isPrefix: Bool { alternatives.contains { $0.prefix && $0.tokens == [word.joined] } }
}

extension Array where Element == WordPlan {
    /// All the words, every one required: the FTS5 MATCH expression.
    var expression: String { map(\.expression).joined(separator: " AND ") }
}
