import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import SquareSchema
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Drives the real client against the in-process sandbox through every endpoint the tool uses and
/// checks every request and response body that crossed the wire against Square's schemas.
@Suite struct ContractTests {
    static let token = "contract-token-5c1e"
    /// The sandbox's clock at 2025-09-01 23:00 UTC: the inventory changes the test posts carry fixed times
    /// that day, which must be within Square's 24 hours.
    static var clockOffset: Double { SandboxConfiguration.clockOffset(makingNow: "2025-09-01T23:00:00Z") }

    @Test func everyExchangeMatchesSquaresSchemas() async throws {
        let contract = try SquareContract.load()
        let recorder = ContractRecorder()
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: Self.token, seed: .demo, onExchange: recorder.record,
                clockOffset: ContractTests.clockOffset))
        do {
            try await drive(server: server)
            try await InventoryContractTests().drive(server: server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        #expect(recorder.operationsCalled(in: contract) == Set(contract.operations.keys))
        #expect(recorder.exchanges.contains { $0.status == 400 })
        #expect(recorder.exchanges.contains { $0.status == 401 })
        let violations = recorder.violations(against: contract)
        #expect(violations.isEmpty, "\(violations.count) violations:\n\(violations.prefix(20).joined(separator: "\n"))")
    }

    /// Calls every endpoint, successes and refusals, and checks the answers make sense.
    func drive(server: SandboxServer) async throws {
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: server.baseURL, accessToken: Self.token, requestTimeout: 10, retry: .none))

        var listed: [JSONValue] = []
        for try await page in client.listAllCatalog(types: ["ITEM", "CATEGORY"]) { listed += page.objects }
        #expect(listed.count > 100)
        var searched: [JSONValue] = []
        var latestTime: String?
        let search: JSONValue = [
            "object_types": ["ITEM", "ITEM_VARIATION"], "include_related_objects": true, "limit": 200,
        ]
        for try await page in client.searchAllCatalogObjects(search) {
            searched += page.objects
            latestTime = page.latestTime ?? latestTime
        }
        #expect(searched.count > listed.filter { $0["type"] == "ITEM" }.count)
        let filtered = try await client.searchCatalogObjects([
            "object_types": ["ITEM"], "query": ["text_query": ["keywords": ["widget"]]],
        ])
        #expect(!filtered.objects.isEmpty)
        // SearchCatalogItems is not one of the tool's own calls yet: it is sent as any client would.
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v2/catalog/search-catalog-items"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let locationIDs = try await client.listLocations().compactMap { $0["id"] }
        let itemsQuery: JSONValue = [
            "text_filter": "widget", "enabled_location_ids": .array(locationIDs), "stock_levels": ["OUT", "LOW"],
            "sort_order": "DESC", "limit": 50,
        ]
        request.httpBody = Data(itemsQuery.serializedBytes())
        let (itemsData, itemsResponse) = try await URLSession.shared.data(for: request)
        #expect((itemsResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONValue.parse(itemsData)["items"] != nil)

        let item = try #require(listed.first { $0["type"] == "ITEM" })
        let itemID = try #require(item["id"]?.stringValue)
        let fetched = try await client.retrieveCatalogObject(id: itemID, includeRelatedObjects: true)
        #expect(fetched.object["id"] == item["id"])
        let variationIDs = (fetched.object["item_data"]?["variations"]?.arrayValue ?? []).compactMap {
            $0["id"]?.stringValue
        }
        let batch = try await client.batchRetrieveCatalogObjects(
            ids: [itemID] + variationIDs, includeRelatedObjects: true, includeDeletedObjects: true)
        #expect(batch.objects.count == 1 + variationIDs.count)

        let created = try await client.upsertCatalogObject(Self.newItem("Contract Kettle", key: "kettle"))
        #expect(created.idMappings.map(\.clientObjectID).sorted() == ["#kettle", "#kettle-v"])
        var edited = created.object
        edited["item_data"]?["name"] = "Contract Kettle 1.7 l"
        let updated = try await client.upsertCatalogObject(edited)
        #expect(updated.object["item_data"]?["name"] == "Contract Kettle 1.7 l")
        await #expect { try await client.upsertCatalogObject(edited) } throws: { error in
            (error as? SquareError)?.isVersionMismatch == true
        }

        let since = try #require(latestTime)
        let changes = try await client.searchCatalogObjects(
            ["object_types": ["ITEM"], "begin_time": .string(since), "include_deleted_objects": true])
        #expect(changes.objects.contains { $0["id"] == updated.object["id"] })

        let batchResult = try await client.batchUpsertCatalogObjects(batches: [
            [Self.newItem("Contract Mug", key: "mug")], [Self.newItem("Contract Teapot", key: "teapot")],
        ])
        #expect(batchResult.idMappings.count == 4)

        let kettleID = try #require(updated.object["id"]?.stringValue)
        let deleted = try await client.deleteCatalogObject(id: kettleID)
        #expect(deleted.deletedObjectIDs.contains(kettleID))
        let mugAndTeapot = batchResult.idMappings.filter { ["#mug", "#teapot"].contains($0.clientObjectID) }
        let batchDeleted = try await client.batchDeleteCatalogObjects(ids: mugAndTeapot.map(\.objectID))
        #expect(batchDeleted.deletedObjectIDs.count == 4)
        await #expect(throws: SquareError.self) { try await client.retrieveCatalogObject(id: kettleID) }

        let info = try await client.catalogInfo()
        #expect(info["limits"]?["batch_delete_max_object_ids"]?.int64Value == 200)
        let locations = try await client.listLocations()
        #expect(!locations.isEmpty)
        let counts = try await client.batchRetrieveInventoryCounts([
            "catalog_object_ids": .array(variationIDs.map { .string($0) }),
            "location_ids": .array(locations.compactMap { $0["id"] }), "limit": 100,
        ])
        #expect(counts.counts.allSatisfy { $0["quantity"]?.stringValue != nil })

        // CreateLocation is how tests make a second location; it is sent as any client would.
        var create = URLRequest(url: server.baseURL.appendingPathComponent("v2/locations"))
        create.httpMethod = "POST"
        create.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        create.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let newLocation: JSONValue = [
            "location": ["name": "Contract Annexe", "description": "Made by the contract test."]
        ]
        create.httpBody = Data(newLocation.serializedBytes())
        let (createdData, createdResponse) = try await URLSession.shared.data(for: create)
        #expect((createdResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONValue.parse(createdData)["location"]?["currency"] == "GBP")

        let stranger = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: server.baseURL, accessToken: "not-the-token", requestTimeout: 10, retry: .none))
        await #expect { try await stranger.listLocations() } throws: { error in
            (error as? SquareError)?.isAuthenticationFailure == true
        }
    }

    /// A new item with one priced variation, using `#` ids built from `key`.
    static func newItem(_ name: String, key: String) -> JSONValue {
        [
            "type": "ITEM", "id": .string("#\(key)"), "present_at_all_locations": true,
            "item_data": [
                "name": .string(name), "description": "Made by the contract test.",
                "variations": [
                    [
                        "type": "ITEM_VARIATION", "id": .string("#\(key)-v"),
                        "item_variation_data": [
                            "item_id": .string("#\(key)"), "name": "Regular", "sku": .string("CT-\(key)"),
                            "upc": "036000291452", "pricing_type": "FIXED_PRICING",
                            "price_money": ["amount": 2499, "currency": "GBP"], "track_inventory": true,
                        ],
                    ]
                ],
            ],
        ]
    }
}
