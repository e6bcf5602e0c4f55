import CatalogCore
import CatalogTestSupport
import Foundation
import SquareSchema
import Testing

@testable import Sandbox

/// The `inventory.count.updated` events the sandbox posts after inventory changes, as Square sends them: every
/// state a change touched, at most 100 counts an event, each event signed and with its own id.
@Suite("Inventory webhooks")
struct InventoryWebhookTests {
    static let key = "inventory-webhook-key"

    /// Runs `body` with the demo sandbox posting its events to a receiver on 127.0.0.1.
    static func withPostingSandbox(_ body: (Client, EventReceiver, String) async throws -> Void) async throws {
        let receiver = try await EventReceiver.start()
        try await cleaningUp({ await receiver.stop() }) {
            let url = "http://127.0.0.1:\(receiver.port)/square"
            try await withSandbox(
                SandboxConfiguration(seed: .demo, webhookURL: url, signatureKey: key, clockOffset: inventoryClock)
            ) { _, client in try await body(client, receiver, url) }
        }
    }

    @Test("a sale is one signed event with two counts: IN_STOCK after it and SOLD")
    func stateChangeIsTwoCounts() async throws {
        try await Self.withPostingSandbox { client, receiver, url in
            let (variation, locations) = try await InventoryChangesTests.target(client)
            let before = try #require(try await InventoryChangesTests.quantity(client, variation, locations[0]))
            // `quantity` sold under idempotency key `key`.
            let sell = { (key: String, quantity: String) in
                try await client.post(
                    "/v2/inventory/changes/batch-create",
                    [
                        "idempotency_key": .string(key),
                        "changes": [
                            InventoryChangesTests.adjustment(
                                variation, locations[0], quantity, from: "IN_STOCK", to: "SOLD")
                        ],
                    ])
            }
            let reply = try await sell("sale-1", "2")
            #expect(reply.status == 200)
            let events = try await receiver.waitForEvents(1)
            try #require(events.count == 1)
            let event = events[0]
            #expect(event.signature == WebhookSender.signature(body: event.body, url: url, key: Self.key))
            #expect(event.json["type"] == "inventory.count.updated")
            #expect(event.json["merchant_id"] == .string(WebhookSender.merchantID))
            #expect(event.json["event_id"]?.stringValue?.isEmpty == false)
            #expect(event.json["data"]?["type"] == "inventory_counts")
            let counts = try #require(event.json["data"]?["object"]?["inventory_counts"]?.arrayValue)
            try #require(counts.map { $0["state"]?.stringValue ?? "" } == ["IN_STOCK", "SOLD"])
            let left = InventoryQuantity(before, allowNegative: true)! - InventoryQuantity("2")!
            #expect(counts[0]["quantity"]?.stringValue == left.text)
            #expect(counts[1]["quantity"] == "2")
            let validator = try SquareContract.load().validator
            for count in counts {
                #expect(validator.validate(count, against: "InventoryCount").isEmpty, "\(count)")
                #expect(count["catalog_object_id"] == .string(variation))
                #expect(count["location_id"] == .string(locations[0]))
                #expect(count["catalog_object_type"] == "ITEM_VARIATION")
                #expect(count["calculated_at"] == counts[0]["calculated_at"])
            }
            // The IN_STOCK count is the one the answer and the inventory read give.
            #expect(counts[0] == reply.json["counts"]?[0])
            // A second sale adds to the SOLD count; a replayed key sends nothing.
            #expect(try await sell("sale-2", "1.5").status == 200)
            let replay = try await sell("sale-1", "2")
            #expect(replay.status == 200)
            let all = try await receiver.waitForEvents(2)
            #expect(all.count == 2)
            let later = try #require(all.last?.json["data"]?["object"]?["inventory_counts"]?.arrayValue)
            try #require(later.count == 2)
            #expect(
                later.map { $0["quantity"]?.stringValue ?? "" } == [(left - InventoryQuantity("1.5")!).text, "3.5"])
            #expect(all.first?.json["event_id"] != all.last?.json["event_id"])
        }
    }

    @Test("counts beyond 100 are split into several events, a variation's two counts never apart")
    func splitsAtOneHundred() async throws {
        try await Self.withPostingSandbox { client, receiver, url in
            let locations = (try await client.get("/v2/locations")).json["locations"]?.arrayValue ?? []
            let locationIDs = locations.compactMap { $0["id"]?.stringValue }
            let variations = try await client.search(["object_types": ["ITEM_VARIATION"], "limit": 200]).objects
                .compactMap { $0["id"]?.stringValue }
            // 60 (variation, location) pairs, each losing one to WASTE: 60 IN_STOCK and 60 WASTE counts.
            let keys = Array(variations.flatMap { variation in locationIDs.map { (variation, $0) } }.prefix(60))
            try #require(keys.count == 60)
            let changes = keys.map { key in
                InventoryChangesTests.adjustment(key.0, key.1, "1", from: "IN_STOCK", to: "WASTE")
            }
            let reply = try await client.post(
                "/v2/inventory/changes/batch-create", ["idempotency_key": "bulk", "changes": .array(changes)])
            #expect(reply.status == 200)
            let events = try await receiver.waitForEvents(2)
            #expect(events.count == 2)
            let batches = events.map { $0.json["data"]?["object"]?["inventory_counts"]?.arrayValue ?? [] }
            #expect(batches.map(\.count) == [100, 20])
            #expect(Set(events.compactMap { $0.json["event_id"]?.stringValue }).count == 2)
            for event in events {
                #expect(event.signature == WebhookSender.signature(body: event.body, url: url, key: Self.key))
            }
            let counts = batches.flatMap { $0 }
            try #require(counts.count == 120)
            var seen: [String] = []
            for pair in stride(from: 0, to: counts.count, by: 2) {
                let (stock, waste) = (counts[pair], counts[pair + 1])
                #expect(stock["state"] == "IN_STOCK" && waste["state"] == "WASTE" && waste["quantity"] == "1")
                #expect(stock["catalog_object_id"] == waste["catalog_object_id"])
                #expect(stock["location_id"] == waste["location_id"])
                seen.append(
                    (stock["catalog_object_id"]?.stringValue ?? "") + "@" + (stock["location_id"]?.stringValue ?? ""))
            }
            #expect(seen == keys.map { "\($0.0)@\($0.1)" })
        }
    }

    @Test("packing: whole groups up to 100 counts an event; a group over 100 alone is cut")
    func packing() {
        func group(_ size: Int, _ tag: String) -> [JSONValue] { (0..<size).map { .string("\(tag)\($0)") } }
        let sizes = WebhookSender.events(packing: [group(2, "a"), group(99, "b"), group(3, "c"), group(1, "d")])
            .map(\.count)
        #expect(sizes == [2, 99, 4])
        #expect(WebhookSender.events(packing: Array(repeating: group(2, "x"), count: 50)).map(\.count) == [100])
        #expect(WebhookSender.events(packing: [group(1, "y"), group(150, "z")]).map(\.count) == [1, 100, 50])
        #expect(WebhookSender.events(packing: []).isEmpty)
    }
}
