import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The inventory-change, inventory-history, inventory-count and vendor calls of the reorder list, driven as part of
/// `ContractTests` so every request and answer is checked against Square's schemas.
struct InventoryContractTests {
    /// Receives stock, counts it, refuses a bad change, reads counts page by page and looks vendors up.
    func drive(server: SandboxServer) async throws {
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: server.baseURL, accessToken: ContractTests.token, requestTimeout: 10, retry: .none))
        let location = try #require(try await client.listLocations().first?["id"]?.stringValue)
        let page = try await client.searchCatalogObjects(["object_types": ["ITEM_VARIATION"], "limit": 50])
        let tracked = page.objects.filter { $0["item_variation_data"]?["track_inventory"] == true }
        let ids = tracked.prefix(2).compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 2)
        let received: JSONValue = [
            "type": "ADJUSTMENT",
            "adjustment": [
                "catalog_object_id": .string(ids[0]), "location_id": .string(location), "from_state": "NONE",
                "to_state": "IN_STOCK", "quantity": "6", "occurred_at": "2025-09-01T10:00:00Z",
                "reference_id": "reorder-line-1",
            ],
        ]
        let counted: JSONValue = [
            "type": "PHYSICAL_COUNT",
            "physical_count": [
                "catalog_object_id": .string(ids[1]), "location_id": .string(location), "state": "IN_STOCK",
                "quantity": "2.5", "occurred_at": "2025-09-01T10:00:00.5Z",
            ],
        ]
        let result = try await client.batchCreateInventoryChanges(
            idempotencyKey: UUID().uuidString, changes: [received, counted])
        #expect(result.counts.count == 2 && result.changes.count == 2)
        var bad = received
        bad["adjustment"]?["quantity"] = "-2"
        await #expect(throws: SquareError.self) {
            _ = try await client.batchCreateInventoryChanges(idempotencyKey: UUID().uuidString, changes: [bad])
        }
        try await driveHistory(server: server, client: client, ids: ids, applied: result.changes)

        var counts = 0
        let request: JSONValue = [
            "catalog_object_ids": .array(ids.map { .string($0) }), "location_ids": [.string(location)],
            "states": ["IN_STOCK"], "limit": 1,
        ]
        for try await countPage in client.batchRetrieveAllInventoryCounts(request) { counts += countPage.counts.count }
        #expect(counts == 2)

        let vendors = try await client.searchAllVendors()
        #expect(vendors.count == 4)
        let vendorIds = vendors.compactMap { $0["id"]?.stringValue }
        let found = try await client.retrieveVendors(ids: vendorIds + ["UNKNOWNVENDOR001"])
        #expect(Set(found.keys) == Set(vendorIds))
    }

    /// Reads the changes just applied back from the history, page by page and one by one, and has a
    /// bad history query refused.
    func driveHistory(server: SandboxServer, client: SquareClient, ids: [String], applied: [JSONValue]) async throws {
        var history: [JSONValue] = []
        let query: JSONValue = ["catalog_object_ids": .array(ids.map { .string($0) }), "limit": 1]
        for try await page in client.batchRetrieveInventoryChanges(query) { history += page.changes }
        #expect(history == applied)
        var counted: [JSONValue] = []
        for try await page in client.batchRetrieveInventoryChanges(["types": ["PHYSICAL_COUNT"]]) {
            counted += page.changes
        }
        #expect(counted.map { $0["type"] } == ["PHYSICAL_COUNT"])
        await #expect(throws: SquareError.self) {
            for try await _ in client.batchRetrieveInventoryChanges(["updated_after": "yesterday"]) {}
        }
        let countID = try #require(applied[1]["physical_count"]?["id"]?.stringValue)
        let adjustmentID = try #require(applied[0]["adjustment"]?["id"]?.stringValue)
        let count = try await Self.get(server, "v2/inventory/physical-counts/\(countID)")
        #expect(count.status == 200 && count.json["count"] == applied[1]["physical_count"])
        let adjustment = try await Self.get(server, "v2/inventory/adjustments/\(adjustmentID)")
        #expect(adjustment.status == 200 && adjustment.json["adjustment"] == applied[0]["adjustment"])
        #expect(try await Self.get(server, "v2/inventory/adjustments/\(countID)").status == 404)
    }

    /// A GET the client has no method for, sent as any client would.
    static func get(_ server: SandboxServer, _ path: String) async throws -> (status: Int, json: JSONValue) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.setValue("Bearer \(ContractTests.token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONValue.parse(data))
    }
}
