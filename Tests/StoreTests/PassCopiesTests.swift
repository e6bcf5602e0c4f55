import CatalogCore
import Testing

@testable import Store

/// A full pass into an empty database knows each variation's second copy (`PassCopies`): an item's nested
/// copy and the variation on its own, at the same version. The second is neither decoded nor looked up,
/// and what is stored is what applying every copy in full stores.
@Suite struct PassCopiesTests {
    /// The pass: an item with two variations, then those variations on their own (one at the same version,
    /// one newer), a variation before its item, the item, and a variation whose nested copy is older.
    static let pass: [JSONValue] = [
        category("C", name: "Kitchen", version: 1),
        item(
            "I1", name: "Enamel Mug", version: 5, category: "C",
            variations: [
                variation("V1", item: "I1", version: 5, sku: "MUG-S", name: "Small"),
                variation("V2", item: "I1", version: 5, sku: "MUG-L", ordinal: 2, name: "Large"),
            ]),
        variation("V1", item: "I1", version: 5, sku: "MUG-S", name: "Small"),
        variation("V2", item: "I1", version: 6, sku: "MUG-L2", ordinal: 2, name: "Large"),
        variation("V3", item: "I2", version: 3, sku: "POT-1", name: "One Litre"),
        item(
            "I2", name: "Tea Pot", version: 3,
            variations: [variation("V3", item: "I2", version: 3, sku: "POT-1", name: "One Litre")]),
    ]

    @Test func theSecondCopyOfEachVariationIsKnown() {
        let copies = PassCopies()
        let prepared = Self.pass.map { PreparedObject($0, copies: copies) }
        #expect(prepared.map(\.isSecondCopy) == [false, false, true, false, false, false])
        guard case .item(let mug) = prepared[1].content, case .item(let pot) = prepared[5].content else {
            Issue.record("the items are not prepared as items")
            return
        }
        #expect(mug.variations.map(\.isSecondCopy) == [false, false])
        #expect(pot.variations.map(\.isSecondCopy) == [true], "V3 came on its own first")
        // Only V2 waits for a second copy: its nested copy at version 5, its own at 6.
        #expect(copies.count == 2)
    }

    @Test func aPassThatKnowsSecondCopiesStoresWhatApplyingEveryCopyStores() async throws {
        let known = try temporaryDatabase()
        let copies = PassCopies()
        let counts = try await known.apply(
            prepared: Self.pass.map { PreparedObject($0, copies: copies) }, deferIndexing: true, expectNew: true)
        try await known.indexDeferredItems()
        let full = try temporaryDatabase()
        let fullCounts = try await full.apply(Self.pass)
        #expect(counts == fullCounts)
        #expect(try await known.allObjects() == (try await full.allObjects()))
        #expect(try await known.allObjects()["V2"]?["item_variation_data"]?["sku"] == "MUG-L2")
        #expect(try await known.counts() == (try await full.counts()))
        for text in ["mug", "mug-l2", "small", "pot", "litre"] {
            #expect(try await known.searchVariations(text) == (try await full.searchVariations(text)), "\(text)")
        }
        #expect(try await known.searchVariations("mug") == ["V1", "V2"])
    }

    /// A variation whose first copy waited for its held-back item is stored when the item is, although its
    /// second copy (nested in the item) is passed over.
    @Test func aVariationHeldBackWithItsItemIsStoredWhenTheItemIs() async throws {
        let database = try temporaryDatabase()
        var bad = item("I", name: "Tea Pot", version: 1, variations: [])
        bad["item_data"]?["categories"] = [["ordinal": 1]]
        let copies = PassCopies()
        let first = try await database.apply(
            prepared: [bad, variation("V", item: "I", version: 2, sku: "POT-1")].map {
                PreparedObject($0, copies: copies)
            }, expectNew: true)
        #expect(Set(first.problems.map(\.id)) == ["I", "V"])
        let fixed = item(
            "I", name: "Tea Pot", version: 3, variations: [variation("V", item: "I", version: 2, sku: "POT-1")])
        let prepared = PreparedObject(fixed, copies: copies)
        guard case .item(let pot) = prepared.content else {
            Issue.record("the item is not prepared as an item")
            return
        }
        #expect(pot.variations.map(\.isSecondCopy) == [true])
        let second = try await database.apply(prepared: [prepared], expectNew: true)
        #expect(second.cleared == 2 && second.problems.isEmpty)
        #expect(try await database.syncProblems().isEmpty)
        #expect(try await database.allObjects()["V"]?["item_variation_data"]?["sku"] == "POT-1")
        #expect(try await database.searchVariations("pot") == ["V"])
    }
}
