import CatalogApp
import CatalogCore
import Store

/// One benchmark query and the item it is meant to find.
struct BenchQuery: Sendable {
    /// What kind of typing the query stands for.
    enum Kind: String, Sendable, CaseIterable {
        /// The item's name as written.
        case exact
        /// The name with its last word cut short, as typed half-way.
        case prefix
        /// The name with one word left out and one typo in another word.
        case typo
        /// A variation's SKU.
        case sku
        /// A variation's barcode in one of its spellings.
        case barcode
        /// The name with one word misspelt into another word of the catalog (`acre` for `acme`), and in
        /// half of them a word of the item's category added.
        case catalogTypo = "catalog-typo"
        /// The name with one word left out and a word of the item's category added before or after it.
        case category
        /// The name up to a number with decimals (`1.5l`, `2.0`), that number typed only as far as its
        /// whole part (`1` or `1.`).
        case decimal
        /// Every word of the name, in another order.
        case anyOrder = "any-order"
        /// Words of the name, one misspelt, and a fragment of a number with a point in it (the `0` of `2.0`,
        /// the `x1` of `X1.5`), as a tokenizing engine splits it.
        case typoFragment = "typo-fragment"
        /// The name with a word of seven letters or more typed with two letters left out or swapped
        /// (`notebk`, `noetbok`).
        case twoTypos = "two-typos"

        /// The kinds answered through the word index (every kind but SKUs and barcodes).
        var isText: Bool { self != .sku && self != .barcode }
    }

    var kind: Kind
    var text: String
    var itemID: String
}

/// Draws benchmark queries from a synced catalog with a fixed seed, so every run asks the same questions.
///
/// A typo query leaves out one word (never one with digits) and makes one typo (a substitution,
/// deletion, insertion or swap) in a word of four letters or more. It is kept only when it is fair: the
/// remaining words, spelled right, name no other item, and the misspelling is not itself a catalog word.
/// The other kinds are drawn after these, from the same stream, so adding a kind leaves the earlier
/// kinds' queries as they were. None of them asks the search engine anything: fairness is judged on the
/// catalog's own words.
struct BenchQueryGenerator {
    struct Item {
        var id: String
        var name: String
        var variations: [VariationSummary]
    }

    let items: [Item]
    /// Which items hold each indexed token of their name or variation names.
    let postings: [String: [Int]]
    /// Each item's tokens of its name and variation names, by position in `items`.
    let tokens: [Set<String>]
    /// Each item's position in `items`, by id.
    let positions: [String: Int]
    /// Each item's tokens of its category, by position in `items`.
    let categoryTokens: [Set<String>]
    /// Which items hold each token of their category.
    let categoryPostings: [String: [Int]]
    /// Every word of three letters or more in names, variation names and categories: what a typo can
    /// turn into without leaving the catalog.
    let vocabulary: Set<String>
    /// The catalog words one edit from each word asked about so far.
    var neighbours: [String: [String]] = [:]
    var random: SplitMix64

    /// The items of `variations` (listed item by item, as `activeVariations` lists them), each with its own.
    static func items(of variations: [VariationSummary]) -> [Item] {
        var items: [Item] = []
        for variation in variations {
            if items.last?.id == variation.itemID {
                items[items.count - 1].variations.append(variation)
            } else {
                items.append(Item(id: variation.itemID, name: variation.itemName, variations: [variation]))
            }
        }
        return items
    }

    init(variations: [VariationSummary], seed: UInt64) {
        let items = Self.items(of: variations)
        var postings: [String: [Int]] = [:]
        var categoryPostings: [String: [Int]] = [:]
        var tokens: [Set<String>] = []
        var categoryTokens: [Set<String>] = []
        for (index, item) in items.enumerated() {
            let own = Set(
                SearchText.tokens(item.name) + item.variations.flatMap { SearchText.tokens($0.variationName ?? "") })
            for token in own { postings[token, default: []].append(index) }
            tokens.append(own)
            let category = Set(SearchText.tokens(item.variations.first?.category ?? ""))
            for token in category { categoryPostings[token, default: []].append(index) }
            categoryTokens.append(category)
        }
        self.items = items
        self.postings = postings
        self.tokens = tokens
        positions = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.categoryTokens = categoryTokens
        self.categoryPostings = categoryPostings
        vocabulary = Set(
            (Array(postings.keys) + Array(categoryPostings.keys)).filter {
                $0.unicodeScalars.count >= 3 && SearchText.words($0).first?.hasDigits == false
            })
        random = SplitMix64(seed: seed)
    }

    /// `count` queries of each kind (fewer when the catalog cannot give that many fair ones).
    mutating func queries(count: Int) -> [BenchQuery] {
        guard !items.isEmpty else { return [] }
        var queries: [BenchQuery] = []
        for (position, kind) in BenchQuery.Kind.allCases.enumerated() {
            var made = 0
            var tries = 0
            // The later kinds fit fewer items (a misspelling that makes another item match, a number with
            // decimals), so they may look further, and never ask the same query twice.
            let later = position >= 5
            var asked: Set<String> = []
            while made < count && tries < count * (later ? 1000 : 20) {
                tries += 1
                let index = Int(random.next() % UInt64(items.count))
                guard let text = query(kind, for: items[index]) else { continue }
                if later { guard asked.insert(text).inserted else { continue } }
                queries.append(BenchQuery(kind: kind, text: text, itemID: items[index].id))
                made += 1
            }
        }
        return queries
    }

