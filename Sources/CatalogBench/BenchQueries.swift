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
struct BenchQueryGenerator {
    struct Item {
        var id: String
        var name: String
        var variations: [VariationSummary]
    }

    let items: [Item]
    /// Which items hold each indexed token of their name or variation names.
    let postings: [String: [Int]]
    var random: SplitMix64

    init(variations: [VariationSummary], seed: UInt64) {
        var items: [Item] = []
        for variation in variations {
            if items.last?.id == variation.itemID {
                items[items.count - 1].variations.append(variation)
            } else {
                items.append(Item(id: variation.itemID, name: variation.itemName, variations: [variation]))
            }
        }
        var postings: [String: [Int]] = [:]
        for (index, item) in items.enumerated() {
            let tokens = Set(
                SearchText.tokens(item.name) + item.variations.flatMap { SearchText.tokens($0.variationName ?? "") })
            for token in tokens { postings[token, default: []].append(index) }
        }
        self.items = items
        self.postings = postings
        random = SplitMix64(seed: seed)
    }

    /// `count` queries of each kind (fewer when the catalog cannot give that many fair ones).
    mutating func queries(count: Int) -> [BenchQuery] {
        guard !items.isEmpty else { return [] }
        var queries: [BenchQuery] = []
        for kind in BenchQuery.Kind.allCases {
            var made = 0
            var tries = 0
            while made < count && tries < count * 20 {
                tries += 1
                let item = items[Int(random.next() % UInt64(items.count))]
                guard let text = query(kind, for: item) else { continue }
                queries.append(BenchQuery(kind: kind, text: text, itemID: item.id))
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
        let chunks = item.name.split(separator: " ").map {
            SearchText.fold(String($0)).trimmingCharacters(in: .whitespaces)
        }
        let words = chunks.map { SearchText.words($0) }
        guard chunks.count >= 3, words.allSatisfy({ $0.count == 1 }) else { return nil }
        let droppable = chunks.indices.filter { !words[$0][0].hasDigits }
        guard !droppable.isEmpty else { return nil }
        let drop = droppable[Int(random.next() % UInt64(droppable.count))]
        let kept = chunks.indices.filter { $0 != drop }
        guard holders(of: kept.map { words[$0][0].joined }) == [item.id] else { return nil }
        let typoable = kept.filter {
            let word = words[$0][0]
            return word.parts.count == 1 && !word.hasDigits && word.joined.unicodeScalars.count >= 4
        }
        guard !typoable.isEmpty else { return nil }
        let target = typoable[Int(random.next() % UInt64(typoable.count))]
        guard let misspelt = misspell(words[target][0].joined), postings[misspelt] == nil else { return nil }
        return kept.map { $0 == target ? misspelt : chunks[$0] }.joined(separator: " ")
    }

    /// The items whose name or variation names hold every token.
    func holders(of tokens: [String]) -> [String] {
        var common: Set<Int>?
        for token in tokens {
            let holding = Set(postings[token] ?? [])
            common = common.map { $0.intersection(holding) } ?? holding
        }
        return (common ?? []).map { items[$0].id }
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
