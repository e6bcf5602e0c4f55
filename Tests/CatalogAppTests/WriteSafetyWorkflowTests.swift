import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Sync
import Testing

/// Writes through the application layer when something other than Square answers: nothing is taken as
/// done, everything waits in the outbox, and the next sync sends each write once.
@Suite struct WriteSafetyWorkflowTests {
    @Test func answersThatDidNotComeFromSquareAreQueuedAndSentOnceByTheNextSync() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // Retry back-offs pass at once on the test clock; a request's 30 s timeout never fires.
            shop.clock.advanceSleeps(shorterThan: .seconds(30))
            let highStreet = try #require(try await shop.context.location("High Street", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let large = try #require(try await Lookup.lookUp(DemoCodes.large, in: shop.database).first)
            let start = try await shop.inStock(small.variationID, at: highStreet.id)
            let largeBefore = try await shop.variation(large.variationID)

            // A wrong SQUARE_BASE_URL or a proxy: every request is answered 200 {} without Square's header.
            await shop.server.setFaults(SandboxFaults(foreignAnswerEvery: 1))
            let receipt = try #require(
                try await ReorderWorkflow(context: shop.context).receive(
                    DemoCodes.small, quantity: 7, location: "High Street"))
            #expect(receipt.queued, "\(receipt.result.status)")
            let edited = try await EditWorkflow(context: shop.context).edit(
                DemoCodes.medium, EditRequest(price: "9.99"))
            #expect(edited.queued, "\(edited.result.status)")
            let creating = try ItemCreationWorkflow(context: shop.context)
            let created = try await creating.create(
                try await creating.draft(NewItemRequest(name: "Proxy Tea", price: "2.00")))
            guard case .queued = created.status else {
                Issue.record("the creation was taken as done: \(created.status)")
                return
            }
            let file = shop.folder.appendingPathComponent("prices.csv")
            try "barcode,price\n\(DemoCodes.large),8.88\n".write(to: file, atomically: true, encoding: .utf8)
            let importing = try PriceImportWorkflow(context: shop.context)
            let imported = try await importing.apply(
                try await importing.plan(file: file.path, options: PriceImportOptions()), source: file.path)
            #expect(imported.stopReason != nil, "\(imported.rows)")
            #expect(imported.counts[.updated, default: 0] == 0, "\(imported.rows)")
            #expect(try await shop.database.history().isEmpty)
            #expect(shop.clock.sleeps.contains { $0 < .seconds(30) }, "the reads were retried on the clock")

            // The right server again: the next sync sends each queued write once, and the import's row
            // (stopped, never queued) leaves Square's price as it was.
            await shop.server.setFaults(SandboxFaults())
            let sent = try #require(try await SyncWorkflow(context: shop.context).sendOutbox())
            #expect(sent.applied == 3, "\(sent)")
            #expect(try await SyncWorkflow(context: shop.context).sendOutbox()?.applied ?? 0 == 0)
            #expect(try await shop.inStock(small.variationID, at: highStreet.id) == start + 7)
            let mediumNow = try await shop.variation(medium.variationID)
            #expect(mediumNow["item_variation_data"]?["price_money"]?["amount"] == .int(999))
            #expect(try await shop.variation(large.variationID) == largeBefore)
            let history = try await shop.database.history()
            #expect(history.filter { $0.newValue == .string("Proxy Tea") }.count == 1, "\(history)")
            #expect(history.filter { $0.action == .edit && $0.field == "price" }.count == 1, "\(history)")
            #expect(try await shop.database.outboxEntries().allSatisfy { $0.status == .applied })
        }
    }
}
