/// The fields a document is found by, best first: a match in the item's name beats one in a variation's
/// name, which beats its category, which beats a SKU.
enum SearchField: Int, Sendable, CaseIterable {
    case name, variations, category, codes
}

/// One item the index returned, with what ranking needs to know about it.
struct SearchCandidate: Sendable {
    var itemID: String
    var nameKey: String
    var nameLength: Int
    /// The normalised tokens of each field, in `SearchField` order.
    var fields: [[String]]
    /// How many tokens the document has in all its fields: among equals, the shorter document is the more
    /// specific match (what bm25's length normalisation would say, without its cost: FTS5 counts the
    /// documents of every phrase of the query to compute it, which doubled the time of each query).
    var length: Int
    /// The document's row in the index.
    var rowID: Int64
}

/// Where and how well one typed word matched a document.
struct WordMatch: Comparable, Sendable {
    var typos: Int
    var prefixOnly: Bool
    var field: SearchField
    var position: Int
    /// Whether the word found in the name only a word an earlier typed word had matched already (`trade`
    /// in Trade-Line Stainless when `trade-line` was typed too).
    var reused = false
    /// Whether the word is a number typed to the whole part of the name's number with decimals (`1` for
    /// `1.5kg`): a closer match than a longer number (`150g`), not as close as the number itself (`1 kg`).
    var wholePart = false

    /// What a typo costs in `fit`: more than a whole word in a variation name, less than one found only in
    /// the category.
    static let typoCost = 3

    /// How badly the word fits where it was found, for a query of several words: a typo costs 3, a word
    /// matched only as the start of a longer one 2, a number typed to the whole part of a decimal 1, a word
    /// found only in the category 4 and only in a SKU 5; the item and variation names cost nothing. So `sauce` in the name with one typo fits `sauces`
    /// better than the exact word in another item's category, and a half-typed word in the name fits
    /// better than a whole one in a category.
    var fit: Int {
        let place: Int
        switch field {
        case .name, .variations: place = 0
        case .category: place = 4
        case .codes: place = 5
        }
        return typos * Self.typoCost + (prefixOnly ? 2 : 0) + (wholePart ? 1 : 0) + place
    }

    /// The order for a one-word query: typos, prefix-only, field, position.
    static func fewerTypos(_ a: WordMatch, _ b: WordMatch) -> Bool {
        (a.typos, a.prefixOnly ? 1 : 0, a.field.rawValue, a.reused ? 1 : 0, a.position)
            < (b.typos, b.prefixOnly ? 1 : 0, b.field.rawValue, b.reused ? 1 : 0, b.position)
    }

    static func < (a: WordMatch, b: WordMatch) -> Bool {
        (a.fit, a.typos, a.prefixOnly ? 1 : 0, a.field.rawValue, a.reused ? 1 : 0, a.position)
            < (b.fit, b.typos, b.prefixOnly ? 1 : 0, b.field.rawValue, b.reused ? 1 : 0, b.position)
    }
}

/// The ranking of one candidate, compared field by field: an exact code hit, then how many typed words
/// matched, how well they fit where they matched (several words only), typos, prefix-only matches, where
/// the words matched, word order, shorter names, shorter documents, and last the name and id so that ties
/// keep a stable order.
struct SearchRank: Comparable, Sendable {
    var exactCode = false
    var matchedWords = 0
    /// The words' `WordMatch.fit` added up; 0 for a one-word query, where typos come first.
    var fit = 0
    var typos = 0
    var prefixOnly = 0
    var fieldCost = 0
    var orderCost = 0
    var nameLength = 0
    var length = 0
    var nameKey = ""
    var itemID = ""

    static func < (a: SearchRank, b: SearchRank) -> Bool {
        if a.exactCode != b.exactCode { return a.exactCode }
        if a.matchedWords != b.matchedWords { return a.matchedWords > b.matchedWords }
        if a.fit != b.fit { return a.fit < b.fit }
        if a.typos != b.typos { return a.typos < b.typos }
        if a.prefixOnly != b.prefixOnly { return a.prefixOnly < b.prefixOnly }
        if a.fieldCost != b.fieldCost { return a.fieldCost < b.fieldCost }
        if a.orderCost != b.orderCost { return a.orderCost < b.orderCost }
        if a.nameLength != b.nameLength { return a.nameLength < b.nameLength }
        if a.length != b.length { return a.length < b.length }
        if a.nameKey != b.nameKey { return a.nameKey < b.nameKey }
        return a.itemID < b.itemID
    }

    /// A single number for scripts: higher is better. The order of results is the ranking; this only
    /// summarises it.
    var score: Double {
        var value = Double(matchedWords) * 100 - Double(fit) * 5 - Double(typos) * 10 - Double(prefixOnly) * 3
        value -= Double(fieldCost)
        value -= Double(orderCost) * 0.5 + Double(min(nameLength, 20)) * 0.05
        value -= Double(min(length, 99)) / 1000
        return (exactCode ? 1000 : 0) + value
    }
}

