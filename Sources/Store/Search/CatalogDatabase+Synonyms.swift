import GRDB

/// A shop's own word and the words it stands for in searches.
public struct SynonymEntry: Sendable, Equatable {
    /// The word as search normalises it.
    public var word: String
    /// What it also finds, normalised, in order.
    public var synonyms: [String]

    /// An entry: `word` also finds each of `synonyms`.
    public init(word: String, synonyms: [String]) {
        self.word = word
        self.synonyms = synonyms
    }
}

extension CatalogDatabase {
    /// The normalised form a synonym is stored and looked up under: its words' joined forms, spaced.
    public static func synonymKey(_ text: String) -> String {
        SearchText.words(text).map(\.joined).joined(separator: " ")
    }

    /// Makes `word` find what each of `synonyms` finds, and the reverse for one-word synonyms.
    /// Takes effect at once; the index does not change. Returns how many pairs were new.
    @discardableResult
    public func addSynonyms(word: String, synonyms: [String]) async throws -> Int {
        let key = Self.synonymKey(word)
        let values = synonyms.map(Self.synonymKey).filter { !$0.isEmpty && $0 != key }
        return try await write { db in
            var added = 0
            for value in values {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO search_synonyms(word, synonym) VALUES (?, ?)", arguments: [key, value])
                added += db.changesCount
            }
            return added
        }
    }

    /// Removes `word`'s synonyms (only those named, or all). Returns how many pairs were removed.
    @discardableResult
    public func removeSynonyms(word: String, synonyms: [String] = []) async throws -> Int {
        let key = Self.synonymKey(word)
        let values = synonyms.map(Self.synonymKey)
        return try await write { db in
            if values.isEmpty {
                try db.execute(sql: "DELETE FROM search_synonyms WHERE word = ?", arguments: [key])
                return db.changesCount
            }
            var removed = 0
            for value in values {
                try db.execute(
                    sql: "DELETE FROM search_synonyms WHERE (word = ? AND synonym = ?) OR (word = ? AND synonym = ?)",
                    arguments: [key, value, value, key])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// Every synonym, by word.
    public func synonymEntries() async throws -> [SynonymEntry] {
        try await read { db in
            var entries: [SynonymEntry] = []
            for row in try Row.fetchAll(db, sql: "SELECT word, synonym FROM search_synonyms ORDER BY word, synonym") {
                let word: String = row["word"]
                if entries.last?.word == word {
                    entries[entries.count - 1].synonyms.append(row["synonym"])
                } else {
                    entries.append(SynonymEntry(word: word, synonyms: [row["synonym"]]))
                }
            }
            return entries
        }
    }

    /// What a typed word also finds: its synonyms, and the words it is a one-word synonym of.
    static func synonyms(of word: String, db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT synonym FROM search_synonyms WHERE word = ?
                    UNION SELECT word FROM search_synonyms WHERE synonym = ?
                    """),
            arguments: [word, word])
    }
}
