import GRDB

extension CatalogDatabase {
    /// The indexes a pass into an empty database leaves out while its pages land, and builds once its last
    /// page has: a SKU, a barcode and the items of a category. Each is keyed by values in no order, so every
    /// page's rows went into pages all over each index, and every transaction wrote those pages to the WAL
    /// again: at 500,000 variations a quarter of the sync (43.4 -> 32.7-33.7 s). Nothing in a pass reads
    /// them; a look-up by SKU or barcode while the pass lands reads the whole table. The same definitions as
    /// migration v1's, which made them.
    static let lookupIndexes = [
        ("variations_sku_key", "variations(sku_key)"),
        ("variations_gtin", "variations(gtin)"),
        ("item_categories_category", "item_categories(category_id)"),
    ]

    /// Leaves the lookup indexes out until the pass ends (`buildLookupIndexes`); nothing when they are
    /// out already. Only with the search index's rebuild pending in the same transaction, which is what
    /// brings them back.
    static func dropLookupIndexes(_ db: Database) throws {
        for (name, _) in lookupIndexes { try db.execute(sql: "DROP INDEX IF EXISTS \(name)") }
    }

    /// Builds whichever lookup index is missing. SQLite sorts an index's entries in memory up to the
    /// connection's page cache and on disk beyond it: with the writer's 16 MB it held that much more at the
    /// end of a 500,000-variation sync (peak 133 -> 165 MB), with 2 MB as much as before, in the same time.
    static func buildLookupIndexes(_ db: Database) throws {
        let missing = try lookupIndexes.filter { name, _ in
            try Int.fetchOne(
                db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
                == nil
        }
        guard !missing.isEmpty else { return }
        let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -2048")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cache)") }
        for (name, columns) in missing { try db.execute(sql: "CREATE INDEX \(name) ON \(columns)") }
    }
}
