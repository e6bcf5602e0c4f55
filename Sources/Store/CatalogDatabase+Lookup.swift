import CatalogCore
import GRDB

extension CatalogDatabase {
    /// The columns `summary(_:)` reads, from `variations v`, `items i` and `categories c`.
    static let summaryColumns = """
        v.id AS variation_id, v.item_id, i.name AS item_name, v.name AS variation_name, v.sku, v.gtin,
            v.upc, v.price_amount, v.price_currency, c.name AS category, i.is_archived, v.version,
            i.locations AS item_locations, v.locations AS variation_locations, v.shelves
        """

    static let summarySelect = """
        SELECT \(summaryColumns)
        FROM variations v
        JOIN items i ON i.id = v.item_id
        LEFT JOIN categories c ON c.id = i.category_id
        """

    static func summary(_ row: Row) throws -> VariationSummary {
        let amount: Int64? = row["price_amount"]
        let currency: String? = row["price_currency"]
        return VariationSummary(
            itemID: row["item_id"], variationID: row["variation_id"], itemName: row["item_name"],
            variationName: row["variation_name"], sku: row["sku"], gtin: row["gtin"], upc: row["upc"],
            price: amount.flatMap { amount in currency.map { Money(amount: amount, currency: $0) } },
            category: row["category"], isArchived: row["is_archived"] ?? false, version: row["version"],
            terms: try LocationTerms.stored(
                item: row["item_locations"], variation: row["variation_locations"], itemID: row["item_id"],
                variationID: row["variation_id"]),
            shelves: try ShelfPlaces.stored(row["shelves"], variationID: row["variation_id"]))
    }

    /// The variations that `condition` (SQL, after WHERE, over `summarySelect`) picks, ordered by item name.
    static func summaries(
        _ db: Database, where condition: String, arguments: StatementArguments
    ) throws -> [VariationSummary] {
        // Cached: a counter's every scan looks up by barcode, and preparing the join costs more than running it.
        try Row.fetchAll(
            db.cachedStatement(sql: summarySelect + " WHERE \(condition) ORDER BY i.name, v.ordinal, v.id"),
            arguments: arguments
        )
        .map(summary)
    }

    /// As many `?` as `values` has, comma-separated: the list an SQL `IN (...)` binds them to.
    static func marks(_ values: [some Any]) -> String {
        Array(repeating: "?", count: values.count).joined(separator: ",")
    }

    /// Variations whose barcode has one of the canonical GTIN-14 keys.
    public func variations(gtins: [String]) async throws -> [VariationSummary] {
        guard !gtins.isEmpty else { return [] }
        return try await read { db in
            try Self.summaries(db, where: "v.gtin IN (\(Self.marks(gtins)))", arguments: StatementArguments(gtins))
        }
    }