enum SearchRanking {
    /// Ranks `candidate` against the typed words in `plans`.
    static func rank(_ candidate: SearchCandidate, plans: [WordPlan]) -> SearchRank {
        var rank = SearchRank(nameLength: candidate.nameLength, length: candidate.length)
        rank.nameKey = candidate.nameKey
        rank.itemID = candidate.itemID
        var namePositions: [Int] = []
        for plan in plans {
            guard
                let match = bestMatch(
                    of: plan, in: candidate.fields, fitting: plans.count > 1, used: Set(namePositions))
            else { continue }
            rank.matchedWords += 1
            if plans.count > 1 { rank.fit += match.fit }
            rank.typos += match.typos
            rank.prefixOnly += match.prefixOnly ? 1 : 0
            rank.fieldCost += match.field.rawValue
            if match.field == .name { namePositions.append(match.position) }
            // A word typed twice wants the name to have it twice: counted as out of order.
            if match.reused { rank.orderCost += 1 }
        }
        for index in namePositions.indices.dropFirst() where namePositions[index] < namePositions[index - 1] {
            rank.orderCost += 1
        }
        return rank
    }

    /// The best way `plan`'s word matched one of `fields`, or nil when it did not match at all: the one
    /// that fits best when `fitting` (a query of several words), else the one with the fewest typos. A word
    /// of the name at one of the positions `used` is taken only when the name has no other.
    static func bestMatch(
        of plan: WordPlan, in fields: [[String]], fitting: Bool = false, used: Set<Int> = []
    ) -> WordMatch? {
        var best: WordMatch?
        for alternative in plan.alternatives {
            if !fitting, let found = best, found.typos < alternative.typos { continue }
            for field in SearchField.allCases {
                let avoiding = field == .name ? used : []
                guard let (position, found) = find(alternative, in: fields[field.rawValue], avoiding: avoiding)
                else { continue }
                // A piece of a number fits as a word typed half-way does.
                let match = WordMatch(
                    typos: alternative.typos, prefixOnly: found == .prefix || found == .piece, field: field,
                    position: position, reused: avoiding.contains(position), wholePart: found == .wholePart)
                if best.map({ fitting ? match < $0 : WordMatch.fewerTypos(match, $0) }) ?? true { best = match }
                break
            }
        }
        return best
    }

    /// Whether `typed`, digits only, is the whole part of the number `token` (`2` of `2.0` or `2.5l`).
    /// `2.` (the alternative a number typed before other words gets) counts as `2`.
    static func isWholePart(_ typed: String, of token: String) -> Bool {
        let whole = typed.utf8.last == UInt8(ascii: ".") ? typed.utf8.dropLast() : typed.utf8[...]
        let rest = token.utf8.dropFirst(whole.count)
        return rest.first == UInt8(ascii: ".") && !whole.isEmpty && whole.allSatisfy(SearchText.isDigit)
    }

    /// Whether `typed` is what follows a point in the number `token` (`5l` or `5` of `1.5l`, `0` of `2.0`), or
    /// its start when `prefix`.
    static func isPiece(_ typed: String, of token: String, prefix: Bool) -> Bool {
        var rest = token.utf8[...]
        while let point = rest.firstIndex(of: UInt8(ascii: ".")) {
            rest = rest[rest.index(after: point)...]
            let piece = rest.prefix { $0 != UInt8(ascii: ".") }
            if prefix ? piece.starts(with: typed.utf8) : piece.elementsEqual(typed.utf8) { return true }
        }
        return false
    }

    /// How an alternative occurs in a field, best first.
    enum Occurrence: Int, Comparable {
        /// Every token as typed.
        case exact
        /// The last token typed to the whole part of a number with decimals (`2` of `2.0`).
        case wholePart
        /// The last token typed only as the start of a longer word.
        case prefix
        /// The token a piece of a number with a point (`5l` of `1.5l`).
        case piece

        static func < (a: Occurrence, b: Occurrence) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where `alternative` occurs in `tokens` (its first token's position), and how: the best occurrence,
    /// and of equal ones the first at a position not in `avoiding`, else the first.
    static func find(
        _ alternative: Alternative, in tokens: [String], avoiding: Set<Int> = []
    ) -> (Int, Occurrence)? {
        let phrase = alternative.tokens
        guard !phrase.isEmpty, tokens.count >= phrase.count else { return nil }
        var best: (position: Int, occurrence: Occurrence)?
        for start in 0...(tokens.count - phrase.count) {
            var occurrence = Occurrence.exact
            var matches = true
            for (offset, token) in phrase.enumerated() {
                let candidate = tokens[start + offset]
                // Bytes, not characters: both sides are folded the same way (`SearchText`), so equal text is
                // equal bytes, and comparing characters cost a broad search a fifth of its time.
                if candidate.utf8.elementsEqual(token.utf8) { continue }
                if alternative.prefix, offset == phrase.count - 1, candidate.utf8.starts(with: token.utf8) {
                    occurrence = isWholePart(token, of: candidate) ? .wholePart : .prefix
                    continue
                }
                if alternative.piece, isPiece(token, of: candidate, prefix: alternative.prefix) {
                    occurrence = .piece
                    continue
                }
                matches = false
                break
            }
            guard matches else { continue }
            if occurrence == .exact, !avoiding.contains(start) { return (start, .exact) }
            if let found = best {
                let better =
                    occurrence < found.occurrence
                    || (occurrence == found.occurrence && avoiding.contains(found.position)
                        && !avoiding.contains(start))
                if !better { continue }
            }
            best = (start, occurrence)
        }
        return best.map { ($0.position, $0.occurrence) }
    }
}
