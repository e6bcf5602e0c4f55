import CatalogCore
import Foundation
import Testing

@testable import Hub
@testable import Store

/// The hub searches the broad starts of words ahead (`SearchWarmer`): once for each state of the index.
@Suite struct SearchWarmerTests {
    /// A catalog of `count` items named "Cola N", each with one variation.
    static func colas(_ count: Int, version: Int64) -> [JSONValue] {
        (0..<count).map { index in
            [
                "type": "ITEM", "id": .string("I-\(index)"), "version": .int(version), "is_deleted": false,
                "present_at_all_locations": true,
                "item_data": [
                    "name": .string("Cola \(index)"),
                    "variations": [
                        [
                            "type": "ITEM_VARIATION", "id": .string("V-\(index)"), "version": .int(version),
                            "is_deleted": false, "present_at_all_locations": true,
                            "item_variation_data": [
                                "item_id": .string("I-\(index)"), "name": "Can", "pricing_type": "FIXED_PRICING",
                                "price_money": ["amount": 150, "currency": "GBP"],
                            ],
                        ]
                    ],
                ],
            ]
        }
    }

    @Test func eachStateOfTheIndexIsWarmedOnceAndAChangeIsWarmedAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-warm-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        _ = try await database.apply(Self.colas(250, version: 1))
        let warmer = SearchWarmer(database: database)
        await warmer.warm()
        await warmer.waitUntilWarm()
        let first = try await database.searchIndexVersion()
        #expect(database.broadCache.count(under: first) == 5, "co, col, cola, ca and can (the variations' name)")

        // A new item changes the index: what was kept is forgotten, and the next warm searches again.
        _ = try await database.apply([Self.colas(251, version: 2)[250]])
        let second = try await database.searchIndexVersion()
        #expect(second != first && database.broadCache.count(under: second) == 0)
        await warmer.warm()
        await warmer.waitUntilWarm()
        #expect(database.broadCache.count(under: second) == 5)
        let found = try await database.search(SearchQuery("col"), limit: 300).hits.map(\.variation.itemID)
        #expect(Set(found).count == 251 && found.contains("I-250"))
    }
}
