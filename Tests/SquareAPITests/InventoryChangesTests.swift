import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Testing

/// Inventory changes through the real client against the sandbox: exact decimal counts, refusals that
/// change nothing, idempotency, and a retry after a dropped connection that applies once.
@Suite struct InventoryChangesTests {
    /// A fresh sandbox with one new item of two variations; hands over their ids and the location id.
    func withVariations(
        faults: SandboxFaults = SandboxFaults(),
        _ body: (SandboxServer, SquareClient, ExchangeLog, [String], String) async throws -> Void
    ) async throws {
        try await SandboxHarness.run(seed: .none, faults: faults) { server, client, log in
            let created = try await client.upsertCatalogObject(
                SandboxHarness.newItem("Stock Test", variations: [("Small", 100), ("Large", 200)]))
            let variations = (created.object["item_data"]?["variations"]?.arrayValue ?? []).compactMap {
                $0["id"]?.stringValue
            }
            let location = try #require(try await client.listLocations().first?["id"]?.stringValue)
            try await body(server, client, log, variations, location)
        }
    }

    static func receive(_ variation: String, at location: String, _ quantity: String) -> JSONValue {
        [
            "type": "ADJUSTMENT",
            "adjustment": [
                "catalog_object_id": .string(variation), "location_id": .string(location), "from_state": "NONE",
                "to_state": "IN_STOCK", "quantity": .string(quantity), "occurred_at": "2025-09-01T10:00:00Z",
            ],
        ]
    }

    static func count(_ variation: String, at location: String, _ quantity: String) -> JSONValue {
        [
            "type": "PHYSICAL_COUNT",
            "physical_count": [
                "catalog_object_id": .string(variation), "location_id": .string(location), "state": "IN_STOCK",
                "quantity": .string(quantity), "occurred_at": "2025-09-01T12:00:00.123456Z",
            ],
        ]
    }

    /// The IN_STOCK quantity the sandbox holds, read back through the counts endpoint.
    static func onHand(_ client: SquareClient, _ variation: String, _ location: String) async throws -> String? {
        let page = try await client.batchRetrieveInventoryCounts([
            "catalog_object_ids": [.string(variation)], "location_ids": [.string(location)], "states": ["IN_STOCK"],
        ])
        return page.counts.first?["quantity"]?.stringValue
    }

    @Test func receivingSixThenTwoAndAHalfThenACountIsExact() async throws {
        try await withVariations { _, client, _, variations, location in
            let small = variations[0]
            let before = try await Self.onHand(client, small, location)
            #expect(before == nil)
            let first = try await client.batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString, changes: [Self.receive(small, at: location, "6")])
            #expect(first.counts.count == 1)
            #expect(first.counts.first?["quantity"] == "6")
            #expect(first.counts.first?["state"] == "IN_STOCK")
            #expect(first.counts.first?["calculated_at"]?.stringValue != nil)
            let change = try #require(first.changes.first)
            #expect(change["type"] == "ADJUSTMENT")
            #expect(change["adjustment"]?["id"]?.stringValue?.isEmpty == false)
            #expect(change["adjustment"]?["created_at"]?.stringValue != nil)
            #expect(change["adjustment"]?["quantity"] == "6")

            let second = try await client.batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString, changes: [Self.receive(small, at: location, "2.5")])
            #expect(second.counts.first?["quantity"] == "8.5")
            #expect(try await Self.onHand(client, small, location) == "8.5")

