import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Labels
import Store
import Sync
import Testing

/// Editing through the application layer, in this process: the duplicate-code rule, and what Square
/// holds afterwards.
@Suite struct EditWorkflowTests {
    @Test func aCodeAnotherVariationHasIsRefusedUnlessAllowedAndSquareHoldsWhatWasWritten() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let workflow = try EditWorkflow(context: shop.context)
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let mediumSKU = try #require(medium.sku)
            let before = try await shop.variation(small.variationID)

            for request in [EditRequest(sku: mediumSKU), EditRequest(gtin: DemoCodes.medium)] {
                let refused = await #expect(throws: AppError.self) {
                    _ = try await workflow.edit(DemoCodes.small, request)
                }
                #expect(refused?.exitStatus == .dataError)
                #expect(refused?.description.contains(medium.variationID) == true)
            }
            #expect(try await shop.variation(small.variationID) == before)

            // Its own code again is not a duplicate.
            let same = try await workflow.edit(DemoCodes.small, EditRequest(price: "4.99", sku: small.sku))
            #expect(same.result.status == .applied)
            let priced = try await shop.variation(small.variationID)
            #expect(priced["item_variation_data"]?["price_money"]?["amount"] == .int(499))

            let allowed = try await workflow.edit(DemoCodes.small, EditRequest(sku: mediumSKU, allowDuplicate: true))
            #expect(allowed.result.status == .applied)
            let held = try await shop.variation(small.variationID)
            #expect(held["item_variation_data"]?["sku"]?.stringValue == mediumSKU)
        }
    }

    @Test func aScannedUnknownCodeBecomesTheNewItemsBarcodeOnceAndNeverTwice() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // A valid EAN-13 the demo shop does not have.
            #expect(try await Lookup.matches("5901234123457", in: shop.database).isEmpty)
            _ = try await shop.database.recordScan(ScanRecord(code: "5901234123457", mode: "lookup"))
            let workflow = try ItemCreationWorkflow(context: shop.context)
            let request = NewItemRequest(name: "Stabilo pen", price: "1.20", fromScan: "LAST")
            let draft = try await workflow.draft(request)
            #expect(draft.variations.first?.gtin == (try Barcode("5901234123457")))
            #expect(draft.variations.first?.price?.amount == 120)
            #expect(shop.progress.notes.contains { $0.contains("as the barcode") })

            let created = try await workflow.create(draft)
            #expect(created.status == .created)
            let variationID = try #require(created.variations.first?.id)
            let held = try await shop.variation(variationID)
            #expect(held["item_variation_data"]?["upc"]?.stringValue == "5901234123457")

            // The same code again is refused by the rule `catalog edit` asks too, and nothing is written.
            let again = try await workflow.draft(NewItemRequest(name: "Copy", price: "1.00", gtin: "5901234123457"))
            await #expect(throws: ItemCreationError.self) { _ = try await workflow.create(again) }
            let listed = try await Lookup.lookUp("5901234123457", in: shop.database)
            #expect(listed.map(\.itemName) == ["Stabilo pen"])
        }
    }

    @Test func labelsCarryTheDateOnTheContextsClockAndWarnThroughItsProgress() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let small = try await Lookup.lookUp(DemoCodes.small, in: shop.database)
            let request = LabelRequest(template: "shelf-2x1", discount: "20%")
            let labels = try await request.labelData(for: small, context: shop.context)
            #expect(labels.map(\.date) == ["2026-01-02"])
            #expect(labels.first?.regularPrice == small.first?.price)
            #expect(shop.progress.notes.contains { $0.contains("regular_price") })
        }
    }
}
