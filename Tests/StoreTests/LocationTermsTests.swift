import CatalogCore
import GRDB
import Testing

@testable import Store

/// Square's location rules as `LocationTerms` reads them, from stored objects and from a database that
/// was synced before the location columns existed.
@Suite struct LocationTermsTests {
    static let item: JSONValue = [
        "type": "ITEM", "id": "I1", "version": 1, "present_at_all_locations": true,
        "absent_at_location_ids": ["L3"], "item_data": ["name": "Tea"],
    ]
    static let variation: JSONValue = [
        "type": "ITEM_VARIATION", "id": "V1", "version": 1, "present_at_all_locations": false,
        "present_at_location_ids": ["L1", "L2", "L3"],
        "item_variation_data": [
            "item_id": "I1", "name": "Loose", "pricing_type": "FIXED_PRICING",
            "price_money": ["amount": 450, "currency": "GBP"],
            "location_overrides": [
                [
                    "location_id": "L1", "pricing_type": "FIXED_PRICING",
                    "price_money": ["amount": 499, "currency": "GBP"],
                ],
                ["location_id": "L2", "pricing_type": "VARIABLE_PRICING", "sold_out": true],
                ["location_id": "L4", "track_inventory": true],
            ],
        ],
    ]

    @Test func priceAvailabilityAndSoldOutFollowSquaresRules() {
        let terms = LocationTerms(item: Self.item, variation: Self.variation)
        let base = Money(amount: 450, currency: "GBP")
        #expect(terms.price(base: base, at: "L1") == Money(amount: 499, currency: "GBP"))
        #expect(terms.price(base: base, at: "L2") == nil, "variable there")
        #expect(terms.price(base: base, at: "L4") == base, "an override without a price keeps the base price")
        #expect(terms.price(base: base, at: nil) == base)
        #expect(terms.isSold(at: "L1") && terms.isSold(at: "L2"))
        #expect(!terms.isSold(at: "L3"), "the item is absent there")
        #expect(!terms.isSold(at: "L4"), "the variation is not listed there")
        #expect(terms.isSoldOut(at: "L2") && !terms.isSoldOut(at: "L1") && !terms.isSoldOut(at: nil))
        #expect(terms.override(at: "L4")?.trackInventory == true)
        #expect(terms.hasOwnPrices(base: base) && !LocationTerms.everywhere.hasOwnPrices(base: base))
    }

    @Test func syncedObjectsAndAnOlderDatabaseFilledByTheMigrationGiveTheSameTerms() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([Self.item, Self.variation])
        let synced = try #require(try await database.variation(objectID: "V1"))
        #expect(synced.terms == LocationTerms(item: Self.item, variation: Self.variation))
        #expect(synced.at(CounterLocation(id: "L1", name: "Market")).price?.amount == 499)
        #expect(synced.price?.amount == 450)

        // A database synced before migration v8 has no location columns filled: the migration fills them
        // from the stored objects.
        try await database.write { db in
            try db.execute(sql: "UPDATE items SET locations = NULL; UPDATE variations SET locations = NULL")
        }
        #expect(try await database.variation(objectID: "V1")?.terms == .everywhere)
        try await database.write { db in try CatalogDatabase.fillLocationColumns(db) }
        #expect(try await database.variation(objectID: "V1")?.terms == synced.terms)
    }
}