            let mixed = try await client.batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString,
                changes: [
                    Self.receive(small, at: location, "0.00001"), Self.receive(variations[1], at: location, "3.10"),
                    Self.receive(small, at: location, "1.99999"),
                ])
            #expect(mixed.counts.count == 2)
            #expect(try await Self.onHand(client, small, location) == "10.5")
            #expect(try await Self.onHand(client, variations[1], location) == "3.1")

            let counted = try await client.batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString, changes: [Self.count(small, at: location, "4")])
            #expect(counted.counts.first?["quantity"] == "4")
            #expect(counted.changes.first?["physical_count"]?["id"]?.stringValue != nil)
            var sold = Self.receive(small, at: location, "1.25")
            sold["adjustment"]?["from_state"] = "IN_STOCK"
            sold["adjustment"]?["to_state"] = "SOLD"
            // A sale after the count comes off it (one before it would be covered by the count).
            sold["adjustment"]?["occurred_at"] = "2025-09-01T13:00:00Z"
            _ = try await client.batchCreateInventoryChanges(idempotencyKey: UUID().uuidString, changes: [sold])
            #expect(try await Self.onHand(client, small, location) == "2.75")
        }
    }

    @Test func theSameKeyAndBodyAppliesOnceAndAnotherBodyIsRefused() async throws {
        try await withVariations { _, client, _, variations, location in
            let key = "receive-\(UUID().uuidString)"
            let changes = [Self.receive(variations[0], at: location, "5")]
            let first = try await client.batchCreateInventoryChanges(idempotencyKey: key, changes: changes)
            let again = try await client.batchCreateInventoryChanges(idempotencyKey: key, changes: changes)
            #expect(again.counts == first.counts)
            #expect(again.changes == first.changes)
            #expect(try await Self.onHand(client, variations[0], location) == "5")

            let error = await #expect(throws: SquareError.self) {
                _ = try await client.batchCreateInventoryChanges(
                    idempotencyKey: key, changes: [Self.receive(variations[0], at: location, "7")])
            }
            #expect(error?.status == 400)
            #expect(error?.errors.first?.code == "IDEMPOTENCY_KEY_REUSED")
            #expect(try await Self.onHand(client, variations[0], location) == "5")
        }
    }

    @Test func aDroppedAnswerIsRetriedWithTheSameKeyAndBodyAndAppliesOnce() async throws {
        try await withVariations { server, client, log, variations, location in
            await server.setFaults(SandboxFaults(dropEvery: 2))
            _ = try await client.listLocations()  // response 1 arrives; response 2 (the change) is dropped
            let result = try await client.batchCreateInventoryChanges(
                idempotencyKey: "drop-\(UUID().uuidString)", changes: [Self.receive(variations[0], at: location, "6")])
            await server.setFaults(SandboxFaults())
            #expect(result.counts.first?["quantity"] == "6")

            let posts = log.matching("POST", "/v2/inventory/changes/batch-create")
            #expect(posts.count == 2)
            #expect(posts.first?.requestBody == posts.last?.requestBody)
            #expect(posts.first?.responseBody == posts.last?.responseBody)
            #expect(try await Self.onHand(client, variations[0], location) == "6")
        }
    }

    @Test(arguments: [
        ("quantity", "-1", "changes[1].adjustment.quantity"),
        ("quantity", "0", "changes[1].adjustment.quantity"),
        ("quantity", "1.234567", "changes[1].adjustment.quantity"),
        ("quantity", "1e3", "changes[1].adjustment.quantity"),
        ("quantity", "", "changes[1].adjustment.quantity"),
        ("occurred_at", "yesterday", "changes[1].adjustment.occurred_at"),
        ("from_state", "IN_STOCK", "changes[1].adjustment.to_state"),
        ("to_state", "ON_THE_MOON", "changes[1].adjustment.to_state"),
        ("to_state", "WASTE", "changes[1].adjustment.to_state"),
        ("location_id", "NOSUCHPLACE01", "changes[1].adjustment.location_id"),
        ("catalog_object_id", "NOSUCHVARIATION000000000", "changes[1].adjustment.catalog_object_id"),
    ])
    func aBadChangeIsRefusedAndChangesNothing(field: String, value: String, expected: String) async throws {
        try await withVariations { _, client, _, variations, location in
            var bad = Self.receive(variations[0], at: location, "2")
            bad["adjustment"]?[field] = .string(value)
            let error = await #expect(throws: SquareError.self) {
                _ = try await client.batchCreateInventoryChanges(
                    idempotencyKey: UUID().uuidString, changes: [Self.receive(variations[1], at: location, "9"), bad])
            }
            #expect(error?.status == 400)
            #expect(error?.errors.first?.field == expected, "\(String(describing: error?.errors))")
            let counts = [
                try await Self.onHand(client, variations[0], location),
                try await Self.onHand(client, variations[1], location),
            ]
            #expect(counts == [nil, nil])
        }
    }
}
