import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// A synced demo shop and an item creator over it.
struct CreatorFixture {
    let harness: SyncHarness
    var creator: ItemCreator { ItemCreator(database: harness.database, client: harness.client, counter: "till-2") }
    var database: CatalogDatabase { harness.database }

    static func start(dataFile: String? = nil) async throws -> CreatorFixture {
        let harness = try await SyncHarness.start(seed: .demo, dataFile: dataFile)
        _ = try await harness.engine.run()
        return CreatorFixture(harness: harness)
    }

    /// The server's live items called `name`.
    func serverItems(named name: String) async throws -> [JSONValue] {
        try await harness.serverObjects().values.filter {
            $0["type"] == "ITEM" && $0["item_data"]?["name"]?.stringValue == name
        }
    }
}

/// A valid UPC-A built from a serial, unlike any code in the demo shop.
func freshUPC(_ serial: Int) -> Barcode {
    let body = "0" + "5551" + String(format: "%06d", serial)
    return try! Barcode(body + String(Barcode.gs1CheckDigit(body.map { Int(String($0))! })))
}

struct ItemCreatorTests {
    @Test func anItemWithThreeVariationsLandsOnTheServerAndLocally() async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            let existing = try #require(try await fixture.database.allCategories().first)
            let draft = ItemDraft(
                name: "Acme Widget", description: "A widget for testing.",
                categories: [existing.name.uppercased(), "Brand New Things"], createCategories: true,
                variations: [
                    .init(name: "Small", price: Money(amount: 499, currency: "USD"), sku: "AC-W-S", gtin: freshUPC(1)),
                    .init(name: "Large", price: Money(amount: 599, currency: "USD"), sku: "AC-W-L", gtin: freshUPC(2)),
                    .init(name: "Bulk", price: nil, sku: "AC-W-B"),
                ])
            let created = try await fixture.creator.create(draft)
            #expect(created.status == .created)
            #expect(!created.itemID.hasPrefix("#"))
            #expect(created.variations.allSatisfy { !$0.id.hasPrefix("#") })

            let server = try await fixture.harness.serverObjects()
            let item = try #require(server[created.itemID])
            #expect(item["item_data"]?["name"] == "Acme Widget")
            #expect(item["item_data"]?["description"] == "A widget for testing.")
            let newCategory = try #require(created.categories.first { $0.isNew })
            #expect(newCategory.name == "Brand New Things")
            #expect(server[newCategory.id]?["category_data"]?["name"] == "Brand New Things")
            let categoryIDs = item["item_data"]?["categories"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(categoryIDs == [existing.id, newCategory.id])
            #expect(item["item_data"]?["reporting_category"]?["id"]?.stringValue == existing.id)

            let nested = try #require(item["item_data"]?["variations"]?.arrayValue)
            #expect(
                nested.compactMap { $0["item_variation_data"]?["name"]?.stringValue } == ["Small", "Large", "Bulk"])
            for (index, summary) in created.variations.enumerated() {
                let variation = try #require(server[summary.id])
                let data = try #require(variation["item_variation_data"])
                #expect(data["item_id"]?.stringValue == created.itemID)
                #expect(data["sku"]?.stringValue == draft.variations[index].sku)
                #expect(data["ordinal"] == .int(Int64(index + 1)))
                if let price = draft.variations[index].price {
                    #expect(data["pricing_type"] == "FIXED_PRICING")
                    #expect(data["price_money"].flatMap(Money.init(json:)) == price)
                } else {
                    #expect(data["pricing_type"] == "VARIABLE_PRICING")
                    #expect(data["price_money"] == nil)
                }
                #expect(data["upc"]?.stringValue == draft.variations[index].gtin?.upcA)
                #expect(summary.version == variation["version"]?.int64Value)
            }
            #expect(created.version == item["version"]?.int64Value)

