import CatalogCore
import Store
import Testing

@Suite struct ApplyTests {
    @Test func storesItemsVariationsAndCategoriesWithTheirFullJSON() async throws {
        let database = try temporaryDatabase()
        var tea = item(
            "ITEM1", name: "Green Tea", version: 10, category: "CAT1",
            variations: [variation("VAR1", item: "ITEM1", version: 10, sku: "TEA-100-S", upc: "012345678905")])
        tea["custom_attribute_values"] = ["x": ["merchant_field": "kept", "big": 9_223_372_036_854_775_807]]
        let counts = try await database.apply([category("CAT1", name: "Drinks", version: 5), tea])
        #expect(counts == ApplyCounts(changed: 3, deleted: 0))

        let stored = try await database.allObjects()
        #expect(stored["ITEM1"] == tea)
        #expect(stored["ITEM1"]?["custom_attribute_values"]?["x"]?["big"] == .number("9223372036854775807"))
        let found = try #require(try await database.variation(objectID: "VAR1"))
        #expect(found.itemName == "Green Tea")
        #expect(found.category == "Drinks")
        #expect(found.gtin == "00012345678905")
        #expect(found.price == Money(amount: 250, currency: "USD"))
    }

    /// The sync binds its values straight through SQLite's C API: an empty string stays empty (not NULL),
    /// text outside ASCII and large numbers come back exactly, and a missing value is NULL.
    @Test func valuesStoredByTheSyncComeBackAsTheyWentIn() async throws {
        let database = try temporaryDatabase()
        var plain = variation("V1", item: "I1", version: 9_007_199_254_740_993, sku: nil, price: 9_223_372_036_854_775)
        plain["item_variation_data"]?["name"] = ""
        let fancy = variation("V2", item: "I2", version: 3, sku: "CRÈME-☕-01", upc: "012345678905")
        _ = try await database.apply([
            item("I1", name: "", version: 9_007_199_254_740_993, variations: [plain]),
            item("I2", name: "Crème brûlée — 5 € ☕ 𝄞", version: 3, variations: [fancy]),
        ])
        let first = try #require(try await database.variation(objectID: "V1"))
        #expect(first.itemName == "")
        #expect(first.variationName == "")
        #expect(first.sku == nil)
        #expect(first.version == 9_007_199_254_740_993)
        #expect(first.basePrice == Money(amount: 9_223_372_036_854_775, currency: "USD"))
        let second = try #require(try await database.variation(objectID: "V2"))
        #expect(second.itemName == "Crème brûlée — 5 € ☕ 𝄞")
        #expect(second.sku == "CRÈME-☕-01")
        #expect(try await database.allObjects()["I2"]?["item_data"]?["name"] == "Crème brûlée — 5 € ☕ 𝄞")
    }

    @Test func anOlderOrEqualVersionChangesNothing() async throws {
        let database = try temporaryDatabase()
        let v2 = item("I", name: "New name", version: 20, variations: [variation("V", item: "I", version: 20)])
        let v1 = item("I", name: "Old name", version: 10, variations: [variation("V", item: "I", version: 10)])
        _ = try await database.apply([v2])
        let again = try await database.apply([v2, v1])
        #expect(again == ApplyCounts(changed: 0, deleted: 0))
        #expect(try await database.variations(objectID: "I").first?.itemName == "New name")
    }

