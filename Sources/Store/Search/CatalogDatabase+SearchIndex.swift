import GRDB

/// How a rebuild of the search index went.
public struct ReindexSummary: Sendable, Equatable {
    /// Items now in the index (archived items are left out).
    public var items: Int
    /// Distinct words typos can reach.
    public var vocabulary: Int
    /// Seconds the rebuild took.
    public var elapsed: Double
}

extension CatalogDatabase {
    /// Rebuilds the search index from the stored catalog in one transaction.
    ///
    /// Sync and edits keep the index up to date on their own; this is for a suspected fault, or after
    /// the normalisation rules change. `progress` is called with (items done, items in all).
    public func reindex(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> ReindexSummary {
        let start = ContinuousClock.now
        let (items, vocabulary) = try await write { db in try Self.rebuildSearchIndex(db, progress: progress) }
        let elapsed = ContinuousClock.now - start
        return ReindexSummary(
            items: items, vocabulary: vocabulary,
            elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Empties the index and indexes every item that is not archived. Returns (items, vocabulary size).
    @discardableResult
    static func rebuildSearchIndex(
        _ db: Database, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> (Int, Int) {
        for table in ["search", "search_terms", "search_docs", "search_deletes"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        let categoryNames = try Dictionary(
            Row.fetchAll(db, sql: "SELECT id, name FROM categories").map { ($0["id"] as String, $0["name"] as String) },
            uniquingKeysWith: { first, _ in first })
        var itemCategories: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT item_id, category_id FROM item_categories ORDER BY ordinal") {
            itemCategories[row["item_id"], default: []].append(row["category_id"])
        }
        var variations: [String: [(name: String?, sku: String?)]] = [:]
        let variationRows = try Row.fetchCursor(
            db, sql: "SELECT item_id, name, sku FROM variations ORDER BY item_id, ordinal IS NULL, ordinal, id")
        while let row = try variationRows.next() {
            variations[row["item_id"], default: []].append((row["name"], row["sku"]))
        }
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM items WHERE is_archived = 0") ?? 0
        var vocabulary: Set<String> = []
        var done = 0
        let items = try Row.fetchCursor(
            db, sql: "SELECT id, name, category_id FROM items WHERE is_archived = 0 ORDER BY id")
        while let row = try items.next() {
            let id: String = row["id"]
            var categoryIDs = itemCategories[id] ?? []
            if let reporting: String = row["category_id"], !categoryIDs.contains(reporting) {
                categoryIDs.insert(reporting, at: 0)
            }
            let list = variations[id] ?? []
            let document = SearchDocument(
                name: row["name"], variationNames: list.compactMap(\.name),
                categories: categoryIDs.compactMap { categoryNames[$0] }, skus: list.compactMap(\.sku))
            try insertSearchDocument(document, itemID: id, db: db)
            vocabulary.formUnion(document.vocabulary)
            done += 1
            if done % 2000 == 0 { progress?(done, total) }
        }
        progress?(done, total)
        try addToVocabulary(vocabulary, db: db)
        try db.execute(sql: "INSERT INTO search(search) VALUES ('optimize')")
        return (done, vocabulary.count)
    }

    /// Brings the index entries of `itemIDs` up to date with the stored catalog (inside the caller's
    /// transaction): removed or archived items leave the index, the rest are indexed again.
    static func refreshSearch(itemIDs: Set<String>, db: Database) throws {
        guard !itemIDs.isEmpty else { return }
        var vocabulary: Set<String> = []
        for id in itemIDs.sorted() {
            try removeSearchDocument(itemID: id, db: db)
            guard
                let item = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT name, category_id, is_archived FROM items WHERE id = ?"),
                    arguments: [id]),
                !(item["is_archived"] as Bool)
            else { continue }
            let variations = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT name, sku FROM variations WHERE item_id = ? ORDER BY ordinal IS NULL, ordinal, id"),
                arguments: [id])
            var categories = try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT c.name FROM item_categories ic JOIN categories c ON c.id = ic.category_id
                        WHERE ic.item_id = ? ORDER BY ic.ordinal
                        """),
                arguments: [id])
            if let reporting: String = item["category_id"],
                let name = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT name FROM categories WHERE id = ?"), arguments: [reporting]),
                !categories.contains(name)
            {
                categories.insert(name, at: 0)
            }
            let document = SearchDocument(
                name: item["name"], variationNames: variations.compactMap { $0["name"] },
                categories: categories, skus: variations.compactMap { $0["sku"] })
            try insertSearchDocument(document, itemID: id, db: db)
            vocabulary.formUnion(document.vocabulary)
        }
        try addToVocabulary(vocabulary, db: db)
    }

    static func insertSearchDocument(_ document: SearchDocument, itemID: String, db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO search_docs(item_id, name_key, name_length) VALUES (?, ?, ?)")
            .execute(arguments: [itemID, document.nameKey, document.nameLength])
        let rowid = db.lastInsertedRowID
        let columns = document.columns
        try db.cachedStatement(
            sql: "INSERT INTO search(rowid, name, variations, category, codes) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [rowid, columns[0], columns[1], columns[2], columns[3]])
    }

    static func removeSearchDocument(itemID: String, db: Database) throws {
        guard
            let rowid = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT rowid FROM search_docs WHERE item_id = ?"), arguments: [itemID])
        else { return }
        try db.cachedStatement(sql: "DELETE FROM search WHERE rowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM search_docs WHERE rowid = ?").execute(arguments: [rowid])
    }

    /// Adds words the vocabulary does not have yet: their deletion keys (for typos) and the word itself to
    /// the trigram table (for fragments inside words). Words are never taken out: a word no item uses any
    /// more only costs a lookup that finds nothing, and `reindex` drops it.
    static func addToVocabulary(_ terms: Set<String>, db: Database) throws {
        let known = try db.cachedStatement(sql: "SELECT 1 FROM search_deletes WHERE key = ? AND term = ?")
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO search_deletes(key, term) VALUES (?, ?)")
        let trigrams = try db.cachedStatement(sql: "INSERT INTO search_terms(term) VALUES (?)")
        for term in terms.sorted() {
            if try Bool.fetchOne(known, arguments: [term, term]) == true { continue }
            try trigrams.execute(arguments: [term])
            for key in Typos.deletionKeys(term, depth: Typos.indexDepth(length: term.unicodeScalars.count)) {
                try insert.execute(arguments: [key, term])
            }
        }
    }
}