            // The local catalog has the real ids at once, without a sync, and matches the server.
            let small = try #require(try await fixture.database.variation(objectID: created.variations[0].id))
            #expect(small.itemName == "Acme Widget" && small.sku == "AC-W-S" && small.gtin == freshUPC(1).gtin14)
            #expect(
                try await fixture.database.variations(sku: "ac-w-b").map(\.variationID) == [created.variations[2].id])
            #expect(try await fixture.database.categories(named: "brand new things").map(\.id) == [newCategory.id])
            try await fixture.harness.expectDatabaseEqualsServer()
        }
    }

    @Test func everyFieldSetIsInTheHistoryWithRealIDsAndVersions() async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            let draft = ItemDraft(
                name: "History Mug", categories: ["Mugs For History"], createCategories: true,
                variations: [
                    .init(price: Money(amount: 800, currency: "USD"), sku: "HM-1", gtin: freshUPC(3)),
                    .init(name: "Tall", price: Money(amount: 900, currency: "USD")),
                ])
            let created = try await fixture.creator.create(draft)
            let history = try await fixture.database.history()
            let rows = Set(history.map { "\($0.objectType) \($0.objectID) \($0.field)" })
            let first = created.variations[0].id
            let second = created.variations[1].id
            let category = created.categories[0].id
            #expect(
                rows == [
                    "ITEM \(created.itemID) name", "ITEM \(created.itemID) categories",
                    "ITEM_VARIATION \(first) variation_name", "ITEM_VARIATION \(first) price",
                    "ITEM_VARIATION \(first) sku", "ITEM_VARIATION \(first) gtin",
                    "ITEM_VARIATION \(second) variation_name", "ITEM_VARIATION \(second) price",
                    "CATEGORY \(category) name",
                ])
            #expect(history.count == rows.count)
            #expect(history.allSatisfy { $0.action == .create && $0.counter == "till-2" && $0.oldValue == nil })
            #expect(history.allSatisfy { $0.version != nil })
            #expect(history.first { $0.field == "categories" }?.newValue == .array([.string(category)]))
            #expect(history.first { $0.field == "price" && $0.objectID == second }?.newValue?["amount"] == .int(900))
            #expect(history.first { $0.field == "name" }?.version == created.version)
        }
    }

    @Test func anUnknownCategoryIsRefusedWithCloseNamesAndNothingIsWritten() async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            let existing = try #require(try await fixture.database.allCategories().first { $0.name.count >= 6 })
            let typo = String(existing.name.dropLast())
            let before = try await fixture.harness.serverObjects().count
            let draft = ItemDraft(
                name: "Nowhere Item", categories: [typo],
                variations: [.init(price: Money(amount: 100, currency: "USD"))])
            do {
                _ = try await fixture.creator.create(draft)
                Issue.record("an unknown category must be refused")
            } catch let error as CategoryError {
                guard case .unknown(let name, let close) = error else { throw error }
                #expect(name == typo)
                #expect(close.contains(existing.name))
                #expect(error.description.contains("--create-category"))
            }
            #expect(try await fixture.harness.serverObjects().count == before)
            #expect(try await fixture.database.history().isEmpty)
            #expect(try await fixture.database.outboxEntries().isEmpty)
        }
    }

    @Test func codesAlreadyInTheCatalogAreRefusedNamingTheirHolderUnlessAllowed() async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            let holder = try #require(
                try await fixture.database.activeVariations().first { $0.sku != nil && $0.gtin != nil })
            let price = Money(amount: 100, currency: "USD")
            let bySKU = ItemDraft(name: "Copy Cat", variations: [.init(price: price, sku: holder.sku!.lowercased())])
            let byGTIN = ItemDraft(
                name: "Copy Cat", variations: [.init(price: price, gtin: try Barcode(String(holder.gtin!.dropFirst())))]
            )
            for draft in [bySKU, byGTIN] {
                do {
                    _ = try await fixture.creator.create(draft)
                    Issue.record("a duplicate code must be refused")
                } catch let error as ItemCreationError {
                    guard case .codeInCatalog(_, _, let found) = error else { throw error }
                    #expect(found.variationID == holder.variationID)
                    #expect(error.description.contains(holder.itemName))
                    #expect(error.description.contains("--allow-duplicate"))
                }
            }
            #expect(try await fixture.serverItems(named: "Copy Cat").isEmpty)

            var allowed = bySKU
            allowed.allowDuplicate = true
            allowed.variations[0].gtin = byGTIN.variations[0].gtin
            let created = try await fixture.creator.create(allowed)
            #expect(created.status == .created)
            #expect(try await fixture.serverItems(named: "Copy Cat").count == 1)
            #expect(try await fixture.database.variations(gtins: [holder.gtin!]).count == 2)
        }
    }

    @Test func codesRepeatedInsideTheNewItemAreRefusedEvenWhenDuplicatesAreAllowed() async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            let price = Money(amount: 100, currency: "USD")
            let drafts = [
                ItemDraft(
                    name: "Twins",
                    variations: [
                        .init(name: "A", price: price, sku: "TW-1"), .init(name: "B", price: price, sku: "tw 1"),
                    ],
                    allowDuplicate: true),
                ItemDraft(
                    name: "Twins",
                    variations: [
                        .init(name: "A", price: price, gtin: freshUPC(9)),
                        .init(name: "B", price: price, gtin: freshUPC(9)),
                    ]),
            ]
            for draft in drafts {
                await #expect(throws: ItemCreationError.self) { try await fixture.creator.create(draft) }
            }
            let twins = try await fixture.serverItems(named: "Twins")
            #expect(twins.isEmpty)
        }
    }
}
