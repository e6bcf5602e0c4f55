import Store
import Testing

@Suite struct SearchTextTests {
    @Test(arguments: [
        ("Blue WIDGET", "blue widget"), ("Crème Brûlée", "creme brulee"), ("Straße", "strasse"), ("STRASSE", "strasse"),
        ("Smørrebrød", "smorrebrod"), ("Æble", "aeble"), ("œuvre", "oeuvre"), ("Łódź", "lodz"),
        ("Jalapeño", "jalapeno"),
        ("ＡＢＣ １２３", "abc 123"), ("Oﬃce ﬁle", "office file"), ("Café", "cafe"), ("Cafe\u{301}", "cafe"),
        ("İstanbul", "istanbul"), ("Ⅻ", "xii"),
    ])
    func foldingRemovesCaseAndDiacritics(_ input: String, _ expected: String) {
        #expect(SearchText.words(input).map(\.joined).joined(separator: " ") == expected)
    }

    @Test func punctuationSeparatesWordsAndParts() {
        #expect(
            SearchText.words("Hello, world! (large) \"quoted\"").map(\.joined) == ["hello", "world", "large", "quoted"])
        #expect(SearchText.words("*** --- ???").isEmpty)
        #expect(SearchText.words("rock'n'roll").first?.parts == ["rock", "n", "roll"])
        #expect(SearchText.tokens("T-Shirt") == ["t", "shirt", "tshirt"])
        #expect(SearchText.tokens("tshirt") == ["tshirt"])
        #expect(SearchText.tokens("AC-WDG-0042") == ["ac", "wdg", "0042", "acwdg0042"])
        #expect(SearchText.tokens("HW.0142/S") == ["hw", "0142", "s", "hw0142s"])
    }

    @Test func lettersAndDigitsSplitWithTheJoinedFormKept() {
        #expect(SearchText.tokens("500ml") == ["500", "ml", "500ml"])
        #expect(SearchText.tokens("500 ml") == ["500", "ml"])
        #expect(SearchText.words("500ml").first?.joined == SearchText.words("500 ml").map(\.joined).joined())
        #expect(SearchText.tokens("m6x20") == ["m", "6", "x", "20", "m6x20"])
        #expect(SearchText.words("2001").first?.hasDigits == true)
        #expect(SearchText.words("widget").first?.hasDigits == false)
    }

    @Test func decimalsKeepTheirPointWhicheverMarkIsTyped() {
        #expect(SearchText.tokens("1.5l") == ["1.5", "l", "1.5l"])
        #expect(SearchText.tokens("1,5 l") == ["1.5", "l"])
        #expect(SearchText.tokens("1,5 litres") == SearchText.tokens("1.5 l"))
        #expect(SearchText.tokens("1.2.3") == ["1.2", "3", "1.23"])
        #expect(SearchText.tokens("end.") == ["end"])
        #expect(SearchText.tokens("a,b") == ["a", "b", "ab"])
    }

    @Test(arguments: [
        ("500 millilitres", "500 ml"), ("500 Milliliters", "500ml"), ("4pk", "4 pack"), ("4 packs", "4pack"),
        ("2 litres", "2 l"), ("250 grams", "250g"), ("1 kilo", "1 kg"), ("12 ounces", "12 oz"), ("6 inch", "6in"),
        ("10 metres", "10 m"), ("100 count", "100ct"),
    ])
    func unitsAfterNumbersTakeTheirShortForm(_ long: String, _ short: String) {
        #expect(SearchText.words(long).flatMap(\.parts) == SearchText.words(short).flatMap(\.parts))
    }

    @Test func unitWordsWithoutANumberStayWords() {
        #expect(SearchText.tokens("pound cake") == ["pound", "cake"])
        #expect(SearchText.tokens("pack of cards") == ["pack", "of", "cards"])
        #expect(SearchText.tokens("gram flour") == ["gram", "flour"])
    }

    @Test func typoAllowanceGrowsWithLength() {
        #expect((1...3).map(Typos.allowed(length:)) == [0, 0, 0])
        #expect((4...7).map(Typos.allowed(length:)) == [1, 1, 1, 1])
        #expect((8...20).allSatisfy { Typos.allowed(length: $0) == 2 })
    }

    /// Two typos reach a word of seven letters or more from five typed letters (`notebk` for `notebook`, two
    /// left out), and seven typed letters a word of five or more (`noetbok`, two swaps).
    @Test func twoTyposReachLongWordsFromFiveLetters() {
        #expect(Typos.allowed(typed: 6, term: 8) == 2)
        #expect(Typos.allowed(typed: 5, term: 7) == 2)
        #expect(Typos.allowed(typed: 7, term: 7) == 2)
        #expect(Typos.allowed(typed: 7, term: 5) == 2)
        #expect(Typos.allowed(typed: 4, term: 9) == 1)
        #expect(Typos.allowed(typed: 6, term: 6) == 1)
        #expect(Typos.allowed(typed: 5, term: 6) == 1)
        #expect(Typos.allowed(typed: 3, term: 9) == 0)
        #expect(Typos.allowed(typed: 9, term: 4) == 2)
        // The second typo of a word typed with five to seven letters is a letter left out or swapped only.
        #expect(Typos.typos("notebk", for: "notebook") == 2)
        #expect(Typos.typos("noetbok", for: "notebook") == 2)
        #expect(Typos.typos("ntoebok", for: "notebook") == 2)
        #expect(Typos.typos("notebok", for: "notebook") == 1)
        #expect(Typos.typos("lantern", for: "planter") == nil)
        #expect(Typos.typos("notebzk", for: "notebook") == nil)
        #expect(Typos.typos("notebooks", for: "notebook") == 1)
        #expect(Typos.typos("notbeookz", for: "notebook") == 2)
    }

    @Test func distanceCountsATranspositionAsOne() {
        #expect(Typos.distance("widget", "widget", limit: 2) == 0)
        #expect(Typos.distance("wigdet", "widget", limit: 2) == 1)
        #expect(Typos.distance("wdget", "widget", limit: 2) == 1)
        #expect(Typos.distance("widgets", "widget", limit: 2) == 1)
        #expect(Typos.distance("wodget", "widget", limit: 2) == 1)
        #expect(Typos.distance("wdgiet", "widget", limit: 2) == 2)
        #expect(Typos.distance("chocolate", "choclate", limit: 2) == 1)
        #expect(Typos.distance("ab", "ba", limit: 2) == 1)
        #expect(Typos.distance("", "abc", limit: 5) == 3)
        #expect(Typos.distance("smørrebrød", "smorrebrod", limit: 2) == 2, "distance is over Unicode scalars")
    }

    @Test func distanceStopsPastTheLimit() {
        #expect(Typos.distance("widget", "gadget", limit: 1) == 2)
        #expect(Typos.distance("widget", "completely different", limit: 2) == 3)
        #expect(Typos.distance("abcdef", "fedcba", limit: 1) == 2)
    }

    @Test func deletionKeysFindNeighboursWithinTheirDistance() {
        #expect(Typos.deletionKeys("abc", depth: 0) == ["abc"])
        #expect(Typos.deletionKeys("abc", depth: 1) == ["abc", "bc", "ac", "ab"])
        #expect(Typos.deletionKeys("aab", depth: 1) == ["aab", "ab", "aa"])
        let pairs = [
            ("widget", "wigdet", 1), ("widget", "wdget", 1), ("widget", "widgets", 1), ("widget", "wodget", 1),
            ("chocolate", "chcolat", 2), ("chocolate", "chocolaet", 2), ("strawberry", "stawbery", 2),
        ]
        for (term, typed, depth) in pairs {
            let shared = Typos.deletionKeys(term, depth: depth).intersection(Typos.deletionKeys(typed, depth: depth))
            #expect(!shared.isEmpty, "\(typed) should reach \(term)")
            #expect(Typos.distance(typed, term, limit: depth) <= depth)
        }
        let far = Typos.deletionKeys("widget", depth: 1).intersection(Typos.deletionKeys("gadget", depth: 1))
        #expect(far.isEmpty, "two substitutions apart is out of reach at depth 1")
    }
}
