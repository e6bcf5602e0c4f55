import CatalogCore
import GRDB

/// An item search put in order, before its variations are listed.
struct RankedItem: Sendable {
    var itemID: String
    var score: Double
    /// Variations that matched a code exactly: listed first.
    var preferred: Set<String> = []
}

extension CatalogDatabase {
    /// Search results per query unless asked otherwise.
    public static let defaultSearchLimit = 20
    /// The most rows one search returns.
    public static let maximumSearchLimit = 1000

    /// Finds variations for what someone typed at the counter, best first, grouped by item.
    ///
    /// A barcode is looked up exactly; a SKU exactly, then by prefix; one character lists the items whose
    /// name starts with it; anything else goes through the word index (typos, prefixes, synonyms), then
    /// fragments inside words, then the same words with the unmatched ones left out. Archived and deleted
    /// items never appear. `limit` counts rows (variations).
    public func search(_ query: SearchQuery, limit: Int = defaultSearchLimit) async throws -> SearchOutcome {
        let (typos, broad) = (typoCache, broadCache)
        return try await read { db in try Self.search(query, limit: limit, typos: typos, broad: broad, db: db) }
    }

    static func search(
        _ query: SearchQuery, limit: Int, typos: TypoCache? = nil, broad: BroadPrefixCache? = nil, db: Database
    ) throws
        -> SearchOutcome
    {
        guard !query.isEmpty, limit > 0 else { return SearchOutcome(method: .text, hits: []) }
        switch query.route {
        case .barcode:
            // A barcode is never matched fuzzily. When no variation carries it, the same digits may be a
            // SKU or a model number in a name (`421100`), matched exactly, never as a prefix or with typos.
            let found = try codeHits(column: "gtin", values: query.barcodes.map(\.gtin14), limit: limit, db: db)
            if !found.isEmpty { return SearchOutcome(method: .barcode, hits: found) }
            let sku = try codeHits(column: "sku_key", values: [query.skuKey], limit: limit, db: db)
            if !sku.isEmpty { return SearchOutcome(method: .sku, hits: sku) }
            let outcome = try textSearch(query, limit: limit, typos: typos, broad: broad, db: db)
            return outcome.hits.isEmpty ? SearchOutcome(method: .barcode, hits: []) : outcome
        case .sku:
            let exact = try codeHits(column: "sku_key", values: [query.skuKey], limit: limit, db: db)
            if !exact.isEmpty { return SearchOutcome(method: .sku, hits: exact) }
            let found = try skuPrefixMatches(query.skuKey, limit: limit, db: db)
            if !found.isEmpty {
                return SearchOutcome(method: .sku, hits: try hits(for: found, plans: [], limit: limit, db: db))
            }
            return try textSearch(query, limit: limit, typos: typos, broad: broad, db: db)
        case .initial:
            let items = try initialMatches(query.initial, limit: limit, db: db)
            return SearchOutcome(method: .initial, hits: try hits(for: items, plans: [], limit: limit, db: db))
        case .text:
            return try textSearch(query, limit: limit, typos: typos, broad: broad, db: db)
        }
    }

