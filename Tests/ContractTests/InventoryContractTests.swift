import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Testing

/// The inventory-change, inventory-count and vendor requests the client sends, and the sandbox's answers,
/// checked against Square's schemas (Fixtures/square-inventory-contract.json, cut from api.json by the
/// extraction script's functions with these operations).
@Suite struct InventoryContractTests {
    /// The operations and schemas of the inventory fixture, read like `SquareContract.load` reads its own.
    static func contract() throws -> SquareContract {
        guard let url = Bundle.module.url(forResource: "Fixtures/square-inventory-contract", withExtension: "json")
        else { throw ContractFixtureError(reason: "Fixtures/square-inventory-contract.json is not in the test bundle") }
        let document = try JSONValue.parse(try Data(contentsOf: url))
        var schemas: [String: JSONValue] = [:]
        for member in document["schemas"]?.objectValue ?? JSONObject() { schemas[member.key] = member.value }
        var operations: [String: SquareContract.Operation] = [:]
        for member in document["operations"]?.objectValue ?? JSONObject() {
            let value = member.value
            guard let method = value["method"]?.stringValue, let path = value["path"]?.stringValue,
                let response = value["response"]?.stringValue
            else { throw ContractFixtureError(reason: "operation \(member.key) is incomplete") }
            let query = (value["parameters"]?.arrayValue ?? []).filter { $0["in"] == "query" }
                .compactMap { $0["name"]?.stringValue }
            operations[member.key] = SquareContract.Operation(
                method: method, path: path, request: value["request"]?.stringValue, response: response,
                queryParameters: Set(query))
        }
        return SquareContract(operations: operations, validator: SchemaValidator(schemas: schemas))
    }

    @Test func inventoryAndVendorExchangesMatchSquaresSchemas() async throws {
        let contract = try Self.contract()
        let recorder = ContractRecorder()
        let server = try await SandboxServer.start(
            SandboxConfiguration(port: 0, token: ContractTests.token, seed: .demo, onExchange: recorder.record))
        do {
            try await drive(server: server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        #expect(
            recorder.operationsCalled(in: contract).isSuperset(of: [
                "BatchChangeInventory", "BatchRetrieveInventoryCounts", "BulkRetrieveVendors", "SearchVendors",
            ]))
        #expect(recorder.exchanges.contains { $0.status == 400 && $0.path == "/v2/inventory/changes/batch-create" })
        let violations = recorder.violations(against: contract)
        #expect(violations.isEmpty, "\(violations.count) violations:\n\(violations.prefix(20).joined(separator: "\n"))")
    }

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
}
