import Synchronization

/// How many typos a word may carry, how far apart two words are, and the deletion keys that find
/// near words in the index without scanning the vocabulary.
public enum Typos {
    /// Words longer than this are not looked up with typos: no shop's word is this long, and the
    /// deletion keys of a long word run to thousands.
    static let longestWord = 32

    /// Typos allowed in a typed word of `length` letters: none up to 3, one up to 7, two from 8.
    public static func allowed(length: Int) -> Int {
        length < 4 ? 0 : length < 8 ? 1 : 2
    }

    /// Typos allowed between a typed word of `typed` letters and an indexed word of `term` letters: as
    /// `allowed(length:)` for the typed word, and two as well when the longer of the two has seven letters
    /// or more and the shorter five (`notebk` or `noetbok` for `notebook`), if those two are letters left out
    /// or swapped (`typos(_:for:)` checks that).
    public static func allowed(typed: Int, term: Int) -> Int {
        let own = allowed(length: typed)
        guard own == 1 else { return own }
        return max(typed, term) >= 7 && min(typed, term) >= 5 ? 2 : 1
    }

    /// How many typos `typed` carries as a spelling of the indexed word `term`, or nil when it is not one
    /// within the allowance: `distance` up to `allowed(length:)` of the typed word; past that (two typos in
    /// a long word typed with five to seven letters) only letters of the term left out or swapped with a
    /// neighbour count, so `lantern` is not a `planter`.
    public static func typos(_ typed: String, for term: String) -> Int? {
        let length = typed.unicodeScalars.count
        let allowed = allowed(typed: length, term: term.unicodeScalars.count)
        let distance = distance(typed, term, limit: allowed)
        guard distance <= allowed else { return nil }
        guard distance > Self.allowed(length: length) else { return distance }
        return dropsAndSwaps(typed, term, limit: distance) <= distance ? distance : nil
    }

    /// The fewest letters of `term` left out or swapped with a neighbour that give `typed` (`limit + 1` when
    /// more, or when `typed` has a letter the term lacks or one in its place).
    public static func dropsAndSwaps(_ typed: String, _ term: String, limit: Int) -> Int {
        let x = Array(typed.unicodeScalars)
        let y = Array(term.unicodeScalars)
        guard x.count <= y.count, y.count - x.count <= limit else { return limit + 1 }
        let never = limit + 1
        // cost[i][j]: typed's first i letters from term's first j.
        var cost = [[Int]](repeating: [Int](repeating: never, count: y.count + 1), count: x.count + 1)
        for j in 0...y.count { cost[0][j] = min(j, never) }
        for i in stride(from: 1, through: x.count, by: 1) {
            for j in stride(from: 1, through: y.count, by: 1) {
                var best = min(cost[i][j - 1] + 1, never)
                if x[i - 1] == y[j - 1] { best = min(best, cost[i - 1][j - 1]) }
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, cost[i - 2][j - 2] + 1) }
                cost[i][j] = best
            }
        }
        return cost[x.count][y.count]
    }

    /// The most typos a typed word of `length` letters may carry to any indexed word: how deep its
    /// deletion keys go.
    static func reach(length: Int) -> Int {
        length >= 5 ? 2 : allowed(length: length)
    }

    /// The edit distance between `a` and `b` where an insertion, a deletion, a substitution or a swap of two
    /// neighbouring letters each count as one (optimal string alignment). Returns `limit + 1` as soon as
    /// the distance is known to exceed `limit`.
    public static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        let width = y.count + 1
        var before = [Int](repeating: 0, count: width)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...x.count {
            current[0] = i
            var rowBest = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count]
    }

    /// The deletion keys of `word`: the word itself and every string left after deleting up to `depth`
    /// of its letters. Two words within distance `d` of each other share a key when both are expanded to
    /// depth `d` (a swap is one deletion on each side).
    public static func deletionKeys(_ word: String, depth: Int) -> Set<String> {
        var keys: Set<String> = [word]
        var frontier: Set<[Unicode.Scalar]> = [Array(word.unicodeScalars)]
        for _ in 0..<depth {
            var next: Set<[Unicode.Scalar]> = []
            for letters in frontier where letters.count > 1 {
                for index in letters.indices {
                    var shorter = letters
                    shorter.remove(at: index)
                    next.insert(shorter)
                }
            }
            for letters in next {
                var key = String.UnicodeScalarView()
                key.append(contentsOf: letters)
                keys.insert(String(key))
            }
            frontier = next
        }
        return keys
    }

    /// How deep an indexed term's deletion keys go: far enough for any typed word that may reach it.
    static func indexDepth(length: Int) -> Int {
        length < 3 ? 0 : length < 6 ? 1 : 2
    }
}

/// The typo alternatives of words already looked up, kept while the vocabulary stays as it was. A counter
/// searches as someone types, so the same words are looked up keystroke after keystroke, and the lookup
/// (every deletion key of the word in the index) is a tenth of a search that needs typos.
final class TypoCache: Sendable {
    /// Words kept at most; past that the cache starts over.
    static let capacity = 20_000

    private let state = Mutex<(version: String, words: [String: [Alternative]])>(("", [:]))

    /// What was found for `word` under `version` (`CatalogDatabase.vocabularyVersion`), if it was looked up.
    func alternatives(of word: String, version: String) -> [Alternative]? {
        state.withLock { $0.version == version ? $0.words[word] : nil }
    }

    /// Records what `word` was found to have under `version`; a new version forgets everything before it.
    func store(_ alternatives: [Alternative], of word: String, version: String) {
        state.withLock { state in
            if state.version != version || state.words.count >= Self.capacity { state = (version, [:]) }
            state.words[word] = alternatives
        }
    }
}