    /// The variations with these ids, by id (ids not in the catalog are left out).
    public func variations(ids: [String]) async throws -> [String: VariationSummary] {
        guard !ids.isEmpty else { return [:] }
        return try await read { db in
            var found: [String: VariationSummary] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                for row in try Row.fetchAll(
                    db, sql: Self.summarySelect + " WHERE v.id IN (\(marks))", arguments: StatementArguments(chunk))
                {
                    let summary = try Self.summary(row)
                    found[summary.variationID] = summary
                }
            }
            return found
        }
    }

    /// Variations whose SKU has the lookup key `SKU.key(sku)` (case, hyphens and spaces ignored).
    public func variations(sku: String) async throws -> [VariationSummary] {
        let key = SKU.key(sku)
        guard !key.isEmpty else { return [] }
        return try await read { db in
            try Self.summaries(db, where: "v.sku_key = ?", arguments: [key])
        }
    }

    /// The variation with this id (a variation id only: an item id names several, see `variations(objectID:)`).
    public func variation(objectID id: String) async throws -> VariationSummary? {
        try await read { db in
            try Row.fetchOne(db, sql: Self.summarySelect + " WHERE v.id = ?", arguments: [id]).map(Self.summary)
        }
    }

    /// What an id names: its variation, or every variation of the item with that id (in the item's order).
    public func variations(objectID id: String) async throws -> [VariationSummary] {
        try await read { db in
            if let row = try Row.fetchOne(db, sql: Self.summarySelect + " WHERE v.id = ?", arguments: [id]) {
                return [try Self.summary(row)]
            }
            return try Row.fetchAll(
                db, sql: Self.summarySelect + " WHERE v.item_id = ? ORDER BY v.ordinal IS NULL, v.ordinal, v.id",
                arguments: [id]
            ).map(Self.summary)
        }
    }

    /// Every stored catalog object by id, parsed back from its JSON.
    public func allObjects() async throws -> [String: JSONValue] {
        try await read { db in
            var objects: [String: JSONValue] = [:]
            let cursor = try Row.fetchCursor(db, sql: "SELECT id, json FROM catalog_objects")
            while let row = try cursor.next() {
                let text: String = row["json"]
                objects[row["id"]] = try Self.expanded(try Self.storedJSON(text, id: row["id"]), db: db)
            }
            return objects
        }
    }

    /// How many rows each query table holds.
    public func counts() async throws -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for table in ["catalog_objects", "items", "variations", "categories", "item_categories", "locations"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }
}

extension CatalogDatabase {
    /// A few variations in a stable order (by item name), for demos and spot checks.
    public func sampleVariations(limit: Int) async throws -> [VariationSummary] {
        try await read { db in
            try Row.fetchAll(
                db, sql: Self.summarySelect + " ORDER BY i.name, v.ordinal, v.id LIMIT ?", arguments: [limit]
            ).map(Self.summary)
        }
    }
}

extension CatalogDatabase {
    /// Every stored variation id, in id order.
    public func variationIDs() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT id FROM variations ORDER BY id") }
    }
}

extension CatalogDatabase {
    /// Every variation of every item that is not archived, grouped by item (items by id, variations in
    /// Square's order): what benchmarks draw their queries from.
    public func activeVariations() async throws -> [VariationSummary] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: Self.summarySelect
                    + " WHERE i.is_archived = 0 ORDER BY v.item_id, v.ordinal IS NULL, v.ordinal, v.id"
            ).map(Self.summary)
        }
    }
}

extension CatalogDatabase {
    /// The currency most of the catalog's prices are in, or `nil` when no variation has a price.
    public func mainCurrency() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT price_currency FROM variations WHERE price_currency IS NOT NULL
                    GROUP BY price_currency ORDER BY COUNT(*) DESC LIMIT 1
                    """)
        }
    }
}

extension CatalogDatabase {
    /// The stored copy of one object (an item with its variations inline), or `nil`.
    public func storedObject(id: String) async throws -> JSONValue? {
        try await read { db in
            guard
                let text = try String.fetchOne(
                    db, sql: "SELECT json FROM catalog_objects WHERE id = ?", arguments: [id])
            else { return nil }
            return try Self.expanded(try Self.storedJSON(text, id: id), db: db)
        }
    }
}

extension CatalogDatabase {
    /// Every variation without a valid barcode (no GTIN), ordered by item name.
    public func variationsWithoutGTIN() async throws -> [VariationSummary] {
        try await read { db in
            try Row.fetchAll(db, sql: Self.summarySelect + " WHERE v.gtin IS NULL ORDER BY i.name, v.ordinal, v.id")
                .map(Self.summary)
        }
    }

    /// The GTIN-14s of the stored barcodes that start with `prefix` (GTIN-14 digits, such as `020`).
    public func gtins(startingWith prefix: String) async throws -> Set<String> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT gtin FROM variations WHERE gtin >= ? AND gtin < ?",
                    arguments: [prefix, prefix + "\u{7F}"]))
        }
    }
}
