import Foundation
import GRDB
import Synchronization

/// What one word typed as the start of a word found (`ca`, `cab`, `medi`, which may start words in
/// thousands of items), kept while the search index is unchanged. Staff type the same starts all day, and
/// choosing the best few hundred of thousands by bm25 was most of such a search's time. Two things are kept:
/// which documents the word's FTS5 expression matched (at most 8 kB each; their words are read again), and
/// the whole search of the word, ranked (its first items), so that only its rows, their prices and stock
/// are read again.
///
/// The index's version is FTS5's own structure record (its cookie and segments change with every write to
/// the index, by this process or any other) with the vocabulary's generation (new at each rebuild).
final class BroadPrefixCache: Sendable {
    /// Expressions, and searches, kept at most (8 MB of each at the very most): as many as the hub searches
    /// ahead (`SearchWarmer`). Past that the oldest kept are forgotten first.
    static let capacity = 1536
    /// Ranked items kept per search beyond the rows it asked for (an item gives one row or more).
    static let rankedSpare = 40

    /// A search of one word typed as the start of a word, ranked: only the rows, their prices and stock are
    /// read again. The first items only (`rankedSpare` more than the rows asked for): `complete` says whether
    /// that is all of them.
    struct RankedSearch: Sendable {
        var items: [RankedItem]
        var complete: Bool
        var plans: [WordPlan]
        var method: SearchOutcome.Method
        var dropped: [String]
    }

    /// Values by key, the oldest forgotten first past `capacity`.
    private struct Kept<Value> {
        var values: [String: Value] = [:]
        var order: [String] = []

        mutating func store(_ value: Value, for key: String) {
            if values.updateValue(value, forKey: key) == nil { order.append(key) }
            if order.count > BroadPrefixCache.capacity {
                let oldest = order.prefix(BroadPrefixCache.capacity / 4)
                for key in oldest { values[key] = nil }
                order.removeFirst(oldest.count)
            }
        }
    }

    private struct State {
        var version: [UInt8] = []
        var documents = Kept<[Int64]>()
        var ranked = Kept<RankedSearch>()
    }

    private let state = Mutex(State())

    /// The index's version now, read in the same snapshot as the search that uses it.
    static func version(_ db: Database) throws -> [UInt8] {
        let structure = try Data.fetchOne(db.cachedStatement(sql: "SELECT block FROM search_data WHERE id = 10"))
        let generation = try CatalogDatabase.syncStateValue(CatalogDatabase.vocabularyGenerationKey, db: db) ?? ""
        return Array(structure ?? Data()) + Array(generation.utf8)
    }

    /// The documents kept for `expression` under `version`, if any.
    func documents(for expression: String, version: [UInt8]) -> [Int64]? {
        state.withLock { $0.version == version ? $0.documents.values[expression] : nil }
    }

    /// The ranked search kept for `key` under `version`, if any.
    func ranked(for key: String, version: [UInt8]) -> RankedSearch? {
        state.withLock { $0.version == version ? $0.ranked.values[key] : nil }
    }

    /// How many expressions are kept under `version`.
    func count(under version: [UInt8]) -> Int {
        state.withLock { $0.version == version ? $0.documents.values.count : 0 }
    }

    /// Keeps `documents` for `expression` under `version`; a new version forgets everything before it.
    func store(_ documents: [Int64], for expression: String, version: [UInt8]) {
        update(version) { $0.documents.store(documents, for: expression) }
    }

    /// Keeps the ranked `search` for `key` under `version`; a new version forgets everything before it.
    func store(_ search: RankedSearch, for key: String, version: [UInt8]) {
        update(version) { $0.ranked.store(search, for: key) }
    }

    private func update(_ version: [UInt8], _ change: (inout State) -> Void) {
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            change(&state)
        }
    }
}
