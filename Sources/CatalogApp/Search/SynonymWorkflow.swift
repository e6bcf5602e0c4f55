import Store

/// The shop's own words for search (`lrg` = `large`), as `catalog synonyms` keeps them: a word and what it
/// also finds, stored in the normalised form search looks up.
public struct SynonymWorkflow: Sendable {
    public let context: AppContext

    /// The workflow over the context's database (opened when first needed).
    public init(context: AppContext) {
        self.context = context
    }

    /// What adding synonyms did: the word and its synonyms as stored, and whether any pair was new.
    public struct Added: Sendable, Equatable {
        /// The word, normalised.
        public var word: String
        /// The synonyms given, normalised, in order.
        public var synonyms: [String]
        /// Whether at least one of them was not known yet.
        public var anyNew: Bool
    }

    /// What removing synonyms did: the word, normalised, and how many synonyms went (1 or more).
    public struct Removed: Sendable, Equatable {
        public var word: String
        public var count: Int
    }

    /// The form a word or phrase is stored and looked up under: its words' joined forms, spaced.
    public static func key(_ text: String) -> String { CatalogDatabase.synonymKey(text) }

    /// Checks that `word` is one searchable word, which is what a search looks up; a usage error otherwise.
    public static func checkWord(_ word: String) throws {
        let words = SearchText.words(word)
        guard words.count == 1 else {
            throw AppError(
                words.isEmpty
                    ? "“\(Terminal.echo(word))” has no letter or digit to search by."
                    : "“\(Terminal.echo(word))” is several words; the word must be one word (put phrases on the synonym side).",
                exitCode: .usage)
        }
    }

    /// Makes `word` also find each of `synonyms` (those with a letter or digit in them; a usage error when
    /// none has).
    public func add(word: String, synonyms: [String]) async throws -> Added {
        try Self.checkWord(word)
        let values = synonyms.filter { !Self.key($0).isEmpty }
        guard !values.isEmpty else {
            throw AppError("Give at least one synonym with a letter or digit in it.", exitCode: .usage)
        }
        let added = try await context.openDatabase().addSynonyms(word: word, synonyms: values)
        return Added(word: Self.key(word), synonyms: values.map(Self.key), anyNew: added > 0)
    }

    /// Removes the named synonyms of `word`, or all of them when none is named; a not-found error when
    /// `word` has none of them.
    public func remove(word: String, synonyms: [String]) async throws -> Removed {
        try Self.checkWord(word)
        let removed = try await context.openDatabase().removeSynonyms(word: word, synonyms: synonyms)
        guard removed > 0 else {
            throw AppError(
                "“\(Terminal.echo(word))” has no such synonyms; see catalog synonyms list.", exitCode: .notFound)
        }
        return Removed(word: Self.key(word), count: removed)
    }

    /// Every word with its synonyms, normalised, in word order.
    public func entries() async throws -> [SynonymEntry] {
        try await context.openDatabase().synonymEntries()
    }
}
