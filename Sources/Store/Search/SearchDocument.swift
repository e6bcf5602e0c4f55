/// What the search index holds for one item: the normalised tokens of each field it is found by.
///
/// One document per item: its name, its variations' names, its categories, and its variations' SKUs.
/// Archived and deleted items have no document, so they are never found.
struct SearchDocument: Sendable, Equatable {
    var name: [String]
    var variations: [String]
    var category: [String]
    var codes: [String]
    /// The item name folded and with single spaces between words: the key single-letter listings use.
    var nameKey: String
    /// How many words the name has; shorter names rank first among equals.
    var nameLength: Int

    init(name: String, variationNames: [String], categories: [String], skus: [String]) {
        let nameWords = SearchText.words(name)
        self.name = SearchText.tokens(nameWords)
        variations = variationNames.flatMap { SearchText.tokens(SearchText.words($0)) }
        category = categories.flatMap { SearchText.tokens(SearchText.words($0)) }
        // A SKU is indexed by its parts only: whole SKUs are found through the SKU route.
        codes = skus.flatMap { SearchText.words($0).flatMap(\.parts) }
        nameKey = nameWords.map(\.joined).joined(separator: " ")
        nameLength = nameWords.count
    }

    /// The text of each FTS column: tokens separated by single spaces.
    var columns: [String] {
        [name, variations, category, codes].map { $0.joined(separator: " ") }
    }

    /// Adds the words typos may reach to `vocabulary`: letters only, three or more of them, from the name,
    /// variations and categories (never SKUs, whose letters are codes, not words).
    func addVocabulary(to vocabulary: inout Set<String>) {
        for field in [name, variations, category] {
            for token in field where token.utf8.count >= 3 && SearchText.isLetters(token) {
                vocabulary.insert(token)
            }
        }
    }
}

/// The rows the index holds for one item: its `search_docs` row and the text of each FTS column.
struct SearchEntry: Sendable {
    var itemID: String
    var nameKey: String
    var nameLength: Int
    var columns: [String]

    init(itemID: String, document: SearchDocument) {
        self.itemID = itemID
        nameKey = document.nameKey
        nameLength = document.nameLength
        columns = document.columns
    }
}
