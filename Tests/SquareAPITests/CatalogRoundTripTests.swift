import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Testing

@Suite("Catalog round trips against the sandbox")
struct CatalogRoundTripTests {
    @Test("create with # ids, update with versions, stale version, delete")
    func itemLifecycle() async throws {
        try await SandboxHarness.run(seed: .none) { _, client, _ in
            let created = try await client.upsertCatalogObject(
                SandboxHarness.newItem("Tea Towel", variations: [("Blue", 450), ("Red", 475)]))
            let itemID = try #require(created.object["id"]?.stringValue)
            #expect(!itemID.hasPrefix("#"))
            #expect(created.idMappings.count == 3)
            #expect(created.idMappings.contains(IDMapping(clientObjectID: "#Tea-Towel", objectID: itemID)))
            let firstVersion = try #require(created.object["version"]?.int64Value)

            let fetched = try await client.retrieveCatalogObject(id: itemID)
            #expect(fetched.object["item_data"]?["name"] == "Tea Towel")
            #expect(fetched.object["item_data"]?["variations"]?.arrayValue?.count == 2)

            var edited = fetched.object
            edited["item_data"]?["name"] = "Linen Tea Towel"
            let updated = try await client.upsertCatalogObject(edited)
            #expect(updated.idMappings.isEmpty)
            #expect(try #require(updated.object["version"]?.int64Value) > firstVersion)
            let afterUpdate = try await client.retrieveCatalogObject(id: itemID).object
            #expect(afterUpdate["item_data"]?["name"] == "Linen Tea Towel")

            // Sending the old object again carries stale versions: a conflict, not an overwrite.
            let stale = await #expect(throws: SquareError.self) { _ = try await client.upsertCatalogObject(edited) }
            #expect(stale?.isVersionMismatch == true)
            #expect(stale?.status == 400)
            #expect(stale?.attempts == 1)
            let afterConflict = try await client.retrieveCatalogObject(id: itemID).object
            #expect(afterConflict["item_data"]?["name"] == "Linen Tea Towel")

            let variationIDs = created.idMappings.map(\.objectID).filter { $0 != itemID }
            let deleted = try await client.deleteCatalogObject(id: itemID)
            #expect(Set(deleted.deletedObjectIDs) == Set([itemID] + variationIDs))
            #expect(deleted.deletedAt != nil)
            let gone = await #expect(throws: SquareError.self) {
                _ = try await client.retrieveCatalogObject(id: itemID)
            }
            #expect(gone?.status == 404)
            let tombstones = try await client.batchRetrieveCatalogObjects(ids: [itemID], includeDeletedObjects: true)
            #expect(tombstones.objects.first?["is_deleted"] == true)
        }
    }

    @Test("batch upsert, batch retrieve with related objects, batch delete")
    func batches() async throws {
        try await SandboxHarness.run(seed: .none) { _, client, _ in
            let category: JSONValue = ["type": "CATEGORY", "id": "#kitchen", "category_data": ["name": "Kitchen"]]
            var mug = SandboxHarness.newItem("Mug", variations: [("Large", 800)])
            mug["item_data"]?["categories"] = [["id": "#kitchen"]]
            let plate = SandboxHarness.newItem("Plate", variations: [("Small", 300), ("Big", 600)])
            let result = try await client.batchUpsertCatalogObjects(batches: [[category, mug], [plate]])
            #expect(result.objects.count == 3)
            #expect(result.idMappings.count == 6)
            #expect(result.updatedAt != nil)
            let ids = Dictionary(uniqueKeysWithValues: result.idMappings.map { ($0.clientObjectID, $0.objectID) })
            let mugID = try #require(ids["#Mug"])
            let kitchenID = try #require(ids["#kitchen"])

            let fetched = try await client.batchRetrieveCatalogObjects(
                ids: [mugID, try #require(ids["#Plate"])], includeRelatedObjects: true)
            #expect(fetched.objects.count == 2)
            #expect(fetched.objects.contains { $0["item_data"]?["categories"]?[0]?["id"]?.stringValue == kitchenID })
            #expect(fetched.relatedObjects.contains { $0["id"]?.stringValue == kitchenID })

            let deleted = try await client.batchDeleteCatalogObjects(ids: [mugID, kitchenID])
            #expect(Set(deleted.deletedObjectIDs).isSuperset(of: [mugID, kitchenID, try #require(ids["#Mug-v0"])]))
            let live = try await SandboxHarness.listAll(client, types: ["ITEM", "CATEGORY"])
            #expect(live.compactMap { $0["id"]?.stringValue } == [try #require(ids["#Plate"])])
        }
    }

    @Test("catalog info, locations and inventory counts")
    func infoLocationsInventory() async throws {
        try await SandboxHarness.run(seed: .demo) { _, client, log in
            let info = try await client.catalogInfo()
            #expect(info["limits"]?["batch_delete_max_object_ids"]?.int64Value == 200)
            let locations = try await client.listLocations()
            #expect(locations.count == 2)
            #expect(locations.allSatisfy { $0["id"]?.stringValue?.isEmpty == false })

            let locationID = try #require(locations.first?["id"]?.stringValue)
            let request: JSONValue = ["location_ids": [.string(locationID)], "states": ["IN_STOCK"], "limit": 10]
            let first = try await client.batchRetrieveInventoryCounts(request)
            #expect(first.counts.count == 10)
            #expect(first.counts.allSatisfy { $0["location_id"]?.stringValue == locationID })
            #expect(first.counts.allSatisfy { $0["quantity"]?.stringValue != nil })
            let cursor = try #require(first.cursor)
            let second = try await client.batchRetrieveInventoryCounts(request, cursor: cursor)
            #expect(Set(second.counts).isDisjoint(with: Set(first.counts)))
            // The follow-up resends the original body with the cursor added.
            let bodies = log.matching("POST", "/v2/inventory/counts/batch-retrieve").map(\.requestBody)
            var expected = request
            expected["cursor"] = .string(cursor)
            #expect(try bodies.map { try JSONValue.parse($0) } == [request, expected])
        }
    }

    @Test("int64 values and fields this tool does not model survive an upsert and a retrieve")
    func losslessFields() async throws {
        try await SandboxHarness.run(seed: .none) { _, client, _ in
            var item = SandboxHarness.newItem("Big Number", variations: [("Only", 1)])
            let huge = JSONValue.number("9007199254740993")
            item["item_data"]?["variations"] = [
                [
                    "type": "ITEM_VARIATION", "id": "#Big-Number-v0",
                    "item_variation_data": [
                        "item_id": "#Big-Number", "name": "Only", "pricing_type": "FIXED_PRICING",
                        "price_money": ["amount": huge, "currency": "GBP"],
                        "ordinal": .number("-9223372036854775808"),
                        "vendor_information": [
                            ["vendor_code": "ACME-9", "unit_cost_money": ["amount": 12, "currency": "GBP"]]
                        ],
                        "x_future_field": ["nested": [.number("1.50"), "kept"]],
                    ],
                ]
            ]
            item["item_data"]?["x_item_extra"] = .number("1.50")
            let created = try await client.upsertCatalogObject(item)
            let itemID = try #require(created.object["id"]?.stringValue)
            let fetched = try await client.retrieveCatalogObject(id: itemID).object
            let variation = try #require(fetched["item_data"]?["variations"]?[0]?["item_variation_data"])
            #expect(variation["price_money"]?["amount"] == huge)
            #expect(variation["ordinal"]?.int64Value == Int64.min)
            #expect(variation["vendor_information"]?[0]?["vendor_code"] == "ACME-9")
            #expect(variation["x_future_field"] == ["nested": [.number("1.50"), "kept"]])
            #expect(fetched["item_data"]?["x_item_extra"] == .number("1.50"))
            #expect(fetched["version"]?.int64Value == created.object["version"]?.int64Value)
        }
    }
}
