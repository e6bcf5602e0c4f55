import CatalogCore
import Store

/// The kinds of query drawn after the first five: typos that are words of the catalog, category words,
/// half-typed numbers with decimals, and words in another order.
extension BenchQueryGenerator {
    /// The name with one word without digits left out (when it has three or more), one word (four letters
    /// or more) turned by one edit into another word of the catalog (`sauces` for `sauce`, `acre` for
    /// `acme`) and, every other time, a word of the item's category added first or last, such that another item
    /// holds every typed word in its name, variations or category: an exact match that fits worse. Fair
    /// when the name's words spelled right name only this item and no item's name and variation names
    /// hold every word as typed. Of the misspellings that qualify, one is drawn.
    mutating func catalogTypoQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2 else { return nil }
        guard let kept = leavingOneOut(words) else { return nil }
        guard holders(of: kept.map { words[$0].joined }) == [item.id] else { return nil }
        let extra = random.next() % 2 == 0 ? categoryWord(for: item, besides: words) : nil
        let first = random.next() % 2 == 0
        var choices: [[String]] = []
        for target in kept where Self.canCarryTypo(words[target]) {
            // The misspelling keeps four letters, or it could carry no typo.
            for misspelt in catalogNeighbours(of: words[target].joined) {
                var typed = kept.map { $0 == target ? misspelt : chunks[$0] }
                let nameTokens = typed.flatMap { SearchText.tokens($0) }
                if let extra { if first { typed.insert(extra, at: 0) } else { typed.append(extra) } }
                guard holderIndices(of: nameTokens).isEmpty else { continue }
                // Another item holds every typed word somewhere, and none holds as many of them in its
                // names as this item does with the misspelling put right.
                let own = Self.wordsHeld(
                    typed.map { $0 == misspelt ? chunks[target] : $0 }, in: tokens[index(of: item)])
                let rivals = holderIndices(anywhere: typed.flatMap { SearchText.tokens($0) }).filter {
                    items[$0].id != item.id
                }
                guard !rivals.isEmpty, rivals.allSatisfy({ Self.wordsHeld(typed, in: tokens[$0]) < own }) else {
                    continue
                }
                choices.append(typed)
            }
        }
        guard !choices.isEmpty else { return nil }
        return choices[Int(random.next() % UInt64(choices.count))].joined(separator: " ")
    }

    /// The name with one word without digits left out (when it has three or more) and a word of the
    /// item's category added first or last. Fair when the name's words kept name only this item.
    mutating func categoryQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2 else { return nil }
        guard let kept = leavingOneOut(words) else { return nil }
        guard holders(of: kept.map { words[$0].joined }) == [item.id],
            let word = categoryWord(for: item, besides: words)
        else { return nil }
        var typed = kept.map { chunks[$0] }
        if random.next() % 2 == 0 { typed.insert(word, at: 0) } else { typed.append(word) }
        return typed.joined(separator: " ")
    }

    /// The name's words up to its first number with decimals (`1.5l`), that number typed only as its
    /// whole part (`1`, or `1.` every other time). Fair when the words before it name only this item
    /// among the items with a number of that whole part (`1`, `1kg`, `1.2l`); items whose numbers only
    /// start with the same digits (`150g`) may also match, and should come after it.
    mutating func decimalQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2 else { return nil }
        guard let at = words.firstIndex(where: { $0.parts.contains(where: Self.isDecimal) }), at > 0,
            let number = words[at].parts.first(where: Self.isDecimal)
        else { return nil }
        let whole = String(number.prefix { $0 != "." })
        for rival in holderIndices(of: words[..<at].map(\.joined)) where items[rival].id != item.id {
            let other = items[rival]
            let tokens =
                SearchText.tokens(other.name) + other.variations.flatMap { SearchText.tokens($0.variationName ?? "") }
            if tokens.contains(where: { $0 == whole || $0.hasPrefix(whole + ".") }) { return nil }
        }
        let fragment = random.next() % 2 == 0 ? whole : whole + "."
        return (chunks[..<at] + [fragment]).joined(separator: " ")
    }

    /// Every word of the name, shuffled into another order. Fair when the words name only this item.
    mutating func anyOrderQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2, Set(chunks).count == chunks.count,
            holders(of: words.map(\.joined)) == [item.id]
        else { return nil }
        var order = Array(chunks.indices)
        while order == Array(chunks.indices) {
            for index in order.indices.reversed() where index > 0 {
                order.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
        }
        return order.map { chunks[$0] }.joined(separator: " ")
    }

    /// The catalog's words of four letters or more one edit from `word`, in order (remembered: names
    /// share their words).
    mutating func catalogNeighbours(of word: String) -> [String] {
        if let known = neighbours[word] { return known }
        let found = Self.oneEdit(word).filter { $0.count >= 4 && vocabulary.contains($0) }.sorted()
        neighbours[word] = found
        return found
    }

    /// How many of `words` have every token in `tokens`.
    static func wordsHeld(_ words: [String], in tokens: Set<String>) -> Int {
        words.filter { SearchText.tokens($0).allSatisfy(tokens.contains) }.count
    }

    /// The position of `item` in `items`.
    func index(of item: Item) -> Int {
        positions[item.id] ?? 0
    }

    /// The positions of the name's words with one without digits left out, when there are three or more.
    mutating func leavingOneOut(_ words: [SearchText.Word]) -> [Int]? {
        guard words.count >= 3 else { return Array(words.indices) }
        let droppable = words.indices.filter { !words[$0].hasDigits }
        guard !droppable.isEmpty else { return nil }
        let drop = droppable[Int(random.next() % UInt64(droppable.count))]
        return words.indices.filter { $0 != drop }
    }

    /// A word of three letters or more from the item's category that its name does not have.
    mutating func categoryWord(for item: Item, besides words: [SearchText.Word]) -> String? {
        let name = Set(words.map(\.joined))
        let candidates = SearchText.words(item.variations.first?.category ?? "").map(\.joined).filter {
            $0.unicodeScalars.count >= 3 && !name.contains($0)
        }
        guard !candidates.isEmpty else { return nil }
        return candidates[Int(random.next() % UInt64(candidates.count))]
    }

    /// Whether a word's part is a number with decimals (`1.5`, `2.0`).
    static func isDecimal(_ part: String) -> Bool {
        part.contains(".") && part.first?.isNumber == true
    }

    /// Every string one edit (a letter replaced, left out, added, or swapped with its neighbour) from
    /// `word`, in lower-case ASCII letters.
    static func oneEdit(_ word: String) -> Set<String> {
        let letters = Array(word)
        let alphabet = "abcdefghijklmnopqrstuvwxyz"
        var out: Set<String> = []
        for index in 0...letters.count {
            for letter in alphabet {
                var inserted = letters
                inserted.insert(letter, at: index)
                out.insert(String(inserted))
                guard index < letters.count else { continue }
                var replaced = letters
                replaced[index] = letter
                out.insert(String(replaced))
            }
            guard index < letters.count else { continue }
            var removed = letters
            removed.remove(at: index)
            out.insert(String(removed))
            if index + 1 < letters.count {
                var swapped = letters
                swapped.swapAt(index, index + 1)
                out.insert(String(swapped))
            }
        }
        out.remove(word)
        return out
    }
}
