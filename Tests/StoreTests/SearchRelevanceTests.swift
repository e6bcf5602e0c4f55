import CatalogCore
import Store
import Testing

@Suite struct SearchRelevanceTests {
    typealias Code = SearchFixture.Code

    @Test(arguments: [
        ("wigdet", "I-WIDGET"), ("wdget", "I-WIDGET"), ("widgets", "I-WIDGET"), ("wodget", "I-WODGET"),
        ("choclate", "I-CHOCOLATE"), ("chocolat", "I-CHOCOLATE"), ("blue widget", "I-BLUE-WIDGET"),
        ("blue wdiget", "I-BLUE-WIDGET"), ("swift prog", "I-SWIFT"), ("dark chocolate 100g", "I-CHOCOLATE"),
        ("hex key", "I-HEX"), ("torx", "I-TORX"), ("spearmint", "I-GUM"), ("tea light", "I-TEALIGHT-A"),
    ])
    func wordsWithTyposAndPrefixesFindTheItem(_ query: String, _ expected: String) async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems(query).first == expected, "\(query)")
    }

    @Test func theLastWordIsAPrefixAndEarlierWordsAreNot() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("candle hol") == ["I-CANDLE-HOLDER", "I-CANDLE-SET"])
        #expect(try await database.searchItems("garden ho").first == "I-HOSE")
        #expect(try await database.searchItems("spear").first == "I-GUM")
    }

    @Test func aWordThatMatchesNothingIsDroppedAndReported() async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery("widget purple"))
        #expect(outcome.droppedWords == ["purple"])
        #expect(outcome.hits.first?.variation.itemID == "I-WIDGET")
        let before = try await database.search(SearchQuery("purple widget"))
        #expect(before.droppedWords == ["purple"])
        #expect(before.hits.first?.variation.itemID == "I-WIDGET")
        let numbers = try await database.search(SearchQuery("widget 9999"))
        #expect(numbers.hits.isEmpty, "a number is a specification, never dropped")
    }

    @Test func fragmentsInsideWordsAreTheLastResort() async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery("acol"))
        #expect(outcome.method == .substring)
        #expect(Set(outcome.hits.map(\.variation.itemID)) == ["I-COLA"])
    }

    @Test(arguments: ["AC-WDG", "ac-wdg", "ac/wdg", "AC.WDG", "ac_wdg", "ac wdg", "AC-WD"])
    func aSKUPrefixListsTheFamily(_ query: String) async throws {
        let database = try await SearchFixture.database()
        let items = try await database.searchItems(query)
        #expect(Set(items) == ["I-BLUE-WIDGET", "I-BLACK-WIDGET", "I-WIDGET-CASE"], "\(query)")
        let variations = try await database.searchVariations(query)
        #expect(variations.count == 6)
    }

    @Test(arguments: [
        ("AC-WDG-0042", "V-BW-L"), ("ac wdg 0042", "V-BW-L"), ("acwdg0042", "V-BW-L"), ("ac/wdg/0042", "V-BW-L"),
        ("HW/0142/L", "V-BOLT-L"), ("hw.0142.l", "V-BOLT-L"), ("hw 0142 l", "V-BOLT-L"), ("mt_5", "V-TAPE-5"),
        ("XYZ-123", "V-XYZ123"), ("xyz 123", "V-XYZ123"), ("XYZ-12", "V-XYZ123"), ("xyz-223", "V-XYZ223"),
        ("DC-100", "V-CHOC"),
    ])
    func anExactSKUPutsItsVariationFirst(_ query: String, _ expected: String) async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery(query))
        #expect(outcome.hits.first?.variation.variationID == expected, "\(query)")
    }

    @Test func numbersNeverFuzzIntoOtherNumbers() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("2001") == ["I-PRO-2001"])
        #expect(try await database.searchItems("2000") == ["I-PRO-2000"])
        #expect(try await database.searchItems("widget pro 2001") == ["I-PRO-2001"])
        #expect(try await database.searchItems("WP-2001") == ["I-PRO-2001"])
        #expect(try await database.searchItems("XYZ-123") == ["I-HEX"])
        #expect(try await database.searchItems("XYZ-223") == ["I-TORX"])
        #expect(try await database.searchItems("XYZ-323").isEmpty)
        #expect(try await database.searchItems("wp 2002").isEmpty)
    }

    @Test(arguments: [
        (Code.upcA, "V-BW-L"), (String(Code.upcA.dropLast()), "V-BW-L"), ("0" + Code.upcA, "V-BW-L"),
        ("00" + Code.upcA, "V-BW-L"), ("0 36000 29145 2", "V-BW-L"), ("036000-291452", "V-BW-L"),
        (Code.gtin14, "V-WC"), ("1 0036000 29145 9", "V-WC"), (Code.ean13, "V-NB-LINED"),
        ("4 006381 333931", "V-NB-LINED"), ("4-006381-333931", "V-NB-LINED"), (Code.ean8, "V-GUM"),
        ("9638 5074", "V-GUM"), (Code.isbn13, "V-SWIFT"), ("978-0-306-40615-7", "V-SWIFT"),
        ("0306406152", "V-SWIFT"), ("0-306-40615-2", "V-SWIFT"), ("080442957X", "V-SHOPKEEP"),
        ("0-8044-2957-x", "V-SHOPKEEP"), (Code.isbn13X, "V-SHOPKEEP"), (Code.cola, "V-COLA-330"),
    ])
    func everyBarcodeSpellingFindsItsVariationExactly(_ query: String, _ expected: String) async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery(query))
        #expect(outcome.method == .barcode, "\(query)")
        #expect(outcome.hits.first?.variation.variationID == expected, "\(query)")
        let expectedItem = outcome.hits.first?.variation.itemID
        #expect(outcome.hits.allSatisfy { $0.variation.itemID == expectedItem }, "only the one item: \(query)")
    }

    @Test func aBarcodeNotInTheCatalogFindsNothing() async throws {
        let database = try await SearchFixture.database()
        for code in Code.absent + [Code.archived] {
            #expect(!Barcode.interpretations(of: code).isEmpty, "\(code) is a valid code")
            #expect(try await database.search(SearchQuery(code)).hits.isEmpty, "\(code)")
        }
    }

    @Test func oneWordSynonymsWorkBothWays() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.search(SearchQuery("large bags")).droppedWords.isEmpty == false)
        #expect(try await database.addSynonyms(word: "lrg", synonyms: ["large"]) == 1)
        #expect(try await database.addSynonyms(word: "LRG", synonyms: ["Large"]) == 0, "already known")
        let large = try await database.search(SearchQuery("large bags"))
        #expect(large.droppedWords.isEmpty)
        #expect(large.hits.map(\.variation.itemID) == ["I-BAGS"])
        let lrg = try await database.searchItems("lrg")
        #expect(lrg.first == "I-BAGS")
        #expect(Set(lrg).isSuperset(of: ["I-BLUE-WIDGET", "I-BLACK-WIDGET", "I-TSHIRT"]))
        #expect(try await database.searchVariations("t-shirt lrg").first == "V-TSHIRT-L")
        #expect(try await database.synonymEntries().map { "\($0.word)=\($0.synonyms)" } == ["lrg=[\"large\"]"])
        #expect(try await database.removeSynonyms(word: "lrg") == 1)
        #expect(try await database.searchItems("lrg") == ["I-BAGS"])
    }

    @Test func severalWordSynonymsAreFoundAsPhrases() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("coke").isEmpty)
        try await database.addSynonyms(word: "coke", synonyms: ["coca cola"])
        #expect(try await database.searchItems("coke") == ["I-COLA"], "not the tea with coca and cola apart")
        #expect(try await database.searchVariations("coke 500ml").first == "V-COLA-500")
        #expect(try await database.removeSynonyms(word: "coke", synonyms: ["Coca Cola"]) == 1)
        #expect(try await database.synonymEntries().isEmpty)
    }

    @Test(arguments: [
        ("creme brulee", "I-BRULEE"), ("CRÈME BRÛLÉE", "I-BRULEE"), ("brulee", "I-BRULEE"),
        ("smorrebrod", "I-SMORREBROD"),
        ("smørrebrød", "I-SMORREBROD"), ("strassenkarte", "I-MAP"), ("straßenkarte berlin", "I-MAP"),
        ("aeble", "I-CIDER"),
        ("æble cider", "I-CIDER"), ("cafe latte", "I-LATTE"), ("pâté", "I-PATE"), ("pate", "I-PATE"),
        ("abc", "I-FULLWIDTH"),
        ("ａｂｃ blocks", "I-FULLWIDTH"), ("office paper", "I-LIGATURE"), ("jalapeno poppers", "I-POPPERS"),
        ("jalapeño salsa", "I-SALSA"),
    ])
    func accentsAndSpecialLettersMatchEitherWay(_ query: String, _ expected: String) async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems(query).first == expected, "\(query)")
    }

    @Test func accentedAndPlainNamesAreFoundTogether() async throws {
        let database = try await SearchFixture.database()
        #expect(Set(try await database.searchItems("jalapeno")) == ["I-POPPERS", "I-SALSA"])
        #expect(Set(try await database.searchItems("jalapeño")) == ["I-POPPERS", "I-SALSA"])
    }

    @Test(arguments: [
        ("cola 500ml", "V-COLA-500"), ("cola 500 ml", "V-COLA-500"), ("cola 330 ml", "V-COLA-330"),
        ("coca-cola 1.5 litres", "V-COLA-1500"), ("water 1.5l", "V-WATER-1500"), ("water 1,5 l", "V-WATER-1500"),
        ("water 500 millilitres", "V-WATER-500"), ("coffee 250g", "V-COFFEE-250"), ("coffee 1 kg", "V-COFFEE-1000"),
        ("batteries 4 pack", "V-BAT-4"), ("batteries 8pk", "V-BAT-8"), ("tape 8 m", "V-TAPE-8"),
        ("tape 5m", "V-TAPE-5"),
        ("t shirt large", "V-TSHIRT-L"), ("blue widget large", "V-BW-L"), ("hex bolts m8", "V-BOLT-L"),
    ])
    func sizesWithAndWithoutSpacesPickTheirVariation(_ query: String, _ expected: String) async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchVariations(query).first == expected, "\(query)")
    }

    @Test func tShirtSpellingsFindEachOther() async throws {
        let database = try await SearchFixture.database()
        for query in ["tshirt", "t-shirt", "T Shirt", "t-shirt bag"] {
            let items = try await database.searchItems(query)
            #expect(items.first == (query.hasSuffix("bag") ? "I-TSHIRT-BAG" : "I-TSHIRT"), "\(query)")
        }
        #expect(Set(try await database.searchItems("tshirt")) == ["I-TSHIRT", "I-TSHIRT-BAG"])
    }

    @Test func aSingleCharacterListsItemsByName() async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery("g"))
        #expect(outcome.method == .initial)
        #expect(try await database.searchItems("g") == ["I-GADGET", "I-HOSE", "I-GREEN-TEA"])
        #expect(try await database.searchItems("G") == ["I-GADGET", "I-HOSE", "I-GREEN-TEA"])
        let c = try await database.searchItems("c")
        #expect(c.prefix(4) == ["I-LATTE", "I-CANDLE", "I-CANDLE-HOLDER", "I-CANDLE-SET"])
        #expect(try await database.searchItems("Æ") == ["I-CIDER"])
        #expect(try await database.searchItems("q").isEmpty)
    }

    @Test func archivedAndDeletedItemsNeverAppear() async throws {
        let database = try await SearchFixture.database()
        let queries = [
            "lantern", "garden lantern", "glow", "solar", "ARC-LAN-1", "DEL-LAN-1", "arc lan", "g", "garden", "lant",
            Code.archived, "antern",
        ]
        for query in queries {
            let items = try await database.searchItems(query)
            #expect(SearchFixture.hiddenItemIDs.isDisjoint(with: items), "\(query): \(items)")
        }
        #expect(try await database.searchItems("lantern").isEmpty)
    }

    @Test func resultsAreGroupedByItemWithTheBestVariationFirst() async throws {
        let database = try await SearchFixture.database()
        let rows = try await database.search(SearchQuery("widget large")).hits.map(\.variation)
        var finished: Set<String> = []
        var current: String?
        for row in rows where row.itemID != current {
            #expect(!finished.contains(row.itemID), "\(row.itemID) appears in two groups")
            if let current { finished.insert(current) }
            current = row.itemID
        }
        let firsts = rows.indices.filter { $0 == 0 || rows[$0 - 1].itemID != rows[$0].itemID }.map { rows[$0] }
        for first in firsts where ["I-BLUE-WIDGET", "I-BLACK-WIDGET"].contains(first.itemID) {
            #expect(first.variationName == "Large")
        }
        #expect(try await database.searchVariations(Code.upcA) == ["V-BW-L", "V-BW-S", "V-BW-M"])
    }

    @Test func tiesKeepAStableOrder() async throws {
        let database = try await SearchFixture.database()
        for query in ["widget", "tea light", "c", "AC-WDG", "lrg widget", "candle", "jalapeno"] {
            let first = try await database.searchVariations(query)
            let second = try await database.searchVariations(query)
            #expect(first == second, "\(query)")
        }
        #expect(try await database.searchItems("tea light") == ["I-TEALIGHT-A", "I-TEALIGHT-B"])
    }

    @Test func rankingOrder() async throws {
        let database = try await SearchFixture.database()
        // An exact SKU beats every word match.
        #expect(try await database.searchItems("candle").first == "I-WAX")
        // Item name, then variation name, then category, then SKU.
        #expect(try await database.searchItems("garden") == ["I-HOSE", "I-PLANTER", "I-TROWEL", "I-RAKE"])
        // Shorter names first among equals.
        #expect(
            try await database.searchItems("candle").dropFirst() == ["I-CANDLE", "I-CANDLE-HOLDER", "I-CANDLE-SET"])
        // Fewer typos first.
        #expect(try await database.searchItems("wodget").prefix(2) == ["I-WODGET", "I-WIDGET"])
        // A whole word before a prefix of a longer one.
        #expect(try await database.searchItems("tea").first == "I-GREEN-TEA")
        // More typed words matched first.
        #expect(try await database.searchItems("blue widget").prefix(2) == ["I-BLUE-WIDGET", "I-WIDGET-CASE"])
        let scores = try await database.search(SearchQuery("widget")).hits.map(\.score)
        #expect(scores == scores.sorted(by: >), "scores never rise down the list")
    }
}