    mutating func query(_ kind: BenchQuery.Kind, for item: Item) -> String? {
        let variation = item.variations[Int(random.next() % UInt64(item.variations.count))]
        switch kind {
        case .exact:
            return item.name.lowercased()
        case .prefix:
            var chunks = item.name.lowercased().split(separator: " ").map(String.init)
            guard let last = chunks.last, last.count >= 3 else { return nil }
            chunks[chunks.count - 1] = String(last.prefix(max(2, last.count * 3 / 5)))
            return chunks.joined(separator: " ")
        case .typo:
            return typoQuery(for: item)
        case .catalogTypo:
            return catalogTypoQuery(for: item)
        case .category:
            return categoryQuery(for: item)
        case .decimal:
            return decimalQuery(for: item)
        case .anyOrder:
            return anyOrderQuery(for: item)
        case .typoFragment:
            return typoFragmentQuery(for: item)
        case .twoTypos:
            return twoTyposQuery(for: item)
        case .sku:
            return variation.sku
        case .barcode:
            guard let upc = variation.upc, let gtin = variation.gtin else { return nil }
            switch random.next() % 3 {
            case 0: return upc
            case 1: return gtin
            default:
                var spaced = upc
                spaced.insert("-", at: spaced.index(spaced.startIndex, offsetBy: min(3, spaced.count)))
                return spaced
            }
        }
    }

    mutating func typoQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 3 else { return nil }
        let droppable = chunks.indices.filter { !words[$0].hasDigits }
        guard !droppable.isEmpty else { return nil }
        let drop = droppable[Int(random.next() % UInt64(droppable.count))]
        let kept = chunks.indices.filter { $0 != drop }
        guard holders(of: kept.map { words[$0].joined }) == [item.id] else { return nil }
        let typoable = kept.filter { Self.canCarryTypo(words[$0]) }
        guard !typoable.isEmpty else { return nil }
        let target = typoable[Int(random.next() % UInt64(typoable.count))]
        guard let misspelt = misspell(words[target].joined), postings[misspelt] == nil else { return nil }
        return kept.map { $0 == target ? misspelt : chunks[$0] }.joined(separator: " ")
    }

    /// The item's name as folded chunks (one per space-separated word) and their words, or nil when a
    /// chunk is not exactly one word.
    func nameWords(_ item: Item) -> ([String], [SearchText.Word])? {
        let chunks = item.name.split(separator: " ").map {
            SearchText.fold(String($0)).trimmingCharacters(in: .whitespaces)
        }
        let words = chunks.map { SearchText.words($0) }
        guard words.allSatisfy({ $0.count == 1 }) else { return nil }
        return (chunks, words.map { $0[0] })
    }

    /// A word of one part, letters only and four letters or more: one that may carry a typo.
    static func canCarryTypo(_ word: SearchText.Word) -> Bool {
        word.parts.count == 1 && !word.hasDigits && word.joined.unicodeScalars.count >= 4
    }

    /// The items whose name or variation names hold every token.
    func holders(of tokens: [String]) -> [String] {
        holderIndices(of: tokens).map { items[$0].id }
    }

    /// The positions in `items` of the items whose name or variation names hold every token.
    func holderIndices(of tokens: [String]) -> Set<Int> {
        guard let rarest = tokens.min(by: { (postings[$0]?.count ?? 0) < (postings[$1]?.count ?? 0) }) else {
            return []
        }
        return Set((postings[rarest] ?? []).filter { index in tokens.allSatisfy { self.tokens[index].contains($0) } })
    }

    /// The positions of the items that hold every token in their name, variation names or category.
    func holderIndices(anywhere tokens: [String]) -> Set<Int> {
        func count(_ token: String) -> Int { (postings[token]?.count ?? 0) + (categoryPostings[token]?.count ?? 0) }
        guard let rarest = tokens.min(by: { count($0) < count($1) }) else { return [] }
        let start = (postings[rarest] ?? []) + (categoryPostings[rarest] ?? [])
        return Set(
            start.filter { index in
                tokens.allSatisfy { self.tokens[index].contains($0) || categoryTokens[index].contains($0) }
            })
    }

    /// `word` with one typo: a letter replaced, left out, added, or swapped with its neighbour. A word
    /// of four letters never loses one (three letters may carry no typo).
    mutating func misspell(_ word: String) -> String? {
        var letters = Array(word)
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.next() % 26)))
        var operation = random.next() % 4
        if operation == 1 && letters.count <= 4 { operation = 0 }
        switch operation {
        case 0:
            let at = Int(random.next() % UInt64(letters.count))
            guard letters[at] != letter else { return nil }
            letters[at] = letter
        case 1: letters.remove(at: Int(random.next() % UInt64(letters.count)))
        case 2: letters.insert(letter, at: Int(random.next() % UInt64(letters.count + 1)))
        default:
            let at = Int(random.next() % UInt64(letters.count - 1)) + 1
            guard letters[at - 1] != letters[at] else { return nil }
            letters.swapAt(at - 1, at)
        }
        let result = String(letters)
        return result == word ? nil : result
    }
}
