import GRDB
import Synchronization

/// The search-index work one write transaction owes before it commits.
///
/// An item that arrives new, with all of its variations, is indexed from what was just decoded; any other
/// change (an update, a variation or category on its own, a removal) re-reads the item from the tables.
struct SearchUpkeep {
    /// What a new item is found by, as decoded from Square's JSON.
    struct Source {
        var name: String
        var categoryIDs: [String]
        var variations: [(name: String?, sku: String?)]
    }

    /// Items whose entry is rebuilt from the tables.
    var touched: Set<String> = []
    /// New items indexed from their decoded JSON, unless also touched.
    var sources: [String: Source] = [:]
    /// Whether new items whose category is not stored yet wait for it (in a full pass, see `finish`).
    var defersUncategorised = false
    /// Whether nothing is indexed as it lands because the whole index is built once the pass has applied
    /// its last page (a full pass into an empty database; `indexDeferredItems`): one rebuild reads and
    /// tokenizes on a second core and lets FTS5 merge once, where keeping the index page by page took a
    /// quarter of the writer's time. Nothing is noted for the index then (`touched`, `sources`).
    var rebuildsAtEnd = false

    /// Brings the index up to date for everything this transaction changed.
    func finish(cache: VocabularyCache?, db: Database) throws {
        if rebuildsAtEnd {
            try CatalogDatabase.setSyncState([CatalogDatabase.rebuildPendingKey: "1"], db: db)
            return
        }
        var vocabulary: Set<String> = []
        var categoryNames: [String: String]?
        var deferred = false
        for (id, source) in sources.sorted(by: { $0.key < $1.key }) where !touched.contains(id) {
            if categoryNames == nil {
                categoryNames = try Dictionary(
                    Row.fetchAll(db, sql: "SELECT id, name FROM categories").map { ($0[0] as String, $0[1] as String) },
                    uniquingKeysWith: { first, _ in first })
            }
            // A full pass often brings an item before its category, and storing the category indexes the
            // items in it: indexing this one now would be done twice. One whose category never comes is
            // indexed at the end of the pass, or by the next write outside one (`indexDeferredItems`).
            if defersUncategorised, source.categoryIDs.contains(where: { categoryNames?[$0] == nil }) {
                deferred = true
                continue
            }
            let document = SearchDocument(
                name: source.name, variationNames: source.variations.compactMap(\.name),
                categories: source.categoryIDs.compactMap { categoryNames?[$0] },
                skus: source.variations.compactMap(\.sku))
            try CatalogDatabase.removeSearchDocument(itemID: id, db: db)
            try CatalogDatabase.insertSearchDocument(document, itemID: id, db: db)
            document.addVocabulary(to: &vocabulary)
        }
        let ids = touched.sorted()
        for start in stride(from: 0, to: ids.count, by: CatalogDatabase.refreshBatch) {
            let batch = Array(ids[start..<min(ids.count, start + CatalogDatabase.refreshBatch)])
            try CatalogDatabase.indexItems(batch, replacing: true, vocabulary: &vocabulary, db: db)
        }
        try CatalogDatabase.addToVocabulary(vocabulary, cache: cache, db: db)
        if deferred { try CatalogDatabase.setSyncState([CatalogDatabase.deferredIndexKey: "1"], db: db) }
    }
}

extension CatalogDatabase {
    /// The sync-state key set while some item waits to be indexed until its category is stored.
    static let deferredIndexKey = "search_index_deferred"
    /// The sync-state key set while a full pass into an empty database has stored objects it has not
    /// indexed: the whole index is rebuilt when the pass ends.
    static let rebuildPendingKey = "search_index_rebuild_pending"

    /// Indexes what a full pass left waiting: everything, after a pass into an empty database (a rebuild,
    /// reading on a second connection when the file is held by a pool), else the items whose category did
    /// not come, if any. A sync calls it when its full pass has applied its last page.
    public func indexDeferredItems() async throws {
        if try await read({ db in try Self.syncStateValue(Self.rebuildPendingKey, db: db) }) != nil {
            _ = try await reindex()
            return
        }
        try await write { db in try Self.indexDeferredItems(cache: self.vocabularyCache, db: db) }
    }

    static func indexDeferredItems(cache: VocabularyCache?, db: Database) throws {
        if try syncStateValue(rebuildPendingKey, db: db) != nil {
            try rebuildSearchIndex(db)
            return
        }
        guard try syncStateValue(deferredIndexKey, db: db) != nil else { return }
        var upkeep = SearchUpkeep()
        upkeep.touched = try Set(
            String.fetchAll(
                db,
                sql: """
                    SELECT id FROM items i WHERE is_archived = 0
                        AND NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.item_id = i.id)
                    """))
        try upkeep.finish(cache: cache, db: db)
        try setSyncState([deferredIndexKey: nil], db: db)
    }
}

/// The vocabulary words this process knows are stored, so each page of a sync does not look every word
/// up again. Words are added only when their transaction commits; a rebuild of the index (here or in
/// another process) moves the generation on and empties the cache.
final class VocabularyCache: Sendable {
    private let state = Mutex<(generation: String, terms: Set<String>)>(("", []))

    /// The words of `terms` not known to be stored, after checking the generation `current`.
    func unknown(_ terms: Set<String>, generation current: String) -> Set<String> {
        state.withLock { state in
            if state.generation != current { state = (current, []) }
            return terms.subtracting(state.terms)
        }
    }

    /// Records words stored under `generation`.
    func add(_ terms: Set<String>, generation: String) {
        state.withLock { state in
            if state.generation != generation { state = (generation, []) }
            state.terms.formUnion(terms)
        }
    }
}
