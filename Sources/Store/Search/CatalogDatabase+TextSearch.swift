import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Candidates fetched from the index at most; a broader query keeps the best by bm25.
    static let candidateCap = 1000
    /// Index queries tried while leaving out unmatched words, at most.
    static let maxDropAttempts = 8

    /// The word route: every typed word required, then fragments inside words, then fewer words.
    static func textSearch(
        _ query: SearchQuery, limit: Int, typos: TypoCache? = nil, broad: BroadPrefixCache? = nil, db: Database
    ) throws -> SearchOutcome {
        var plans = try wordPlans(for: query.words, lastIsPrefix: query.route != .barcode, db: db)
        guard !plans.isEmpty else { return SearchOutcome(method: .text, hits: []) }
        // One word typed as the start of a word is ranked once while the index is unchanged (`broad`): the
        // key holds its FTS5 expression (synonyms included), the SKU it may be and the rows asked for, which
        // decide whether typos are looked up.
        let rankedKey =
            plans.count == 1 && plans[0].isPrefix && !plans[0].isShortPrefix
            ? "\(limit) \(query.skuKey) \(plans.expression)" : nil
        // Read once, and only where something is kept: one word asked of the index.
        let oneIndexedWord = plans.filter { !$0.isShortPrefix }.count == 1
        let version = try broad.flatMap { _ in oneIndexedWord ? try BroadPrefixCache.version(db) : nil }
        if let broad, let rankedKey, let version, let kept = broad.ranked(for: rankedKey, version: version) {
            let hits = try hits(for: kept.items, plans: kept.plans, limit: limit, db: db)
            if hits.count >= limit || kept.complete {
                return SearchOutcome(method: hits.isEmpty ? .text : kept.method, hits: hits, droppedWords: kept.dropped)
            }
        }
        var method = SearchOutcome.Method.text
        var dropped: [String] = []
        var candidates = try fetchCandidates(plans, broad: broad, version: version, db: db)
        // The ranks of `candidates` under `plans`, once worked out (ranking is most of a broad search's time):
        // forgotten whenever the candidates change.
        var ranks: [SearchRank]?
        // Typos are looked up only when they could change the answer: when the words as typed found
        // nothing, when one word found less than a list (`wodget` also shows `widget`, after it), or when
        // every item the words found fits them worse than a typo would (a word only in the category or a
        // SKU: `sunvale sauces` finds Sunvale items in Sauces, and Sunvale Soy Sauce fits better).
        var typosMayHelp = candidates.isEmpty || (plans.count == 1 && candidates.count < limit)
        if !typosMayHelp, plans.count > 1 {
            let ranked = candidates.map { SearchRanking.rank($0, plans: plans) }
            ranks = ranked
            typosMayHelp = (ranked.lazy.map(\.fit).min() ?? 0) > WordMatch.typoCost
        }
        if typosMayHelp {
            let corrected = try withTypos(plans, typos: typos, db: db)
            let gained = zip(corrected, plans).count { $0.alternatives.count != $1.alternatives.count }
            if gained > 0 {
                let exact = candidates
                // When one word gained typos, only what they find is asked for: what the words as typed found
                // is in hand (a category word's hundreds of documents, `drinks` in `drinks v`, were read and
                // split twice). Kept as the words as typed are (`broad`): a broad word found only in
                // categories (`care` in `care s`) is looked up with its typos at every key, and staff type the
                // same words again.
                let asked =
                    gained == 1
                    ? zip(corrected, plans).map {
                        $0.alternatives.count == $1.alternatives.count ? $0 : $0.added(since: $1)
                    }
                    : corrected
                plans = corrected
                candidates = try fetchCandidates(asked, broad: broad, version: version, db: db)
                // A capped list keeps the best by bm25: the words as typed keep their items all the same.
                let found = Set(candidates.map(\.itemID))
                candidates += exact.filter { !found.contains($0.itemID) }
                ranks = nil
            }
        }
        var rankingPlans = plans
        // Still nothing: try each word as the start of a longer one (`blu` for `blue`), then as a fragment
        // inside words, then a SKU prefix, and last the same words with some left out.
        if candidates.isEmpty, query.route != .barcode, plans.count > 1 {
            let prefixed = plans.map { $0.withPrefix() }
            candidates = try fetchCandidates(prefixed, db: db)
            if !candidates.isEmpty { rankingPlans = prefixed }
        }
        // A word with digits may be a piece of a number with a point, as an engine that cuts words at every
        // point reads it (`crisps 0` for Crisps 2.0, `juice 75l` for Juice 1.75l): checked on what the other
        // words find, when nothing was found or what was has it only in a SKU or category.
        if query.route != .barcode, piecesMayHelp(rankingPlans, candidates: candidates) {
            let pieces = rankingPlans.map { $0.withPieces() ?? $0 }
            let found = Set(candidates.map(\.itemID))
            let more = try fetchCandidates(pieces, db: db).filter { !found.contains($0.itemID) }
            if !more.isEmpty {
                candidates += more
                rankingPlans = pieces
                ranks = nil
            }
        }
        if candidates.isEmpty, query.route != .barcode, let fragments = try substringPlans(plans, db: db) {
            candidates = try fetchCandidates(fragments, db: db)
            if !candidates.isEmpty {
                method = .substring
                rankingPlans = fragments
            }
        }
        if candidates.isEmpty, query.route != .barcode, query.words.count == 1, query.skuKey.utf8.count >= 3 {
            let found = try skuPrefixMatches(query.skuKey, limit: limit, db: db)
            if !found.isEmpty {
                return SearchOutcome(method: .sku, hits: try hits(for: found, plans: [], limit: limit, db: db))
            }
        }
        if candidates.isEmpty { (candidates, dropped) = try candidatesDroppingWords(rankingPlans, db: db) }

        let exact =
            query.skuKey.utf8.count >= 2 ? try codeMatches(column: "v.sku_key", values: [query.skuKey], db: db) : []
        let exactIDs = Set(exact.map(\.itemID))
        // Ranked once: the typo check's ranks serve when the candidates did not change since.
        let ranksNow = ranks ?? candidates.map { SearchRanking.rank($0, plans: rankingPlans) }
        var ranked = zip(candidates, ranksNow).filter { !exactIDs.contains($0.0.itemID) }.map(\.1)
        ranked.sort()
        var items = exact
        var ceiling = Double.infinity
        for rank in ranked {
            ceiling = min(ceiling, rank.score)
            items.append(RankedItem(itemID: rank.itemID, score: ceiling))
        }
        if !exact.isEmpty, method != .text { method = .sku }
        if let rankedKey, let version {
            broad?.store(
                BroadPrefixCache.RankedSearch(
                    items: Array(items.prefix(limit + BroadPrefixCache.rankedSpare)),
                    complete: items.count <= limit + BroadPrefixCache.rankedSpare, plans: rankingPlans,
                    method: method, dropped: dropped),
                for: rankedKey, version: version)
        }
        let hits = try hits(for: items, plans: rankingPlans, limit: limit, db: db)
        return SearchOutcome(method: hits.isEmpty ? .text : method, hits: hits, droppedWords: dropped)
    }

    /// `plans` with each word's typos among the indexed words (`WordPlan.withTypos`), looked up once while the
    /// vocabulary is unchanged (`typos`).
    static func withTypos(_ plans: [WordPlan], typos: TypoCache?, db: Database) throws -> [WordPlan] {
        let vocabulary = try typos.map { _ in try vocabularyVersion(db) }
        return try plans.map { plan in
            try plan.withTypos { word in
                if let typos, let vocabulary, let known = typos.alternatives(of: word, version: vocabulary) {
                    return known
                }
                let found = try typoAlternatives(of: word, db: db)
                if let vocabulary { typos?.store(found, of: word, version: vocabulary) }
                return found
            }
        }
    }

    /// Whether every one of `candidates` has `plan`'s word only where a typo would fit better (`care` only in
    /// the category of the items it finds): then a search of it and any other word looks its typos up.
    static func fitsWorseThanTypo(_ plan: WordPlan, _ candidates: [SearchCandidate]) -> Bool {
        !candidates.isEmpty
            && candidates.allSatisfy { candidate in
                (SearchRanking.bestMatch(of: plan, in: candidate.fields, fitting: true)?.fit ?? 0) > WordMatch.typoCost
            }
    }

    /// Whether a word with digits taken as a piece of a number (`WordPlan.withPieces`) could find a better
    /// match: there are words without digits to find the candidates by, and no candidate has every word with
    /// digits in its name or variations.
    static func piecesMayHelp(_ plans: [WordPlan], candidates: [SearchCandidate]) -> Bool {
        let numbers = plans.filter(\.word.hasDigits)
        guard !numbers.isEmpty, numbers.count < plans.count else { return false }
        let named = [SearchField.name.rawValue, SearchField.variations.rawValue]
        return !candidates.contains { candidate in
            let fields = named.map { candidate.fields[$0] } + [[], []]
            return numbers.allSatisfy { SearchRanking.bestMatch(of: $0, in: fields) != nil }
        }
    }

    /// Every typed word with the ways it can be found without a typo: itself, its parts as a phrase, a
    /// prefix when it is the last word, and the shop's synonyms.
    static func wordPlans(for words: [SearchText.Word], lastIsPrefix: Bool, db: Database) throws -> [WordPlan] {
        let hasSynonyms =
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_synonyms)")) ?? false
        var plans: [WordPlan] = []
        for (index, word) in words.enumerated() {
            var alternatives = WordPlan.literal(word, isLast: lastIsPrefix && index == words.count - 1)
            let joined = word.joined
            if hasSynonyms {
                for synonym in try synonyms(of: joined, db: db) {
                    let tokens = SearchText.tokens(synonym)
                    let parts = SearchText.words(synonym).flatMap(\.parts)
                    guard !tokens.isEmpty else { continue }
                    alternatives.append(Alternative(tokens: parts.count > 1 ? parts : tokens, typos: 0, prefix: false))
                }
            }
            plans.append(WordPlan(word: word, alternatives: alternatives))
        }
        return plans
    }

    /// Indexed words within `word`'s typo allowance, found through their shared deletion keys.
    static func typoAlternatives(of word: String, db: Database) throws -> [Alternative] {
        let length = word.unicodeScalars.count
        let keys = Array(Typos.deletionKeys(word, depth: Typos.reach(length: length)))
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
        let terms = try String.fetchAll(
            db.cachedStatement(sql: "SELECT DISTINCT term FROM search_deletes WHERE key IN (\(marks))"),
            arguments: StatementArguments(keys))
        return
            terms
            .compactMap { term -> Alternative? in
                guard term != word, let typos = Typos.typos(word, for: term) else { return nil }
                return Alternative(tokens: [term], typos: typos, prefix: false)
            }
            .sorted { ($0.typos, $0.tokens[0]) < ($1.typos, $1.tokens[0]) }
    }

    /// The documents matching every word of `plans`. A one-character last word is checked on the
    /// candidates the other words found, rather than asked of the index.
    ///
    /// Numbers and sizes (`2`, `150ml`) are in a large share of the documents, and FTS5 reads their whole
    /// lists: when two or more words without digits find only a few documents, those are checked for
    /// the words with digits here instead.
    ///
    /// `broad` keeps what a broad word found (below) while the index is unchanged.
    static func fetchCandidates(
        _ plans: [WordPlan], broad cache: BroadPrefixCache? = nil, version known: [UInt8]? = nil, db: Database
    ) throws -> [SearchCandidate] {
        let indexed = plans.filter { !$0.isChecked }
        guard !indexed.isEmpty else { return [] }
        var filters = plans.filter(\.isChecked)
        var candidates: [SearchCandidate]?
        let words = indexed.filter { !$0.word.hasDigits }
        if words.count >= 2, words.count < indexed.count {
            let few = try fetch(
                db.cachedStatement(sql: candidatesSQL + " LIMIT ?"), words.expression, limit: narrowedCap + 1, db: db)
            if few.count <= narrowedCap {
                candidates = few
                filters += indexed.filter(\.word.hasDigits)
            }
        }
        // One word being typed (`ca`, `sta`, `medi`) can start words in thousands of items: then its best
        // few hundred by bm25, and those with the word whole, hold every one a screen shows, and ranking
        // fewer is most of the time such a search takes. Up to `candidateCap` items are all ranked, as for
        // any word. What it found is kept while the index is unchanged: staff type the same starts all day.
        let found: [SearchCandidate]
        if let candidates {
            found = candidates
        } else if let (kept, others) = try keptWhole(indexed, in: cache, version: known, db: db) {
            found = kept.filter { candidate in
                others.allSatisfy { SearchRanking.bestMatch(of: $0, in: candidate.fields) != nil }
            }
        } else if indexed.count == 1 && indexed[0].isPrefix {
            found = try keeping(indexed.expression, in: cache, version: known, db: db) {
                var started = try fetchCandidates(indexed.expression, keeping: broadCap, db: db)
                // Only a list cut to the best few can miss an item with the word whole: all of them start it.
                if started.count == broadCap {
                    let whole = indexed[0].alternatives.filter { !$0.prefix }.map(\.expression)
                    let known = Set(started.map(\.itemID))
                    started += try fetchCandidates(whole.joined(separator: " OR "), keeping: broadCap, db: db)
                        .filter { !known.contains($0.itemID) }
                }
                return started
            }
        } else if indexed.count == 1 {
            // One whole word in thousands of items (`red` in `red k`, `tea` in `tea t`): its best 1,000 by bm25
            // are kept too, as a start's are, since the next key asks for them again.
            found = try keeping(
                indexed.expression, in: cache, version: known, when: { $0.count >= candidateCap },
                complete: { $0.count < candidateCap }, db: db
            ) {
                try fetchCandidates(indexed.expression, db: db)
            }
        } else {
            found = try fetchCandidates(indexed.expression, db: db)
        }
        guard !filters.isEmpty else { return found }
        return found.filter { candidate in
            filters.allSatisfy { SearchRanking.bestMatch(of: $0, in: candidate.fields) != nil }
        }
    }

    /// What `choose` finds for `expression`, kept in `cache` (when `worth` says so) for the index's `version`
    /// (read here when not given), and read back by row while that version lasts; the words of what it
    /// found are kept too for the expressions searched last, when there are enough of them.
    /// `complete` says whether what was found is every document the expression matches.
    static func keeping(
        _ expression: String, in cache: BroadPrefixCache?, version known: [UInt8]?,
        when worth: ([SearchCandidate]) -> Bool = { _ in true },
        complete: ([SearchCandidate]) -> Bool = { _ in false }, db: Database,
        _ choose: () throws -> [SearchCandidate]
    ) throws -> [SearchCandidate] {
        guard let cache else { return try choose() }
        let version = try known ?? BroadPrefixCache.version(db)
        if let kept = cache.candidates(for: expression, version: version) { return kept }
        let found: [SearchCandidate]
        if let kept = cache.documents(for: expression, version: version) {
            found = try fetchCandidates(documents: kept, db: db)
        } else {
            found = try choose()
            if worth(found) { cache.store(found.map(\.rowID), for: expression, version: version) }
        }
        cache.store(candidates: found, complete: complete(found), for: expression, version: version)
        return found
    }

    /// Every document one of `plans`' words matches, when a search of that word alone kept them
    /// (`keeping`), with the other words: those are then checked on these documents in memory, as the
    /// index would have matched them (`tea te` after `tea t`: the documents of `tea`, checked for `te`).
    static func keptWhole(
        _ plans: [WordPlan], in cache: BroadPrefixCache?, version known: [UInt8]?, db: Database
    ) throws -> (kept: [SearchCandidate], others: [WordPlan])? {
        // Most searches of two words have nothing kept: they do not read the index's version for it.
        guard let cache, plans.count >= 2, plans.contains(where: { cache.keepsComplete($0.expression) }) else {
            return nil
        }
        let version = try known ?? BroadPrefixCache.version(db)
        for (index, plan) in plans.enumerated() {
            guard let kept = cache.candidates(for: plan.expression, version: version, complete: true) else {
                continue
            }
            var others = plans
            others.remove(at: index)
            return (kept, others)
        }
        return nil
    }

    /// At most this many documents found by the words without digits are checked for the others in Swift.
    static let narrowedCap = 48

    /// Candidates kept for one word typed as the start of a word, when it starts words in more than
    /// `candidateCap` items.
    public static let broadCap = 200

    /// The candidates' columns, for an FTS5 expression bound as the first parameter.
    static let candidatesSQL = """
        SELECT d.item_id, d.name_key, d.name_length, s.name, s.variations, s.category, s.codes, s.rowid
        FROM search s CROSS JOIN search_docs d ON d.rowid = s.rowid
        WHERE search MATCH ?
        """

    /// `candidatesSQL`'s columns for documents by row, their rows bound as a JSON array, then a limit.
    static let candidatesByRowSQL = """
        SELECT d.item_id, d.name_key, d.name_length, s.name, s.variations, s.category, s.codes, s.rowid
        FROM search s CROSS JOIN search_docs d ON d.rowid = s.rowid
        WHERE s.rowid IN (SELECT value FROM json_each(?)) LIMIT ?
        """

    /// The candidates of the index's documents `rowIDs`, in that order (those still in the index).
    static func fetchCandidates(documents rowIDs: [Int64], db: Database) throws -> [SearchCandidate] {
        let statement = try db.cachedStatement(sql: candidatesByRowSQL)
        let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
        let found = try fetch(statement, list, limit: rowIDs.count, db: db)
        let position = Dictionary(rowIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        return found.sorted { position[$0.rowID, default: 0] < position[$1.rowID, default: 0] }
    }

    /// The documents matching an FTS5 expression, bound as a parameter. bm25 is asked for only to choose
    /// among more than `candidateCap`: computing it costs as much as the query itself.
    /// `keeping`: how many of more than `candidateCap` are kept (the best by bm25).
    static func fetchCandidates(_ expression: String, keeping kept: Int = candidateCap, db: Database) throws
        -> [SearchCandidate]
    {
        let select = candidatesSQL
        if kept < candidateCap {
            // Counted first, so that thousands are not read only to be read again by rank.
            let count =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM search WHERE search MATCH ? LIMIT ?)"),
                    arguments: [expression, candidateCap + 1]) ?? 0
            if count > candidateCap {
                return try fetch(
                    db.cachedStatement(sql: select + " ORDER BY s.rank LIMIT ?"), expression, limit: kept, db: db)
            }
        }
        var candidates = try fetch(
            db.cachedStatement(sql: select + " LIMIT ?"), expression, limit: candidateCap + 1, db: db)
        if candidates.count > candidateCap {
            candidates = try fetch(
                db.cachedStatement(sql: select + " ORDER BY s.rank LIMIT ?"), expression, limit: kept, db: db)
        }
        return candidates
    }

    /// The candidates `statement` (`candidatesSQL` with a limit) finds for `expression` (its first
    /// parameter), at most `limit`.
    static func fetch(_ statement: Statement, _ expression: String, limit: Int, db: Database) throws
        -> [SearchCandidate]
    {
        var candidates: [SearchCandidate] = []
        try statement.forEachRow(.text(expression), .integer(Int64(limit)), db: db) { row in
            let fields: [[String]] = (3...6).map { Self.tokens(of: row.text($0)) }
            candidates.append(
                SearchCandidate(
                    itemID: row.text(0), nameKey: row.text(1), nameLength: Int(row.integer(2)), fields: fields,
                    length: fields.reduce(0) { $0 + $1.count }, rowID: row.integer(7)))
        }
        return candidates
    }

    /// The space-separated tokens of an indexed field. Split on its bytes: `split` on the string would find
    /// grapheme clusters first, the most of a broad search's time reading its candidates (the index holds
    /// folded text, where a space is always one byte and nothing joins across it). Each a string of its own:
    /// almost every word fits in one inline (15 bytes), with no count of references to keep.
    static func tokens(of field: String) -> [String] {
        field.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The words typed as fragments: each word of three or more letters becomes the indexed words that
    /// contain it (`dget` → `widget`), found through the trigram index of the vocabulary. Nil when a
    /// fragment is inside no word, or when no word is long enough to be a fragment.
    static func substringPlans(_ plans: [WordPlan], db: Database) throws -> [WordPlan]? {
        var fragments: [WordPlan] = []
        var changed = false
        for plan in plans {
            let fragment = plan.word.joined
            guard fragment.unicodeScalars.count >= 3, !plan.word.hasDigits else {
                fragments.append(plan)
                continue
            }
            // A word without digits is letters only: nothing in it is special to LIKE.
            let terms = try String.fetchAll(
                db.cachedStatement(sql: "SELECT term FROM search_terms WHERE term LIKE ? LIMIT 64"),
                arguments: ["%" + fragment + "%"]
            ).filter { $0 != fragment }
            guard !terms.isEmpty else { return nil }
            changed = true
            fragments.append(
                WordPlan(
                    word: plan.word, alternatives: terms.map { Alternative(tokens: [$0], typos: 0, prefix: false) }))
        }
        return changed ? fragments : nil
    }

    /// Leaves out typed words without digits, rightmost first, one at a time and then two, until the
    /// remaining words find something. Returns what they found and the words left out.
    static func candidatesDroppingWords(
        _ plans: [WordPlan], db: Database
    ) throws -> ([SearchCandidate], [String]) {
        let droppable = plans.indices.filter { plans[$0].droppable }.reversed()
        guard plans.count > 1, !droppable.isEmpty else { return ([], []) }
        var attempts = 0
        for count in 1...min(2, plans.count - 1) {
            for left in combinations(of: Array(droppable), count: count) {
                guard attempts < maxDropAttempts else { return ([], []) }
                attempts += 1
                let kept = plans.indices.filter { !left.contains($0) }.map { plans[$0] }
                let candidates = try fetchCandidates(kept, db: db)
                if !candidates.isEmpty { return (candidates, left.map { plans[$0].word.joined }) }
            }
        }
        return ([], [])
    }

    /// The ways to choose `count` of `indices`, keeping their order (rightmost first when they come so).
    static func combinations(of indices: [Int], count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        guard indices.count >= count else { return [] }
        var result: [[Int]] = []
        for (offset, first) in indices.enumerated() {
            for rest in combinations(of: Array(indices[(offset + 1)...]), count: count - 1) {
                result.append([first] + rest)
            }
        }
        return result
    }
}
