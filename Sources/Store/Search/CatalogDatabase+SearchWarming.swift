import GRDB

extension CatalogDatabase {
    /// What a search of the index as it is now keeps: the version `BroadPrefixCache` keys on. Two equal
    /// versions mean nothing the search reads has changed in between.
    public func searchIndexVersion() async throws -> [UInt8] {
        try await read { db in try BroadPrefixCache.version(db) }
    }

    /// The words (of two letters or more) in more than `candidateCap` documents of the index, the broadest
    /// first, at most `most`: a second word typed after one of them (`red k`) has their best 1,000 chosen.
    public func broadWords(most: Int) async throws -> [String] {
        try await read { db in
            try Self.createVocabulary(db)
            return try String.fetchAll(
                db,
                sql: """
                    SELECT term FROM temp.search_vocabulary
                    WHERE doc > ? AND length(term) >= 2 AND term NOT GLOB '*[^a-z]*' ORDER BY doc DESC, term LIMIT ?
                    """,
                arguments: [Self.candidateCap, most])
        }
    }

    /// Chooses what `word`, typed whole and followed by another, finds, and keeps it for the index as it is
    /// now (`BroadPrefixCache`), as a search of `word` and a second word would: which documents, and for the
    /// broadest words their words too, so that the first second word typed after one is as quick as the next.
    /// A word every item has only where a typo would fit better (`care`, `drinks`: in the items' category)
    /// has its typos looked up at each second word typed after it: what they find is kept too.
    public func searchAhead(word: String) async throws {
        let (broad, typos) = (broadCache, typoCache)
        try await read { db in
            let plans = try Self.wordPlans(for: SearchQuery(word).words, lastIsPrefix: false, db: db)
            let version = try BroadPrefixCache.version(db)
            let found = try Self.fetchCandidates(plans, broad: broad, version: version, db: db)
            guard plans.count == 1 else { return }
            broad.pin(plans.expression, version: version)
            guard Self.fitsWorseThanTypo(plans[0], found) else { return }
            let typed = try Self.withTypos(plans, typos: typos, db: db).map { $0.added(since: plans[0]) }
            guard !typed[0].alternatives.isEmpty else { return }
            _ = try Self.fetchCandidates(typed, broad: broad, version: version, db: db)
            broad.pin(typed.expression, version: version)
        }
    }

    /// FTS5's vocabulary of the search index, as a table of this connection only.
    static func createVocabulary(_ db: Database) throws {
        try db.execute(
            sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocabulary USING fts5vocab(main, 'search', 'row')")
    }

    /// The starts of words (two to five letters) that begin words in more than `broadCap` documents of the
    /// index, the broadest first, at most `most`: what staff type on the way to a word, and what costs a
    /// cold search most (choosing the best few hundred of thousands). Counted with FTS5's own vocabulary
    /// (fts5vocab over the index, a table of this connection only); a start's count adds its words' counts,
    /// so a document with two of its words counts twice, which only orders the list.
    public func broadWordStarts(most: Int) async throws -> [String] {
        try await read { db in
            try Self.createVocabulary(db)
            let starts = [2, 3, 4, 5].map { length in
                """
                SELECT substr(term, 1, \(length)) AS start, sum(doc) AS documents FROM temp.search_vocabulary
                WHERE length(term) >= \(length) GROUP BY start
                """
            }
            return try String.fetchAll(
                db,
                sql: """
                    SELECT start FROM (\(starts.joined(separator: " UNION ALL ")))
                    WHERE documents > ? AND start NOT GLOB '*[^a-z]*' ORDER BY documents DESC, start LIMIT ?
                    """,
                arguments: [Self.broadCap, most])
        }
    }
}
