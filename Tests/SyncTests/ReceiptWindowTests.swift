import CatalogCore
import CatalogTestSupport
import Foundation
import SquareAPI
import Store
import Sync
import Testing

/// Square takes an inventory change only when its `occurred_at` is at most 24 hours old: a receipt that
/// waited in the outbox longer is stamped again when it is sent, counted once, and keeps when it arrived.
@Suite struct ReceiptWindowTests {
    /// A receipt made 30 hours ago by a counter that could not reach Square (it is in the outbox, pending).
    static func receiptQueuedThirtyHoursAgo(
        _ harness: SyncHarness, quantity: Int
    ) async throws -> (variation: VariationSummary, location: String, arrived: Timestamp, outboxID: Int64) {
        let arrived = Timestamp(seconds: Timestamp.now().seconds - 30 * 3600)
        let then = try CatalogDatabase(path: harness.database.path, clock: TestClock(start: arrived))
        let unreachable = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: try #require(URL(string: "http://127.0.0.1:9")), accessToken: SyncHarness.token,
                requestTimeout: 2, retry: RetryPolicy(maxAttempts: 1, initialDelay: 0.01, maxDelay: 0.01)))
        let location = try #require(try await harness.database.locations().first?["id"]?.stringValue)
        let variation = try #require(try await harness.database.sampleVariations(limit: 20).first)
        let queued = try await Editor(database: then, client: unreachable, counter: "till-1").receiveStock(
            variation: variation, quantity: quantity, locationID: location)
        guard case .queued = queued.status else {
            Issue.record("the receipt was not queued: \(queued.status)")
            throw CancellationError()
        }
        return (variation, location, arrived, queued.receipt.outboxID)
    }

    /// Square's adjustments of `variationID` made by this tool's receipts.
    static func receipts(_ client: SquareClient, of variationID: String) async throws -> [JSONValue] {
        var found: [JSONValue] = []
        let request: JSONValue = ["catalog_object_ids": [.string(variationID)], "types": ["ADJUSTMENT"]]
        for try await page in client.batchRetrieveInventoryChanges(request) {
            found += page.changes.compactMap { $0["adjustment"] }.filter {
                $0["reference_id"]?.stringValue?.hasPrefix("catalog-receive-") == true
            }
        }
        return found
    }

    @Test func aReceiptQueuedThirtyHoursAgoIsStampedWhenSentCountedOnceAndKeepsWhenItArrived() async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let (variation, location, arrived, outboxID) = try await Self.receiptQueuedThirtyHoursAgo(
                harness, quantity: 4)
            let before = try await OutboxPropertyTests.counts(harness.client, [variation.variationID], at: location)

            // Square is back: the next sync's outbox pass sends it, stamped now.
            let sentFrom = Timestamp.now()
            let summary = try await harness.editor.sendOutbox()
            #expect(summary.applied == 1, "\(summary)")
            let after = try await OutboxPropertyTests.counts(harness.client, [variation.variationID], at: location)
            #expect(after[variation.variationID] == (before[variation.variationID] ?? 0) + 4)

            let posted = try await Self.receipts(harness.client, of: variation.variationID)
            #expect(posted.count == 1, "\(posted)")
            let occurred = try #require(posted.first?["occurred_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
            #expect(occurred.seconds >= sentFrom.seconds - 1 && occurred.seconds <= Timestamp.now().seconds + 1)
            let reference = try #require(posted.first?["reference_id"]?.stringValue)
            #expect(InventoryWindow.arrival(inReference: reference) == Timestamp(seconds: arrived.seconds))

            // The history says what arrived and when; the outbox entry is applied.
            let history = try await harness.database.history(objectIDs: [variation.variationID], limit: 5)
            let receipt = try #require(history.first { $0.action == .receive })
            #expect(receipt.source == "outbox \(outboxID), arrived \(Timestamp(seconds: arrived.seconds).rfc3339)")
            #expect(try await harness.database.outboxEntry(id: outboxID)?.status == .applied)

            // Another pass sends nothing more.
            #expect(try await harness.editor.sendOutbox().applied == 0)
            #expect(try await Self.receipts(harness.client, of: variation.variationID).count == 1)
        }
    }

    @Test func aStaleReceiptThatSquareAlreadyHasIsRecordedNotSentAgain() async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let (variation, location, _, outboxID) = try await Self.receiptQueuedThirtyHoursAgo(harness, quantity: 3)
            let before = try await OutboxPropertyTests.counts(harness.client, [variation.variationID], at: location)
            // An earlier send reached Square but its answer was lost: Square holds the adjustment.
            let entry = try #require(try await harness.database.outboxEntry(id: outboxID))
            var change = try #require(entry.payload?["changes"]?.arrayValue?.first)
            change["adjustment"]?["occurred_at"] = .string(Timestamp.now().rfc3339)
            _ = try await harness.client.batchCreateInventoryChanges(
                idempotencyKey: entry.idempotencyKey, changes: [change])

            let summary = try await harness.editor.sendOutbox()
            #expect(summary.applied == 1, "\(summary)")
            let after = try await OutboxPropertyTests.counts(harness.client, [variation.variationID], at: location)
            #expect(after[variation.variationID] == (before[variation.variationID] ?? 0) + 3)
            #expect(try await Self.receipts(harness.client, of: variation.variationID).count == 1)
            #expect(try await harness.database.outboxEntry(id: outboxID)?.status == .applied)
        }
    }
}
