import CatalogCore
import Foundation
import Testing

@testable import Store

@Suite struct SearchHostileInputTests {
    /// Inputs that try to reach FTS5 or SQL syntax, or to break normalisation.
    static let inputs: [String] = [
        "\"", "\"\"", "\"widget", "widget\"", "'", "''", "'widget", "\"blue\" \"widget\"", "blue AND widget",
        "blue OR widget", "NOT widget", "widget NOT blue", "AND", "OR", "NOT", "NEAR", "NEAR(blue widget, 2)",
        "NEAR(a b, 2)", "widget*", "*", "**", "^widget", "^", "-widget", "-", "--", "+widget", "+", "col:widget",
        "name:widget", "codes:AC", "search:x", "rank:1", "(widget", "widget)", "()", "(blue OR widget) AND NOT x",
        "{name}: widget", "widget\u{0}blue", "\u{0}", "\u{1}\u{2}\u{7f}", "\t\r\nwidget\u{b}\u{c}", "\u{1b}[31mred",
        "🍺", "🍺 widget", "👨‍👩‍👧", "🇩🇪", "1️⃣", "مرحبا", "שלום widget", "\u{202E}tegdiw", "\u{301}", "\u{301}\u{308}",
        "\u{200B}\u{200D}\u{FEFF}", String(repeating: "x", count: 10_000), String(repeating: "widget ", count: 10_000),
        String(decoding: [0xFF, 0xFE, 0x77, 0x69, 0xC3, 0x28, 0xED, 0xA0, 0x80], as: UTF8.self), "\u{FFFD}\u{FFFD}",
        "'; DROP TABLE items; --", "widget'; DELETE FROM variations; --", "%", "%%", "_", "__", "%wid%", "wid_et", "\\",
        "\\\\", "widget\\", "\\%", "100%", "a%b_c", "$1", "?", "?1", ":name", "@x", "#temp", "0x00", "NULL", "null",
        "1 OR 1=1", "' OR '1'='1", "\u{10FFFF}", "ﷺ", "Ⅻ", "½", "0000000000000", "00000000", "-42",
        "9999999999999999999",
        "AC-WDG-" + String(repeating: "9", count: 100), String(repeating: "ab-", count: 40), "a-1-b-2-c-3",
        String(repeating: "é", count: 5000), String(repeating: "\u{301}", count: 1000), "..", ".,.,", "1.", ".5",
    ]

    @Test func everyInputReturnsNormallyAndChangesNothing() async throws {
        #expect(Self.inputs.count >= 50)
        let database = try await SearchFixture.database()
        let before = try await database.allObjects()
        let countsBefore = try await database.counts()
        let widgetBefore = try await database.searchVariations("blue widget")
        for input in Self.inputs {
            do {
                let outcome = try await database.search(SearchQuery(input), limit: 20)
                #expect(outcome.hits.count <= 20)
                #expect(outcome.hits.allSatisfy { !SearchFixture.hiddenItemIDs.contains($0.variation.itemID) })
            } catch {
                Issue.record("\(input.debugDescription.prefix(80)) threw \(error)")
            }
        }
        #expect(try await database.allObjects() == before)
        #expect(try await database.counts() == countsBefore)
        #expect(try await database.searchVariations("blue widget") == widgetBefore)
    }

    @Test func syntaxWordsAreSearchedAsWords() async throws {
        let database = try await SearchFixture.database()
        #expect(try await database.searchItems("\"blue\" \"widget\"").first == "I-BLUE-WIDGET")
        #expect(try await database.searchItems("blue AND widget").first == "I-BLUE-WIDGET")
        #expect(try await database.searchItems("(blue widget)").first == "I-BLUE-WIDGET")
        #expect(try await database.searchItems("widget*").first == "I-WIDGET")
        #expect(try await database.searchItems("name:gadget").first == "I-GADGET")
        #expect(try await database.searchItems("'; DROP TABLE items; --").isEmpty)
        #expect(try await database.searchItems("\u{1b}widget\u{7}").contains("I-WIDGET"))
    }

    @Test func emptyAndBlankQueriesFindNothing() async throws {
        let database = try await SearchFixture.database()
        for input in ["", " ", "\n\t ", "!!!", "\u{0}"] {
            #expect(try await database.search(SearchQuery(input)).hits.isEmpty, "\(input.debugDescription)")
        }
        #expect(SearchQuery("  \n").isEmpty)
        #expect(try await database.search(SearchQuery("widget"), limit: 0).hits.isEmpty)
    }

    /// A query is cut to `maxWords` words of `maxPartLength` letters before it reaches the index. How long such
    /// queries take is `catalog-bench search-limits`' to measure (target: under 2 s for both), not a test's.
    @Test func longQueriesAreCut() async throws {
        let database = try await SearchFixture.database()
        let query = SearchQuery(Array(repeating: "widget", count: 10_000).joined(separator: " "))
        #expect(query.words.count == SearchQuery.maxWords)
        #expect(try await database.search(query).hits.first?.variation.itemID == "I-WIDGET")
        let long = SearchQuery(String(repeating: "x", count: 10_000))
        #expect(long.words.map(\.parts) == [[String(repeating: "x", count: SearchQuery.maxPartLength)]])
        #expect(try await database.search(long).hits.isEmpty)
    }
}
