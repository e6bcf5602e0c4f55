import Foundation
import GRDB
import Synchronization

/// What one word typed as the start of a word found (`ca`, `cab`, `medi`, which may start words in
/// thousands of items), kept while the search index is unchanged. Staff type the same starts all day, and
/// choosing the best few hundred of thousands by bm25 was most of such a search's time. Three things are
/// kept: which documents the word's FTS5 expression matched (at most 8 kB each; their words are read
/// again), the whole search of the word, ranked (its first items), so that only its rows, their prices and
/// stock are read again, and, for the few words searched last and the broadest searched ahead, the
/// documents' words themselves: a second word typed after a word in hundreds of items (`tea t`, `red k`)
/// is then checked against them in memory, where reading and splitting them again was most of each key's
/// search.
///
/// The index's version is FTS5's own structure record (its cookie and segments change with every write to
/// the index, by this process or any other) with the vocabulary's generation (new at each rebuild).
final class BroadPrefixCache: Sendable {
    /// Expressions, and searches, kept at most (8 MB of each at the very most): as many as the hub searches
    /// ahead (`SearchWarmer`). Past that the oldest kept are forgotten first.
    static let capacity = 1536
    /// Ranked items kept per search beyond the rows it asked for (an item gives one row or more).
    static let rankedSpare = 40
    /// Words whose documents' words are kept, at most (about 0.7 MB each for 1,000 documents): those
    /// searched last, as a second word is typed after them.
    static let candidatesCapacity = 16
    /// Fewer documents than this are read again rather than kept (reading them takes under a millisecond).
    static let candidatesWorthKeeping = 64
    /// Whole words searched ahead (`SearchWarmer`) whose documents' words are kept besides, at most: the
    /// broadest, which a second word typed after them (`red k`) checks; about 0.7 MB each.
    static let pinnedCapacity = 48

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
        var capacity = BroadPrefixCache.capacity
        var values: [String: Value] = [:]
        var order: [String] = []

        mutating func store(_ value: Value, for key: String) {
            if values.updateValue(value, forKey: key) == nil { order.append(key) }
            if order.count > capacity {
                let oldest = order.prefix(max(1, capacity / 4))
                for key in oldest { values[key] = nil }
                order.removeFirst(oldest.count)
            }
        }
    }

    private struct State {
        var version: [UInt8] = []
        var documents = Kept<[Int64]>()
        var ranked = Kept<RankedSearch>()
        var candidates = Kept<KeptCandidates>(capacity: BroadPrefixCache.candidatesCapacity)
        /// Those of words searched ahead, until the index changes.
        var pinned: [String: KeptCandidates] = [:]
    }

    /// The documents one expression found, with their words; `complete` when they are every document it
    /// matches (none left out for bm25).
    struct KeptCandidates {
        var candidates: [SearchCandidate]
        var complete: Bool
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

    /// The documents, with their words, kept for `expression` under `version`, if any; with `complete`, only
    /// when they are every document it matches.
    func candidates(for expression: String, version: [UInt8], complete: Bool = false) -> [SearchCandidate]? {
        state.withLock { state in
            guard state.version == version,
                let kept = state.candidates.values[expression] ?? state.pinned[expression],
                kept.complete || !complete
            else { return nil }
            return kept.candidates
        }
    }

    /// How many expressions have their documents' words kept under `version` (those searched last and
    /// those searched ahead).
    func candidatesCount(under version: [UInt8]) -> Int {
        state.withLock { state in
            state.version == version ? Set(state.candidates.values.keys).union(state.pinned.keys).count : 0
        }
    }

    /// How many expressions are kept under `version`.
    func count(under version: [UInt8]) -> Int {
        state.withLock { $0.version == version ? $0.documents.values.count : 0 }
    }

    /// Keeps `documents` for `expression` under `version`; a new version forgets everything before it.
    func store(_ documents: [Int64], for expression: String, version: [UInt8]) {
        update(version) { $0.documents.store(documents, for: expression) }
    }

    /// Keeps the documents `expression` found, with their words, under `version`, when there are enough of
    /// them to be worth it; a new version forgets everything before it.
    func store(candidates: [SearchCandidate], complete: Bool, for expression: String, version: [UInt8]) {
        guard candidates.count >= Self.candidatesWorthKeeping else { return }
        update(version) {
            $0.candidates.store(KeptCandidates(candidates: candidates, complete: complete), for: expression)
        }
    }

    /// Keeps what a word searched ahead just kept with its words (`store(candidates:)`) under `version` until
    /// the index changes, for as many words as `pinnedCapacity` (the first searched ahead: the broadest).
    func pin(_ expression: String, version: [UInt8]) {
        update(version) { state in
            guard state.pinned.count < Self.pinnedCapacity || state.pinned[expression] != nil,
                let kept = state.candidates.values[expression]
            else { return }
            state.pinned[expression] = kept
        }
    }

    /// Whether the words of every document `expression` matches are kept, under any version: a search
    /// reads the index's version to use them only when they may be.
    func keepsComplete(_ expression: String) -> Bool {
        state.withLock { state in
            (state.candidates.values[expression] ?? state.pinned[expression])?.complete ?? false
        }
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