    /// The rows for an exact code: every item with a variation whose `column` (`gtin` or `sku_key`) equals
    /// one of `values`, in name order, the matching variations first and their siblings after, read with
    /// one query.
    static func codeHits(column: String, values: [String], limit: Int, db: Database) throws -> [SearchHit] {
        let values = values.filter { !$0.isEmpty }
        guard !values.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ",")
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT (v.\(column) IN (\(marks))) AS matched, " + summarySelect.dropFirst("SELECT ".count)
                    + """
                     WHERE v.item_id IN (SELECT item_id FROM variations WHERE \(column) IN (\(marks)))
                        AND i.is_archived = 0
                    ORDER BY i.name, i.id, matched DESC, v.ordinal IS NULL, v.ordinal, v.id LIMIT ?
                    """),
            arguments: StatementArguments(values + values + [limit]))
        return try rows.map { SearchHit(variation: try summary($0), score: 1000) }
    }

    /// Items with a variation whose `column` equals one of `values`, in name order, each with the
    /// variations that matched.
    static func codeMatches(column: String, values: [String], db: Database) throws -> [RankedItem] {
        let values = values.filter { !$0.isEmpty }
        guard !values.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ",")
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT v.id, v.item_id FROM variations v JOIN items i ON i.id = v.item_id
                    WHERE \(column) IN (\(marks)) AND i.is_archived = 0
                    ORDER BY i.name, i.id, v.ordinal, v.id
                    """),
            arguments: StatementArguments(values))
        return grouped(rows, score: 1000)
    }

    /// Items with a variation whose SKU key starts with `key`, in SKU order.
    static func skuPrefixMatches(_ key: String, limit: Int, db: Database) throws -> [RankedItem] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT v.id, v.item_id FROM variations v JOIN items i ON i.id = v.item_id
                    WHERE v.sku_key >= ? AND v.sku_key < ? AND i.is_archived = 0
                    ORDER BY v.sku_key, v.id LIMIT ?
                    """),
            arguments: [key, key + "\u{10FFFF}", limit])
        return grouped(rows, score: 500)
    }

    /// Items whose folded name starts with `initial`, in name order.
    static func initialMatches(_ initial: String, limit: Int, db: Database) throws -> [RankedItem] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT item_id FROM search_docs WHERE name_key >= ? AND name_key < ?
                    ORDER BY name_key, item_id LIMIT ?
                    """),
            arguments: [initial, initial + "\u{10FFFF}", limit]
        ).map { RankedItem(itemID: $0, score: 100) }
    }

    /// Rows of (variation id, item id) folded into items in first-seen order.
    static func grouped(_ rows: [Row], score: Double) -> [RankedItem] {
        var items: [RankedItem] = []
        var index: [String: Int] = [:]
        for row in rows {
            let itemID: String = row["item_id"]
            let variationID: String = row["id"]
            if let at = index[itemID] {
                items[at].preferred.insert(variationID)
            } else {
                index[itemID] = items.count
                items.append(RankedItem(itemID: itemID, score: score, preferred: [variationID]))
            }
        }
        return items
    }

    /// The rows for ranked items: each item's preferred variations, then the one matching the typed words
    /// best, then its siblings in Square's order, until `limit` rows.
    static func hits(for items: [RankedItem], plans: [WordPlan], limit: Int, db: Database) throws -> [SearchHit] {
        var hits: [SearchHit] = []
        var start = 0
        while hits.count < limit && start < items.count {
            let batch = Array(items[start..<min(items.count, start + limit)])
            start += batch.count
            let marks = Array(repeating: "?", count: batch.count).joined(separator: ",")
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: summarySelect + " WHERE v.item_id IN (\(marks)) ORDER BY v.ordinal IS NULL, v.ordinal, v.id"),
                arguments: StatementArguments(batch.map(\.itemID)))
            var byItem: [String: [VariationSummary]] = [:]
            for row in rows { byItem[row["item_id"], default: []].append(try summary(row)) }
            for item in batch {
                let ordered = order(byItem[item.itemID] ?? [], preferred: item.preferred, plans: plans)
                for variation in ordered where hits.count < limit {
                    hits.append(SearchHit(variation: variation, score: item.score))
                }
            }
        }
        return hits
    }

    /// One item's variations: preferred ones first, then by how many typed words their name and SKU match
    /// (fewest typos first), then in Square's order.
    static func order(
        _ variations: [VariationSummary], preferred: Set<String>, plans: [WordPlan]
    ) -> [VariationSummary] {
        guard variations.count > 1 else { return variations }
        let keyed = variations.enumerated().map { offset, variation -> (Int, Int, Int, Int) in
            let isPreferred = preferred.contains(variation.variationID) ? 0 : 1
            var matched = 0
            var typos = 0
            if !plans.isEmpty {
                let name = SearchText.tokens(variation.variationName ?? "")
                let sku = SearchText.tokens(variation.sku ?? "")
                for plan in plans {
                    if let match = SearchRanking.bestMatch(of: plan, in: [[], name, [], sku]) {
                        matched += 1
                        typos += match.typos
                    }
                }
            }
            return (isPreferred, -matched, typos, offset)
        }
        return keyed.sorted { $0 < $1 }.map { variations[$0.3] }
    }
}
