import CatalogCore
import Foundation
import Store
import Sync
import Testing
import Webhooks

/// The receiver without HTTP: the memory of event ids is bounded, oldest forgotten first.
struct WebhookReceiverTests {
    static let url = "https://shop.example/square"

    func deliver(_ receiver: WebhookReceiver, _ id: String) async -> WebhookReceiver.Verdict {
        let body = WebhookPoster.event(id: id)
        let signature = WebhookSignature.expected(body: body, notificationURL: Self.url, key: WebhookPoster.key)
        return await receiver.receive(signature: signature, body: body).verdict
    }

    @Test func remembersOnlyTheLastEventIDs() async {
        let coalescer = SyncCoalescer(logger: WebhookLog.standardError(label: "webhook-tests", level: .critical)) {}
        let receiver = WebhookReceiver(
            notificationURL: Self.url, signatureKey: WebhookPoster.key, coalescer: coalescer, rememberedEventIDs: 2,
            logger: WebhookLog.standardError(label: "webhook-tests", level: .critical))
        #expect(await deliver(receiver, "a") == .accepted)
        #expect(await deliver(receiver, "b") == .accepted)
        #expect(await deliver(receiver, "b") == .duplicate)
        #expect(await deliver(receiver, "c") == .accepted)
        // "a" was the oldest of three, so it is forgotten; "c" is still remembered.
        #expect(await deliver(receiver, "a") == .accepted)
        #expect(await deliver(receiver, "c") == .duplicate)
        await coalescer.waitUntilIdle()
        #expect(await receiver.tally == [.accepted: 4, .duplicate: 2])
    }
}

/// An `inventory.count.updated` event's counts land in the store before any sync runs.
struct WebhookInventoryCountTests {
    @Test func inventoryEventsStoreTheirInStockCounts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-counts-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        let quiet = WebhookLog.standardError(label: "webhook-tests", level: .critical)
        let coalescer = SyncCoalescer(logger: quiet) {}
        let receiver = WebhookReceiver(
            notificationURL: WebhookReceiverTests.url, signatureKey: WebhookPoster.key, coalescer: coalescer,
            database: database, logger: quiet)
        let counts: JSONValue = [
            [
                "catalog_object_id": "VAR1", "catalog_object_type": "ITEM_VARIATION", "state": "IN_STOCK",
                "location_id": "LOC1", "quantity": "7.5", "calculated_at": "2026-11-23T10:00:00Z",
            ],
            [
                "catalog_object_id": "VAR1", "catalog_object_type": "ITEM_VARIATION", "state": "WASTE",
                "location_id": "LOC1", "quantity": "2", "calculated_at": "2026-11-23T10:00:00Z",
            ],
        ]
        let event: JSONValue = [
            "merchant_id": "M1", "type": "inventory.count.updated", "event_id": "inv-1",
            "created_at": "2026-11-23T10:00:01Z",
            "data": ["type": "inventory", "id": "", "object": ["inventory_counts": counts]],
        ]
        let body = event.serializedBytes()
        let signature = WebhookSignature.expected(
            body: body, notificationURL: WebhookReceiverTests.url, key: WebhookPoster.key)
        #expect(await receiver.receive(signature: signature, body: body).verdict == .accepted)
        await coalescer.waitUntilIdle()
        // Only the IN_STOCK count is stock on hand; the WASTE count is not.
        #expect(try await database.stockCounts(variationID: "VAR1") == ["LOC1": "7.5"])
    }
}
