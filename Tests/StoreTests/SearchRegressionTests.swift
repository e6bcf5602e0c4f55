import CatalogCore
import Testing

@testable import Store

/// Cases the first test pass found wrong in the engine, kept so they stay fixed.
@Suite struct SearchRegressionTests {
    /// `blu` is three letters (no typo) and not the last word: when nothing has every word as typed, each word is
    /// tried as a prefix, so Blue Widget / Large comes first rather than Black Widget winning on bm25.
    @Test func blueWidgetLargeWithAShortPrefixWord() async throws {
        let database = try await SearchFixture.database()
        try await database.addSynonyms(word: "lrg", synonyms: ["large"])
        #expect(try await database.searchVariations("blu wdget lrg").first == "V-BW-L")
    }

    /// Only the words actually left out are reported (they were once collected over every attempt).
    @Test func droppedWordsNameOnlyWhatWasLeftOut() async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery("blu wdget lrg"))
        #expect(outcome.droppedWords.count < 3)
        let pair = try await database.search(SearchQuery("large bags"))
        #expect(pair.droppedWords.count <= 1, "came back: \(pair.droppedWords)")
    }

    /// A SKU prefix typed without its hyphen (no digits, so it goes to the word route) still lists the AC-WDG
    /// family, through the SKU-prefix fallback.
    @Test func skuPrefixWithoutSeparators() async throws {
        let database = try await SearchFixture.database()
        #expect(Set(try await database.searchItems("acwdg")) == ["I-BLUE-WIDGET", "I-BLACK-WIDGET", "I-WIDGET-CASE"])
    }

    /// Any 6-digit number reads as a valid UPC-E: when no variation carries it, the digits are still found
    /// exactly as a word ("Brick Set 421100"), never as a prefix or with typos.
    @Test func sixDigitModelNumbersAreNotOnlyBarcodes() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("421100") == ["I-BRICKS"])
    }

    /// A barcode nobody carries reports the barcode route.
    @Test func aMissedBarcodeReportsTheBarcodeRoute() async throws {
        let database = try await SearchFixture.database()
        let outcome = try await database.search(SearchQuery(SearchFixture.Code.absent[1]))
        #expect(outcome.method != .sku)
    }

    /// A long word of many letter parts (`qwert-yuiop-...`, 2,000 letters) once took minutes and then failed
    /// with "too many SQL variables": parts past eight are ignored and long words get no typo lookup. How long
    /// it takes is `catalog-bench search-limits`' to measure (target: under 1 s), not a test's.
    @Test func longHyphenatedWordsAreCutToEightParts() async throws {
        let database = try await SearchFixture.database()
        var text = ""
        for index in 0..<2000 {
            if index > 0, index % 40 == 0 { text += "-" }
            text.append(Character(Unicode.Scalar(UInt8(97 + (index * 7 + index / 26) % 26))))
        }
        let query = SearchQuery(text)
        #expect(query.words.count == 1)
        #expect(query.words.first?.parts.count == SearchQuery.maxParts)
        #expect(query.words.first?.parts.allSatisfy { $0.count == 40 } == true)
        #expect(try await database.search(query).hits.isEmpty)
        let pairs = SearchQuery(String(repeating: "ab-", count: 200))
        #expect(pairs.words.map(\.parts) == [Array(repeating: "ab", count: SearchQuery.maxParts)])
        _ = try await database.search(pairs)
    }

    /// A name that is one 100,000-letter word took minutes to index (its typo deletion keys cost the square of
    /// its length; a word longer than `Typos.longestWord` gets none now), and the item is still found by its
    /// other words. How long indexing it takes is `catalog-bench search-limits`' to measure (target: under 1
    /// minute with a reindex), not a test's.
    @Test func aHugeWordIsIndexedAndItsItemFound() async throws {
        let database = try temporaryDatabase()
        let huge = String(repeating: "a", count: 50_000) + String(repeating: "b", count: 50_000)
        _ = try await database.apply([
            item(
                "I-HUGE", name: "Enormous \(huge) Teapot", version: 1,
                variations: [variation("V-HUGE", item: "I-HUGE", version: 1)])
        ])
        #expect(try await database.searchItems("teapot") == ["I-HUGE"])
        #expect(try await database.searchItems("enormus teapot") == ["I-HUGE"])
        _ = try await database.reindex()
        #expect(try await database.searchItems("teapot") == ["I-HUGE"])
    }
}
