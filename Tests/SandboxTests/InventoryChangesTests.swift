import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Sandbox

/// The sandbox's inventory change endpoint seen from the wire: the alias, refusals, the data file and webhooks.
@Suite("Inventory changes")
struct InventoryChangesTests {
    /// The first tracked demo variation and the demo's two locations.
    static func target(_ client: Client) async throws -> (variation: String, locations: [String]) {
        let locations = (try await client.get("/v2/locations")).json["locations"]?.arrayValue ?? []
        let variations = try await client.search(["object_types": ["ITEM_VARIATION"], "limit": 200]).objects
        let tracked = try #require(variations.first { $0["item_variation_data"]?["track_inventory"] == true })
        return (try #require(tracked["id"]?.stringValue), locations.compactMap { $0["id"]?.stringValue })
    }

    static func adjustment(
        _ variation: String, _ location: String, _ quantity: String, from: String, to: String,
        at occurredAt: String = "2025-09-01T10:00:00Z"
    ) -> JSONValue {
        [
            "type": "ADJUSTMENT",
            "adjustment": [
                "catalog_object_id": .string(variation), "location_id": .string(location),
                "from_state": .string(from), "to_state": .string(to), "quantity": .string(quantity),
                "occurred_at": .string(occurredAt),
            ],
        ]
    }

    /// A PHYSICAL_COUNT of IN_STOCK that occurred at `occurredAt`.
    static func physicalCount(_ variation: String, _ location: String, _ quantity: String, at occurredAt: String)
        -> JSONValue
    {
        [
            "type": "PHYSICAL_COUNT",
            "physical_count": [
                "catalog_object_id": .string(variation), "location_id": .string(location), "state": "IN_STOCK",
                "quantity": .string(quantity), "occurred_at": .string(occurredAt),
            ],
        ]
    }

    static func quantity(_ client: Client, _ variation: String, _ location: String) async throws -> String? {
        let reply = try await client.get("/v2/inventory/\(variation)?location_ids=\(location)")
        return reply.json["counts"]?[0]?["quantity"]?.stringValue
    }

    @Test("the older batch-change path is the same endpoint, and removals go below what was there exactly")
    func aliasAndRemoval() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo, clockOffset: inventoryClock)) { _, client in
            let (variation, locations) = try await Self.target(client)
            let before = try #require(try await Self.quantity(client, variation, locations[1]))
            let reply = try await client.post(
                "/v2/inventory/batch-change",
                [
                    "idempotency_key": "alias-1",
                    "changes": [
                        Self.adjustment(variation, locations[1], "0.5", from: "IN_STOCK", to: "WASTE"),
                        Self.adjustment(variation, locations[1], "100", from: "NONE", to: "IN_STOCK"),
                    ],
                ])
            #expect(reply.status == 200)
            let expected = InventoryQuantity(before)! + InventoryQuantity("99.5")!
            #expect(reply.json["counts"]?[0]?["quantity"]?.stringValue == expected.text)
            #expect(try await Self.quantity(client, variation, locations[1]) == expected.text)
        }
    }

    @Test("refusals: missing key, empty or too many changes, TRANSFER, unknown types, items, physical count states")
    func refusals() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo, clockOffset: inventoryClock)) { _, client in
            let (variation, locations) = try await Self.target(client)
            let good = Self.adjustment(variation, locations[0], "1", from: "NONE", to: "IN_STOCK")
            let path = "/v2/inventory/changes/batch-create"
            let item = try #require(try await client.search(["object_types": ["ITEM"], "limit": 1]).objects.first)
            var itemChange = good
            itemChange["adjustment"]?["catalog_object_id"] = item["id"]
            var badCount: JSONValue = [
                "type": "PHYSICAL_COUNT",
                "physical_count": [
                    "catalog_object_id": .string(variation), "location_id": .string(locations[0]), "state": "SOLD",
                    "quantity": "3", "occurred_at": "2025-09-01T10:00:00Z",
                ],
            ]
            let cases: [(JSONValue, String, String)] = [
                (["changes": [good]], "MISSING_REQUIRED_PARAMETER", "idempotency_key"),
                (
                    ["idempotency_key": .string(String(repeating: "k", count: 129)), "changes": [good]],
                    "VALUE_TOO_LONG", "idempotency_key"
                ),
                (["idempotency_key": "a"], "MISSING_REQUIRED_PARAMETER", "changes"),
                (["idempotency_key": "b", "changes": []], "ARRAY_LENGTH_TOO_SHORT", "changes"),
                (
                    ["idempotency_key": "c", "changes": .array(Array(repeating: good, count: 101))],
                    "ARRAY_LENGTH_TOO_LONG", "changes"
                ),
                (
                    ["idempotency_key": "d", "changes": [["type": "TRANSFER", "transfer": [:]]]],
                    "INVALID_VALUE", "changes[0].type"
                ),
                (
                    ["idempotency_key": "e", "changes": [good, ["type": "RECOUNT"]]],
                    "INVALID_ENUM_VALUE", "changes[1].type"
                ),
                (
                    ["idempotency_key": "f", "changes": [["type": "ADJUSTMENT"]]],
                    "MISSING_REQUIRED_PARAMETER", "changes[0].adjustment"
                ),
                (
                    ["idempotency_key": "g", "changes": [itemChange]], "INVALID_VALUE",
                    "changes[0].adjustment.catalog_object_id"
                ),
                (["idempotency_key": "h", "changes": [badCount]], "INVALID_VALUE", "changes[0].physical_count.state"),
            ]
            for (body, code, field) in cases {
                let reply = try await client.post(path, body)
                #expect(reply.status == 400 && reply.code == code, "\(body): \(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"]?.stringValue == field, "\(reply.json)")
            }
            badCount["physical_count"]?["state"] = "IN_STOCK"
            badCount["physical_count"]?["quantity"] = "0"
            let zero = try await client.post(path, ["idempotency_key": "zero", "changes": [badCount]])
            #expect(zero.status == 200 && zero.json["counts"]?[0]?["quantity"] == "0")
        }
    }

    @Test("changes and vendors are kept in the data file; a repeated key after a restart still applies nothing")
    func dataFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inv-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var target: (variation: String, locations: [String])?
        let body: (String) -> JSONValue = { variation in
            [
                "idempotency_key": "persisted",
                "changes": [Self.adjustment(variation, target!.locations[0], "7.25", from: "NONE", to: "IN_STOCK")],
            ]
        }
        var after = ""
        try await withSandbox(SandboxConfiguration(seed: .demo, dataFile: path, clockOffset: inventoryClock)) {
            _, client in
            target = try await Self.target(client)
            let reply = try await client.post("/v2/inventory/changes/batch-create", body(target!.variation))
            #expect(reply.status == 200)
            after = try #require(reply.json["counts"]?[0]?["quantity"]?.stringValue)
        }
        try await withSandbox(SandboxConfiguration(seed: .none, dataFile: path, clockOffset: inventoryClock)) {
            _, client in
            let variation = try #require(target?.variation)
            #expect(try await Self.quantity(client, variation, target!.locations[0]) == after)
            let again = try await client.post("/v2/inventory/changes/batch-create", body(variation))
            #expect(again.status == 200 && again.json["counts"]?[0]?["quantity"]?.stringValue == after)
            #expect(try await Self.quantity(client, variation, target!.locations[0]) == after)
            let vendors = try await client.post("/v2/vendors/search", [:])
            #expect(vendors.json["vendors"]?.arrayValue?.count == 4)
        }
    }

    @Test("a change sends a signed inventory.count.updated event with the changed counts")
    func webhook() async throws {
        let receiver = try await EventReceiver.start()
        try await cleaningUp({ await receiver.stop() }) {
            let url = "http://127.0.0.1:\(receiver.port)/hook"
            try await withSandbox(
                SandboxConfiguration(seed: .demo, webhookURL: url, signatureKey: "inv-key", clockOffset: inventoryClock)
            ) {
                _, client in
                let (variation, locations) = try await Self.target(client)
                let reply = try await client.post(
                    "/v2/inventory/changes/batch-create",
                    [
                        "idempotency_key": "hook",
                        "changes": [Self.adjustment(variation, locations[0], "3", from: "NONE", to: "IN_STOCK")],
                    ])
                #expect(reply.status == 200)
                let events = try await receiver.waitForEvents(1)
                #expect(events.count == 1)
                let event = try #require(events.first)
                #expect(event.json["type"] == "inventory.count.updated")
                #expect(event.json["data"]?["object"]?["inventory_counts"] == reply.json["counts"])
                #expect(event.signature == WebhookSender.signature(body: event.body, url: url, key: "inv-key"))
            }
        }
    }

    @Test("quantities are exact decimal strings")
    func quantities() {
        #expect((InventoryQuantity("6")! + InventoryQuantity("2.5")!).text == "8.5")
        #expect((InventoryQuantity("0.1")! + InventoryQuantity("0.2")!).text == "0.3")
        #expect((InventoryQuantity("1")! - InventoryQuantity("1.00001")!).text == "-0.00001")
        #expect(InventoryQuantity("12.50000")?.text == "12.5")
        for bad in ["", ".5", "5.", "+1", "-1", "1e2", "1.123456", " 1", "١"] { #expect(InventoryQuantity(bad) == nil) }
        #expect(InventoryQuantity("-3", allowNegative: true)?.text == "-3")
    }
}