    @Test func aVariationLeftOutOfANewerItemIsRemoved() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item(
                "I", name: "Mug", version: 10,
                variations: [
                    variation("V1", item: "I", version: 10, sku: "MUG-S"),
                    variation("V2", item: "I", version: 10, sku: "MUG-L"),
                ])
        ])
        let counts = try await database.apply([
            item("I", name: "Mug", version: 11, variations: [variation("V1", item: "I", version: 10, sku: "MUG-S")])
        ])
        #expect(counts.deleted == 1)
        #expect(try await database.variation(objectID: "V2") == nil)
        #expect(try await database.allObjects()["V2"] == nil)
        #expect(try await database.variation(objectID: "V1") != nil)
    }

    @Test func anItemTombstoneRemovesTheItemAndItsVariations() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item("I", name: "Mug", version: 10, category: "C", variations: [variation("V1", item: "I", version: 10)]),
            category("C", name: "Kitchen", version: 3),
        ])
        let counts = try await database.apply([tombstone("I", type: "ITEM", version: 12)])
        #expect(counts.deleted == 2, "the item and its variation")
        let left = try await database.counts()
        #expect(left["items"] == 0 && left["variations"] == 0 && left["item_categories"] == 0)
        #expect(Set(try await database.allObjects().keys) == ["C"])
    }

    @Test func aBadObjectIsHeldBackAndTheRestOfThePageApplied() async throws {
        let database = try temporaryDatabase()
        var bad = variation("BADVAR", item: "I", version: 5)
        bad["item_variation_data"]?["price_money"] = ["amount": "twelve", "currency": "USD"]
        let counts = try await database.apply(
            [category("C", name: "Kitchen", version: 3), bad], syncState: ["k": "v"])
        #expect(counts.changed == 1 && counts.problems.map(\.id) == ["BADVAR"])
        #expect(counts.problems.first?.reason.contains("price_money") == true)
        #expect(Set(try await database.allObjects().keys) == ["C"])
        #expect(try await database.syncState()["k"] == "v")
        // An item with a bad nested variation is held back whole, before any of it is written.
        var nested = bad
        nested["id"] = "BADVAR2"
        let second = try await database.apply([
            item("I2", name: "Mug", version: 7, category: "C", variations: [nested])
        ])
        #expect(second.changed == 0 && second.problems.contains { $0.id == "I2" })
        #expect(try await database.counts()["items"] == 0)
        // Stored once fixed: it leaves the list.
        let fixed = try await database.apply([variation("BADVAR", item: "I", version: 6)])
        #expect(fixed.cleared == 1 && fixed.changed == 1)
        #expect(try await database.syncProblems().map(\.id).contains("BADVAR") == false)
    }

    /// Objects are decoded before the write (PreparedObject), but a copy no newer than the stored one is
    /// still passed over before anything about it matters: a damaged old copy is neither stored nor held
    /// back, and a tombstone or an object without an id says so as before.
    @Test func aDamagedCopyOlderThanTheStoredOneIsPassedOver() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([variation("V", item: "I", version: 9, sku: "GOOD-9")])
        var old = variation("V", item: "I", version: 8)
        old["item_variation_data"]?["price_money"] = ["amount": "twelve", "currency": "USD"]
        let counts = try await database.apply([old])
        #expect(counts.changed == 0 && counts.problems.isEmpty)
        let stored = try await database.allObjects()["V"]
        #expect(stored?["item_variation_data"]?["sku"] == "GOOD-9")
        var newer = old
        newer["version"] = 10
        #expect(try await database.apply([newer]).problems.map(\.id) == ["V"])
        #expect(try await database.allObjects()["V"] == stored)
        let nameless: JSONValue = ["type": "ITEM", "version": 3]
        #expect(try await database.apply([nameless]).problems.first?.reason == "it has no id")
        #expect(try await database.apply([tombstone("V", type: "ITEM_VARIATION", version: 11)]).deleted == 1)
    }

    @Test func lookupsBySKUKeyGTINAndItemID() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item(
                "I", name: "Notebook", version: 10,
                variations: [
                    variation("V2", item: "I", version: 10, sku: "NB-A5-L", upc: "4006381333931", ordinal: 2),
                    variation("V1", item: "I", version: 10, sku: "NB-A5-S", ordinal: 1),
                ])
        ])
        #expect(try await database.variations(sku: "nb a5 l").map(\.variationID) == ["V2"])
        #expect(try await database.variations(gtins: ["04006381333931"]).map(\.variationID) == ["V2"])
        #expect(try await database.variations(objectID: "I").map(\.variationID) == ["V1", "V2"])
        #expect(try await database.variations(sku: "NB-A5-XL").isEmpty)
    }

    @Test func sweepRemovesWhatAFullPassDidNotSee() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item("A", name: "Kept", version: 1, variations: [variation("AV", item: "A", version: 1)]),
            item("B", name: "Gone", version: 1, variations: [variation("BV", item: "B", version: 1)]),
        ])
        _ = try await database.apply(
            [item("A", name: "Kept", version: 1, variations: [variation("AV", item: "A", version: 1)])], markSeen: true)
        let removed = try await database.sweepUnseen(syncState: ["latest_time": "2026-11-23T10:00:00Z"])
        #expect(removed == 2)
        #expect(Set(try await database.allObjects().keys) == ["A", "AV"])
        #expect(try await database.syncState()["latest_time"] == "2026-11-23T10:00:00Z")
    }

    @Test func twoConnectionsShareOneFile() async throws {
        let first = try temporaryDatabase()
        let second = try CatalogDatabase(path: first.path)
        _ = try await first.apply([category("C", name: "Kitchen", version: 3)])
        try await second.updateSyncState(["latest_time": "x"])
        #expect(try await second.allObjects().keys.contains("C"))
        #expect(try await first.syncState()["latest_time"] == "x")
    }
}
