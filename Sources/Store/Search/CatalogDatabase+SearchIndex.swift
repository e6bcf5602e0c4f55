import CatalogCore
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
        let (items, vocabulary) = try await writeOutsideTransaction { db, pool in
            guard let pool else {
                var result = (0, 0)
                try db.inTransaction {
                    result = try Self.rebuildSearchIndex(db, progress: progress)
                    return .commit
                }
                return result
            }
            // Before the reader's snapshot, in a transaction of their own: the rebuild's is long enough.
            if try Self.syncStateValue(Self.rebuildPendingKey, db: db) != nil { try Self.buildLookupIndexes(db) }
            return try Self.rebuildSearchIndex(db, readingFrom: pool, progress: progress)
        }
        let elapsed = ContinuousClock.now - start
        return ReindexSummary(
            items: items, vocabulary: vocabulary,
            elapsed: elapsed.seconds)
    }

    /// The full-text table and its ranking weights (migration v2 made it; a rebuild makes it anew).
    static let searchTableSchema = """
        CREATE VIRTUAL TABLE search USING fts5(
            name, variations, category, codes,
            tokenize = "unicode61 remove_diacritics 0 tokenchars '.'",
            prefix = '2 3'
        );
        INSERT INTO search(search, rank) VALUES ('rank', 'bm25(10.0, 4.0, 2.0, 1.0)');
        """

    /// FTS5's own default: how many segments of one size it lets build up before merging them, as sync and
    /// edits change the index.
    static let searchAutomerge = 4

    /// Empties the index and indexes every item that is not archived, reading and writing on `db`.
    /// Returns (items, vocabulary size).
    @discardableResult
    static func rebuildSearchIndex(
        _ db: Database, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> (Int, Int) {
        let total = try indexableItems(db)
        try emptySearchIndex(db)
        var vocabulary: Set<String> = []
        var done = 0
        try eachStoredDocument(db) { id, document in
            try insertSearchDocument(document, itemID: id, db: db)
            document.addVocabulary(to: &vocabulary)
            done += 1
            if done % refreshBatch == 0 { progress?(done, total) }
        }
        progress?(done, total)
        try completeSearchIndex(vocabulary: vocabulary, db: db)
        return (done, vocabulary.count)
    }

    /// The same rebuild with the reading and tokenizing on one of the pool's reading connections, beside the
    /// writer storing what it hands over: two cores instead of one (at 500,000 variations 7.3-7.9 s ->
    /// 4.2-5.9 s on a noisy day; FTS5's own work on the writer is most of what is left).
    ///
    /// Runs on the writer outside any transaction: the reader's snapshot is taken first, then the write
    /// transaction begins. Should another process have written in between (a sync in the hub while
    /// `catalog reindex` runs), the snapshot is older than what the transaction sees, so the rebuild reads
    /// on the writer instead. `afterSnapshot` runs in between (tests write there as another process would).
    static func rebuildSearchIndex(
        _ db: Database, readingFrom pool: DatabasePool, progress: (@Sendable (Int, Int) -> Void)?,
        afterSnapshot: () throws -> Void = {}
    ) throws -> (Int, Int) {
        let versionBefore = try Int.fetchOne(db, sql: "PRAGMA data_version")
        let handoff = DocumentHandoff()
        pool.asyncConcurrentRead { connection in
            handoff.end(
                Result {
                    let reader = try connection.get()
                    return try readingOnce(reader) {
                        var vocabulary: Set<String> = []
                        var batch: [SearchEntry] = []
                        batch.reserveCapacity(refreshBatch)
                        try eachStoredDocument(reader) { id, document in
                            document.addVocabulary(to: &vocabulary)
                            batch.append(SearchEntry(itemID: id, document: document))
                            guard batch.count == refreshBatch else { return }
                            guard handoff.put(batch) else { throw DocumentHandoff.Stopped() }
                            batch.removeAll(keepingCapacity: true)
                        }
                        if !batch.isEmpty { _ = handoff.put(batch) }
                        return vocabulary
                    }
                })
        }
        // Whatever happens to the transaction, the reader stops and ends before the rebuild returns.
        defer { handoff.cancelAndWait() }
        try afterSnapshot()
        var result = (0, 0)
        try db.inTransaction(.immediate) {
            guard try Int.fetchOne(db, sql: "PRAGMA data_version") == versionBefore else {
                handoff.cancelAndWait()
                result = try rebuildSearchIndex(db, progress: progress)
                return .commit
            }
            let total = try indexableItems(db)
            try emptySearchIndex(db)
            var done = 0
            while let batch = try handoff.next() {
                for entry in batch { try insertSearchEntry(entry, db: db) }
                done += batch.count
                progress?(done, total)
            }
            let vocabulary = handoff.vocabulary()
            try completeSearchIndex(vocabulary: vocabulary, db: db)
            result = (done, vocabulary.count)
            return .commit
        }
        return result
    }

    /// Items a rebuild indexes: those not archived.
    static func indexableItems(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE is_archived = 0") ?? 0
    }

    /// Takes everything out of the index and the vocabulary, ready for a rebuild to fill them.
    static func emptySearchIndex(_ db: Database) throws {
        // A pass into an empty database left the lookup indexes for now (`dropLookupIndexes`).
        if try syncStateValue(rebuildPendingKey, db: db) != nil { try buildLookupIndexes(db) }
        // Deleting an FTS5 table's rows one by one reads and tokenizes each again (1.2 s at 500,000
        // variations): the table is made anew instead.
        try db.execute(sql: "DROP TABLE search")
        try db.execute(sql: searchTableSchema)
        // FTS5 merges its segments as rows come in; one merge at the end ('optimize') is cheaper for a
        // whole catalog (1.7 -> 1.2 s for the 174,410 items of 500,000 variations).
        try db.execute(sql: "INSERT INTO search(search, rank) VALUES ('automerge', 0)")
        for table in ["search_terms", "search_docs", "search_deletes"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        try setSyncState(
            [
                vocabularyGenerationKey: String(UInt64.random(in: 1...UInt64.max)), deferredIndexKey: nil,
                rebuildPendingKey: nil,
            ], db: db)
    }

    /// Ends a rebuild: the vocabulary stored, the index's segments merged once.
    static func completeSearchIndex(vocabulary: Set<String>, db: Database) throws {
        try addToVocabulary(vocabulary, cache: nil, db: db)
        try db.execute(sql: "INSERT INTO search(search) VALUES ('optimize')")
        try db.execute(sql: "INSERT INTO search(search, rank) VALUES ('automerge', \(searchAutomerge))")
    }

    /// Items indexed per round of queries.
    static let refreshBatch = 400

    /// Indexes the items with these ids that exist and are not archived, reading what they are found by
    /// with four queries for the whole batch. With `replacing`, their old entries go first.
    static func indexItems(
        _ ids: [String], replacing: Bool, vocabulary: inout Set<String>, db: Database
    ) throws {
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let arguments = StatementArguments(ids)
        if replacing {
            for rowid in try Int64.fetchAll(
                db, sql: "SELECT rowid FROM search_docs WHERE item_id IN (\(marks))", arguments: arguments)
            {
                try db.cachedStatement(sql: "DELETE FROM search WHERE rowid = ?").execute(arguments: [rowid])
                try db.cachedStatement(sql: "DELETE FROM search_docs WHERE rowid = ?").execute(arguments: [rowid])
            }
        }
        let items = try Row.fetchAll(
            db,
            sql: """
                SELECT i.id, i.name, i.category_id, c.name FROM items i LEFT JOIN categories c ON c.id = i.category_id
                WHERE i.id IN (\(marks)) AND i.is_archived = 0
                """, arguments: arguments)
        guard !items.isEmpty else { return }
        // Ids of objects that are not items, or of items not stored yet, stop here: the queries below read
        // only what the items to index need.
        let present = items.map { $0[0] as String }
        let presentMarks = Array(repeating: "?", count: present.count).joined(separator: ",")
        let presentArguments = StatementArguments(present)
        var variations: [String: [(name: String?, sku: String?)]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT item_id, name, sku FROM variations WHERE item_id IN (\(presentMarks))
                ORDER BY item_id, ordinal IS NULL, ordinal, id
                """, arguments: presentArguments)
        {
            variations[row[0], default: []].append((row[1], row[2]))
        }
        var categories: [String: [(id: String, name: String)]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT ic.item_id, c.id, c.name FROM item_categories ic JOIN categories c ON c.id = ic.category_id
                WHERE ic.item_id IN (\(presentMarks)) ORDER BY ic.item_id, ic.ordinal
                """, arguments: presentArguments)
        {
            categories[row[0], default: []].append((row[1], row[2]))
        }
        for row in items {
            let id: String = row[0]
            let reporting = (row[2] as String?).flatMap { id in (row[3] as String?).map { (id: id, name: $0) } }
            let document = storedDocument(
                name: row[1], reporting: reporting, categories: categories[id] ?? [], variations: variations[id] ?? [])
            try insertSearchDocument(document, itemID: id, db: db)
            document.addVocabulary(to: &vocabulary)
        }
    }

    /// What a stored item is found by: its name, its variations' names and SKUs, and the names of its
    /// categories, the reporting category first when it is not among them.
    static func storedDocument(
        name: String, reporting: (id: String, name: String)?, categories: [(id: String, name: String)],
        variations: [(name: String?, sku: String?)]
    ) -> SearchDocument {
        var names = categories.map(\.name)
        if let reporting, !categories.contains(where: { $0.id == reporting.id }) {
            names.insert(reporting.name, at: 0)
        }
        return SearchDocument(
            name: name, variationNames: variations.compactMap(\.name), categories: names,
            skus: variations.compactMap(\.sku))
    }

    /// Calls `body` with the document of every item that is not archived, for a rebuild, reading the items,
    /// their variations and their categories once each, side by side in item order, rather than a batch of
    /// ids at a time. Rows are read straight from SQLite, not as GRDB rows (each value boxed, then copied).
    static func eachStoredDocument(
        _ db: Database, _ body: (_ itemID: String, SearchDocument) throws -> Void
    ) throws {
        let items = try db.makeStatement(
            sql: """
                SELECT i.id, i.name, i.category_id, c.name FROM items i LEFT JOIN categories c ON c.id = i.category_id
                WHERE i.is_archived = 0 ORDER BY i.id
                """)
        var variations = try ItemOrderedRows(
            db.makeStatement(
                sql: "SELECT item_id, name, sku FROM variations ORDER BY item_id, ordinal IS NULL, ordinal, id"),
            db: db
        ) { row in (name: row.optionalText(1), sku: row.optionalText(2)) }
        var categories = try ItemOrderedRows(
            db.makeStatement(
                sql: """
                    SELECT ic.item_id, c.id, c.name FROM item_categories ic JOIN categories c ON c.id = ic.category_id
                    ORDER BY ic.item_id, ic.ordinal
                    """),
            db: db
        ) { row in (id: row.text(1), name: row.text(2)) }
        let item = DirectRow(statement: items.sqliteStatement)
        while try items.step(db: db) {
            let id = item.text(0)
            let reporting = item.optionalText(2).flatMap { id in item.optionalText(3).map { (id: id, name: $0) } }
            let document = try storedDocument(
                name: item.text(1), reporting: reporting, categories: categories.rows(of: id),
                variations: variations.rows(of: id))
            try body(id, document)
        }
    }

    static func insertSearchDocument(_ document: SearchDocument, itemID: String, db: Database) throws {
        try insertSearchEntry(SearchEntry(itemID: itemID, document: document), db: db)
    }

    static func insertSearchEntry(_ entry: SearchEntry, db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO search_docs(item_id, name_key, name_length) VALUES (?, ?, ?)")
            .run(.text(entry.itemID), .text(entry.nameKey), .integer(Int64(entry.nameLength)), db: db)
        let rowid = db.lastInsertedRowID
        let columns = entry.columns
        try db.cachedStatement(
            sql: "INSERT INTO search(rowid, name, variations, category, codes) VALUES (?, ?, ?, ?, ?)"
        ).run(.integer(rowid), .text(columns[0]), .text(columns[1]), .text(columns[2]), .text(columns[3]), db: db)
    }

    /// Takes an item's entry out of the index, if it has one.
    static func removeSearchDocument(itemID: String, db: Database) throws {
        guard
            let rowid = try db.cachedStatement(sql: "SELECT rowid FROM search_docs WHERE item_id = ?").fetchInteger(
                .text(itemID), db: db)
        else { return }
        try db.cachedStatement(sql: "DELETE FROM search WHERE rowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM search_docs WHERE rowid = ?").execute(arguments: [rowid])
    }

    /// The sync-state key whose value changes each time the vocabulary is rebuilt.
    static let vocabularyGenerationKey = "search_vocabulary_generation"
    /// The sync-state key counting the transactions that added words to the vocabulary.
    static let vocabularyAdditionsKey = "search_vocabulary_additions"

    /// A value that changes whenever the vocabulary does (rebuilt, or words added), for `TypoCache`.
    static func vocabularyVersion(_ db: Database) throws -> String {
        try (syncStateValue(vocabularyGenerationKey, db: db) ?? "") + " "
            + (syncStateValue(vocabularyAdditionsKey, db: db) ?? "0")
    }

    /// Adds words the vocabulary does not have yet: their deletion keys (for typos) and the word itself to
    /// the trigram table (for fragments inside words). Words are never taken out: a word no item uses any
    /// more only costs a lookup that finds nothing, and `reindex` drops it.
    static func addToVocabulary(_ terms: Set<String>, cache: VocabularyCache?, db: Database) throws {
        guard !terms.isEmpty else { return }
        var terms = terms
        if let cache {
            let generation = try syncStateValue(vocabularyGenerationKey, db: db) ?? ""
            terms = cache.unknown(terms, generation: generation)
            guard !terms.isEmpty else { return }
            let stored = terms
            db.afterNextTransaction(onCommit: { _ in cache.add(stored, generation: generation) })
        }
        let known = try db.cachedStatement(sql: "SELECT 1 FROM search_deletes WHERE key = ? AND term = ?")
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO search_deletes(key, term) VALUES (?, ?)")
        let trigrams = try db.cachedStatement(sql: "INSERT INTO search_terms(term) VALUES (?)")
        var added = false
        // Bound straight through SQLite (`run`): a rebuild writes a few tens of thousands of deletion keys, and
        // GRDB's general path for each was most of the Swift tests' time in the vocabulary (their syncs build
        // it often, with GRDB unoptimized in a debug build).
        for term in terms.sorted() {
            if try known.fetchInteger(.text(term), .text(term), db: db) != nil { continue }
            added = true
            try trigrams.run(.text(term), db: db)
            // A word longer than any typed word looked up with typos needs no deletion keys; making them
            // would cost the square of its length (a 20,000-letter name took half a minute).
            let length = term.unicodeScalars.count
            guard length <= Typos.longestWord else { continue }
            for key in Typos.deletionKeys(term, depth: Typos.indexDepth(length: length)) {
                try insert.run(.text(key), .text(term), db: db)
            }
        }
        // Typo alternatives looked up before may miss one of these words.
        if added {
            try db.execute(
                sql: """
                    INSERT INTO sync_state(key, value) VALUES (?, '1')
                    ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
                    """, arguments: [vocabularyAdditionsKey])
        }
    }
}

/// Rows in item order (column 0 is the item id, compared as SQLite compares text), read alongside the
/// items: `rows(of:)` passes over rows of items before `id` and returns the values of those of `id`.
private struct ItemOrderedRows<Value> {
    let statement: Statement
    let db: Database
    let value: (DirectRow) -> Value
    var pending: (id: String, value: Value)?

    init(_ statement: Statement, db: Database, value: @escaping (DirectRow) -> Value) throws {
        self.statement = statement
        self.db = db
        self.value = value
        try advance()
    }

    private mutating func advance() throws {
        guard try statement.step(db: db) else {
            pending = nil
            return
        }
        let row = DirectRow(statement: statement.sqliteStatement)
        pending = (row.text(0), value(row))
    }

    mutating func rows(of id: String) throws -> [Value] {
        var found: [Value] = []
        while let (rowID, rowValue) = pending {
            if rowID == id {
                found.append(rowValue)
            } else if !rowID.utf8.lexicographicallyPrecedes(id.utf8) {
                break
            }
            try advance()
        }
        return found
    }
}
