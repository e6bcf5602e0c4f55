import Foundation
import GRDB
import Synchronization

/// The candidates of broad searches (one word of two or three letters typed as the start of a word, which
/// starts words in thousands of items), kept while the search index is unchanged. Staff type the same first
/// letters all day (`ca`, `cab`, `cable`), and choosing the best few hundred of thousands by bm25 is most of
/// such a search's time; what is kept is only which items matched and their indexed words, so prices, stock
/// and ranking are still worked out on every search.
///
/// The index's version is FTS5's own structure record (its cookie and segments change with every write to
/// the index, by this process or any other) with the vocabulary's generation (new at each rebuild).
final class BroadPrefixCache: Sendable {
    /// Expressions kept at most; past that the cache starts over.
    static let capacity = 256

    private let state = Mutex<(version: [UInt8], candidates: [String: [SearchCandidate]])>(([], [:]))

    /// The index's version now, read in the same snapshot as the search that uses it.
    static func version(_ db: Database) throws -> [UInt8] {
        let structure = try Data.fetchOne(db.cachedStatement(sql: "SELECT block FROM search_data WHERE id = 10"))
        let generation = try CatalogDatabase.syncStateValue(CatalogDatabase.vocabularyGenerationKey, db: db) ?? ""
        return Array(structure ?? Data()) + Array(generation.utf8)
    }

    /// The candidates kept for `expression` under `version`, if any.
    func candidates(for expression: String, version: [UInt8]) -> [SearchCandidate]? {
        state.withLock { $0.version == version ? $0.candidates[expression] : nil }
    }

    /// Keeps `candidates` for `expression` under `version`; a new version forgets everything before it.
    func store(_ candidates: [SearchCandidate], for expression: String, version: [UInt8]) {
        state.withLock { state in
            if state.version != version || state.candidates.count >= Self.capacity { state = (version, [:]) }
            state.candidates[expression] = candidates
        }
    }
}
