import Foundation
import GRDB
import Synchronization

/// The documents one word typed as the start of a word found (`ca`, `cab`, `medi`, which may start words
/// in thousands of items), kept while the search index is unchanged. Staff type the same starts all day,
/// and choosing the best few hundred of thousands by bm25 was most of such a search's time; reading a few
/// hundred documents by row is quick. Only which documents matched is kept (at most 8 kB each): their
/// words are read again, and prices, stock and ranking are worked out on every search.
///
/// The index's version is FTS5's own structure record (its cookie and segments change with every write to
/// the index, by this process or any other) with the vocabulary's generation (new at each rebuild).
final class BroadPrefixCache: Sendable {
    /// Expressions kept at most (8 MB at the very most); past that the oldest kept are forgotten first.
    static let capacity = 1024

    /// Searches of one such word kept ranked, at most: as many as the hub searches ahead (`SearchWarmer`),
    /// 8 MB at the very most.
    static let rankedCapacity = 1024
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

    private struct State {
        var version: [UInt8] = []
        var documents: [String: [Int64]] = [:]
        var order: [String] = []
        var ranked: [String: RankedSearch] = [:]
        var rankedOrder: [String] = []
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
        state.withLock { $0.version == version ? $0.documents[expression] : nil }
    }

    /// The ranked search kept for `key` under `version`, if any.
    func ranked(for key: String, version: [UInt8]) -> RankedSearch? {
        state.withLock { $0.version == version ? $0.ranked[key] : nil }
    }

    /// Keeps the ranked `search` for `key` under `version`; a new version forgets everything before it.
    func store(_ search: RankedSearch, for key: String, version: [UInt8]) {
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            if state.ranked.updateValue(search, forKey: key) == nil { state.rankedOrder.append(key) }
            if state.rankedOrder.count > Self.rankedCapacity {
                let oldest = state.rankedOrder.prefix(Self.rankedCapacity / 4)
                for key in oldest { state.ranked[key] = nil }
                state.rankedOrder.removeFirst(oldest.count)
            }
        }
    }

    /// How many expressions are kept under `version`.
    func count(under version: [UInt8]) -> Int {
        state.withLock { $0.version == version ? $0.documents.count : 0 }
    }

    /// Keeps `documents` for `expression` under `version`; a new version forgets everything before it.
    func store(_ documents: [Int64], for expression: String, version: [UInt8]) {
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            if state.documents.updateValue(documents, forKey: expression) == nil { state.order.append(expression) }
            if state.order.count > Self.capacity {
                let oldest = state.order.prefix(Self.capacity / 4)
                for expression in oldest { state.documents[expression] = nil }
                state.order.removeFirst(oldest.count)
            }
        }
    }
}
