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
    var fields: [[Substring]]
    /// FTS5's bm25 (lower is better).
    var bm25: Double
}

/// Where and how well one typed word matched a document.
struct WordMatch: Comparable, Sendable {
    var typos: Int
    var prefixOnly: Bool
    var field: SearchField
    var position: Int

    static func < (a: WordMatch, b: WordMatch) -> Bool {
        (a.typos, a.prefixOnly ? 1 : 0, a.field.rawValue, a.position)
            < (b.typos, b.prefixOnly ? 1 : 0, b.field.rawValue, b.position)
    }
}

/// The ranking of one candidate, compared field by field: an exact code hit, then how many typed words
/// matched, typos, prefix-only matches, where the words matched, word order, shorter names, bm25, and
/// last the name and id so that ties keep a stable order.
struct SearchRank: Comparable, Sendable {
    var exactCode = false
    var matchedWords = 0
    var typos = 0
    var prefixOnly = 0
    var fieldCost = 0
    var orderCost = 0
    var nameLength = 0
    var bm25 = 0.0
    var nameKey = ""
    var itemID = ""

    static func < (a: SearchRank, b: SearchRank) -> Bool {
        if a.exactCode != b.exactCode { return a.exactCode }
        if a.matchedWords != b.matchedWords { return a.matchedWords > b.matchedWords }
        if a.typos != b.typos { return a.typos < b.typos }
        if a.prefixOnly != b.prefixOnly { return a.prefixOnly < b.prefixOnly }
        if a.fieldCost != b.fieldCost { return a.fieldCost < b.fieldCost }
        if a.orderCost != b.orderCost { return a.orderCost < b.orderCost }
        if a.nameLength != b.nameLength { return a.nameLength < b.nameLength }
        if a.bm25 != b.bm25 { return a.bm25 < b.bm25 }
        if a.nameKey != b.nameKey { return a.nameKey < b.nameKey }
        return a.itemID < b.itemID
    }

    /// A single number for scripts: higher is better. The order of results is the ranking; this only
    /// summarises it.
    var score: Double {
        var value = Double(matchedWords) * 100 - Double(typos) * 10 - Double(prefixOnly) * 3 - Double(fieldCost)
        value -= Double(orderCost) * 0.5 + Double(min(nameLength, 20)) * 0.05
        value += min(max(-bm25, 0), 9.99) / 100
        return (exactCode ? 1000 : 0) + value
    }
}

enum SearchRanking {
    /// Ranks `candidate` against the typed words in `plans`.
    static func rank(_ candidate: SearchCandidate, plans: [WordPlan]) -> SearchRank {
        var rank = SearchRank(nameLength: candidate.nameLength, bm25: candidate.bm25)
        rank.nameKey = candidate.nameKey
        rank.itemID = candidate.itemID
        var namePositions: [Int] = []
        for plan in plans {
            guard let match = bestMatch(of: plan, in: candidate.fields) else { continue }
            rank.matchedWords += 1
            rank.typos += match.typos
            rank.prefixOnly += match.prefixOnly ? 1 : 0
            rank.fieldCost += match.field.rawValue
            if match.field == .name { namePositions.append(match.position) }
        }
        for index in namePositions.indices.dropFirst() where namePositions[index] < namePositions[index - 1] {
            rank.orderCost += 1
        }
        return rank
    }

    /// The best way `plan`'s word matched one of `fields`, or nil when it did not match at all.
    static func bestMatch(of plan: WordPlan, in fields: [[Substring]]) -> WordMatch? {
        var best: WordMatch?
        for alternative in plan.alternatives {
            if let found = best, found.typos < alternative.typos { continue }
            for field in SearchField.allCases {
                guard let (position, exact) = find(alternative, in: fields[field.rawValue]) else { continue }
                let match = WordMatch(
                    typos: alternative.typos, prefixOnly: alternative.prefix && !exact, field: field,
                    position: position)
                if best.map({ match < $0 }) ?? true { best = match }
                break
            }
        }
        return best
    }

    /// Where `alternative` occurs in `tokens` (its first token's position), and whether it occurs whole
    /// rather than only as the start of a longer word. An exact occurrence is preferred.
    static func find(_ alternative: Alternative, in tokens: [Substring]) -> (Int, Bool)? {
        let phrase = alternative.tokens
        guard !phrase.isEmpty, tokens.count >= phrase.count else { return nil }
        var prefixAt: Int?
        for start in 0...(tokens.count - phrase.count) {
            var exact = true
            var matches = true
            for (offset, token) in phrase.enumerated() {
                let candidate = tokens[start + offset]
                if candidate == token[...] { continue }
                if alternative.prefix, offset == phrase.count - 1, candidate.hasPrefix(token) {
                    exact = false
                    continue
                }
                matches = false
                break
            }
            guard matches else { continue }
            if exact { return (start, true) }
            if prefixAt == nil { prefixAt = start }
        }
        return prefixAt.map { ($0, false) }
    }
}
