import CatalogCore

/// One row of search results: a variation, and how well its item matched.
public struct SearchHit: Sendable, Equatable {
    /// The variation.
    public var variation: VariationSummary
    /// Higher is better; every variation of one item carries the item's score.
    public var score: Double

    /// The stable JSON shape: `VariationSummary.json` plus `score`.
    public var json: JSONValue {
        var value = variation.json
        value["score"] = .number(Self.format(score))
        return value
    }

    static func format(_ score: Double) -> String {
        let rounded = (score * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(rounded)
    }
}

/// What a search found, and how.
public struct SearchOutcome: Sendable, Equatable {
    /// How the results were found.
    public enum Method: String, Sendable {
        /// By barcode, exactly.
        case barcode
        /// By SKU, exactly or by prefix.
        case sku
        /// Items whose name starts with the one character typed.
        case initial
        /// By words, with typos, prefixes and synonyms.
        case text
        /// By fragments of words found inside names and SKUs.
        case substring
    }

    /// How the results were found (`.text` when nothing was).
    public var method: Method
    /// Best first, grouped by item: the best matching variation, then its siblings.
    public var hits: [SearchHit]
    /// Typed words left out because nothing matched them all, rightmost first.
    public var droppedWords: [String] = []
}
