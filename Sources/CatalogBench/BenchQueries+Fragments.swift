import CatalogCore
import Store

/// The kinds of query a tokenizing engine such as tantivy finds without trying: a fragment of a number
/// with a point in it next to a misspelt word, and two typos in a long word.
extension BenchQueryGenerator {
    /// The name's words, one left out when it has three or more (never one with digits), one misspelt by
    /// one edit (as the typo kind does) and the first word holding a number with a point in it typed as one
    /// of the pieces a tokenizing engine splits it into (`0` or `2` of `2.0`, `x1` or `5` of `x1.5`). Fair
    /// when no other item holding the other words spelled right has a piece of its name or variation
    /// names, or two pieces in a row (`5 L` for `5l`), that starts with the fragment, and the misspelling
    /// is one edit from no other catalog word (`foor` could be `floor` as well as `food`).
    mutating func typoFragmentQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2 else { return nil }
        guard let at = words.firstIndex(where: { $0.parts.contains(where: Self.isDecimal) }) else { return nil }
        let pieces = Self.pieces(of: chunks[at]).filter { $0.contains(where: \.isNumber) }
        guard pieces.count >= 1, let kept = leavingOneOut(words) else { return nil }
        let fragment = pieces[Int(random.next() % UInt64(pieces.count))]
        let others = kept.filter { $0 != at }
        let typoable = others.filter { Self.canCarryTypo(words[$0]) }
        guard !typoable.isEmpty else { return nil }
        for rival in holderIndices(of: others.map { words[$0].joined }) where items[rival].id != item.id {
            let names = [items[rival].name] + items[rival].variations.compactMap(\.variationName)
            // A piece, or two pieces in a row (`5 L` is what `5l` means).
            let pieces = names.map(Self.pieces)
            let words = pieces.flatMap { $0 } + pieces.flatMap { zip($0, $0.dropFirst()).map { $0 + $1 } }
            if words.contains(where: { $0.hasPrefix(fragment) }) { return nil }
        }
        let target = typoable[Int(random.next() % UInt64(typoable.count))]
        guard let misspelt = misspell(words[target].joined), postings[misspelt] == nil,
            Self.oneEdit(misspelt).intersection(vocabulary).subtracting([words[target].joined]).isEmpty
        else { return nil }
        return kept.map { $0 == target ? misspelt : $0 == at ? fragment : chunks[$0] }.joined(separator: " ")
    }

    /// The name, one word without digits left out when it has three or more, with a word of seven letters or
    /// more typed with two letters left out or swapped with a neighbour (`notebk` for `notebook`). Fair when
    /// the words spelled right name only this item and the misspelling is not within one edit of any
    /// catalog word (it would then mean that word).
    mutating func twoTyposQuery(for item: Item) -> String? {
        guard let (chunks, words) = nameWords(item), chunks.count >= 2 else { return nil }
        guard let kept = leavingOneOut(words), holders(of: kept.map { words[$0].joined }) == [item.id] else {
            return nil
        }
        let long = kept.filter { Self.canCarryTypo(words[$0]) && words[$0].joined.unicodeScalars.count >= 7 }
        guard !long.isEmpty else { return nil }
        let target = long[Int(random.next() % UInt64(long.count))]
        guard let mangled = twoEdits(words[target].joined), postings[mangled] == nil,
            Self.oneEdit(mangled).isDisjoint(with: vocabulary)
        else { return nil }
        return kept.map { $0 == target ? mangled : chunks[$0] }.joined(separator: " ")
    }

    /// `word` with two letters left out or swapped with their neighbours (in any mix), when that is two
    /// such edits from it (a letter moved two places by two swaps of the same letter is not).
    mutating func twoEdits(_ word: String) -> String? {
        var letters = Array(word)
        for _ in 0..<2 {
            if random.next() % 2 == 0 {
                letters.remove(at: Int(random.next() % UInt64(letters.count)))
            } else {
                let at = Int(random.next() % UInt64(letters.count - 1)) + 1
                guard letters[at - 1] != letters[at] else { return nil }
                letters.swapAt(at - 1, at)
            }
        }
        let result = String(letters)
        return Typos.dropsAndSwaps(result, word, limit: 2) == 2 ? result : nil
    }

    /// A folded text cut at everything but letters and digits, as a tokenizing engine cuts it (`x1.5` into
    /// `x1` and `5`).
    static func pieces(of text: String) -> [String] {
        SearchText.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
