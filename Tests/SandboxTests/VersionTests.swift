import CatalogCore
import Foundation
import Sandbox
import Testing

@Suite("Versions and upserts")
struct VersionTests {
    @Test("new objects get ids, id_mappings and one shared version")
    func createItem() async throws {
        try await withSandbox { _, client in
            let reply = try await client.upsert(newItem("Claw Hammer", variations: ["Small", "Large"]))
            let item = try #require(reply.json["catalog_object"])
            let itemId = try #require(mapped(reply, "#item"))
            #expect(item["id"]?.stringValue == itemId)
            #expect(itemId.count == 24 && itemId.allSatisfy { $0.isUppercase || ("2"..."7").contains($0) })
            #expect(reply.json["id_mappings"]?.arrayValue?.count == 3)
            let variations = try #require(item["item_data"]?["variations"]?.arrayValue)
            #expect(variations.map { $0["item_variation_data"]?["name"]?.stringValue } == ["Small", "Large"])
            #expect(variations.allSatisfy { $0["item_variation_data"]?["item_id"]?.stringValue == itemId })
            let version = try #require(item["version"]?.int64Value)
            #expect(variations.allSatisfy { $0["version"]?.int64Value == version })
            let updatedAt = try #require(item["updated_at"]?.stringValue)
            #expect(updatedAt.count == 24 && updatedAt.hasSuffix("Z"))
            #expect(item["is_deleted"]?.boolValue == false)
        }
    }

    @Test("writing a variation bumps its item; unknown fields come back as sent")
    func parentBump() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Tape", variations: ["5 m"]))
            let item = try #require(created.json["catalog_object"])
            var variation = try #require(item["item_data"]?["variations"]?[0])
            variation["item_variation_data"]?["price_money"]?["amount"] = 999
            variation["item_variation_data"]?["vendor_information"] = [["vendor_code": "X-1"]]
            let updated = try await client.upsert(variation)
            let newVersion = try #require(updated.json["catalog_object"]?["version"]?.int64Value)
            #expect(newVersion > item["version"]?.int64Value ?? .max)
            let itemId = try #require(item["id"]?.stringValue)
            let fetched = try await client.retrieve(itemId)
            #expect(fetched.json["object"]?["version"]?.int64Value == newVersion)
            let nested = fetched.json["object"]?["item_data"]?["variations"]?[0]
            #expect(nested?["item_variation_data"]?["price_money"]?["amount"]?.int64Value == 999)
            #expect(nested?["item_variation_data"]?["vendor_information"]?[0]?["vendor_code"] == "X-1")
        }
    }

    @Test("missing, stale and nested-stale versions are VERSION_MISMATCH (400, never 409)")
    func versionMismatch() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Pliers", variations: ["Standard"]))
            let item = try #require(created.json["catalog_object"])
            var missing = item
            missing["version"] = nil
            var stale = item
            stale["version"] = .int((item["version"]?.int64Value ?? 0) - 1)
            var nestedStale = item
            var variations = try #require(item["item_data"]?["variations"]?.arrayValue)
            variations[0]["version"] = 1
            nestedStale["item_data"]?["variations"] = .array(variations)
            for body in [missing, stale, nestedStale] {
                let reply = try await client.post(
                    "/v2/catalog/object", ["idempotency_key": .string(UUID().uuidString), "object": body])
                #expect(reply.status == 400)
                #expect(
                    reply.json["errors"]?[0] == [
                        "category": "INVALID_REQUEST_ERROR", "code": "VERSION_MISMATCH",
                        "detail": "Object version does not match latest database version.", "field": "version",
                    ])
            }
            let unchanged = try await client.retrieve(try #require(item["id"]?.stringValue))
            #expect(unchanged.json["object"]?["version"] == item["version"])
        }
    }

    @Test("an item upsert replaces its variation list; left-out variations become tombstones")
    func variationReplacement() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Screws", variations: ["S", "M", "L"]))
            var item = try #require(created.json["catalog_object"])
            let variations = try #require(item["item_data"]?["variations"]?.arrayValue)
            let droppedId = try #require(variations[1]["id"]?.stringValue)
            item["item_data"]?["variations"] = .array([variations[0], variations[2]])
            let updated = try await client.upsert(item)
            let kept = updated.json["catalog_object"]?["item_data"]?["variations"]?.arrayValue ?? []
            #expect(kept.count == 2 && !kept.contains { $0["id"]?.stringValue == droppedId })
            #expect(try await client.retrieve(droppedId).status == 404)
            let tombstones = try await client.post(
                "/v2/catalog/batch-retrieve", ["object_ids": [.string(droppedId)], "include_deleted_objects": true])
            #expect(tombstones.objects.first?["is_deleted"]?.boolValue == true)
            #expect(tombstones.objects.first?["version"] == updated.json["catalog_object"]?["version"])
        }
    }

    @Test("# ids resolve within one batch; batches are all-or-nothing and independent")
    func batchUpsert() async throws {
        try await withSandbox { _, client in
            let category: JSONValue = ["type": "CATEGORY", "id": "#cat", "category_data": ["name": "Tools"]]
            var item = newItem("Saw", variations: ["Standard"])
            item["item_data"]?["categories"] = [["id": "#cat"]]
            let orphan: JSONValue = [
                "type": "ITEM_VARIATION", "id": "#lost", "item_variation_data": ["item_id": "#nowhere"],
            ]
            let reply = try await client.post(
                "/v2/catalog/batch-upsert",
                [
                    "idempotency_key": "batch-1",
                    "batches": [["objects": [category, item]], ["objects": [orphan]]],
                ])
            #expect(reply.status == 400)
            #expect(reply.code == "INVALID_VALUE")
            let categoryId = try #require(mapped(reply, "#cat"))
            #expect(mapped(reply, "#lost") == nil)
            let saw = reply.objects.first { $0["type"] == "ITEM" }
            #expect(saw?["item_data"]?["categories"]?[0]?["id"]?.stringValue == categoryId)
            #expect(reply.objects.allSatisfy { $0["version"] == reply.objects[0]["version"] })
            let all = try await client.get("/v2/catalog/list?types=ITEM_VARIATION")
            #expect(all.objects.count == 1)
        }
    }

    @Test("an item upsert can add a # variation next to its current ones; unknown ids are 400 NOT_FOUND")
    func addVariation() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Hinges", variations: ["Brass"]))
            var item = try #require(created.json["catalog_object"])
            var variations = try #require(item["item_data"]?["variations"]?.arrayValue)
            variations.append([
                "type": "ITEM_VARIATION", "id": "#steel",
                "item_variation_data": ["name": "Steel", "ordinal": 2, "pricing_type": "VARIABLE_PRICING"],
            ])
            item["item_data"]?["variations"] = .array(variations)
            let updated = try await client.upsert(item)
            let steelId = try #require(mapped(updated, "#steel"))
            let list = updated.json["catalog_object"]?["item_data"]?["variations"]?.arrayValue ?? []
            #expect(list.compactMap { $0["id"]?.stringValue } == [variations[0]["id"]?.stringValue, steelId])
            #expect(list[1]["item_variation_data"]?["item_id"] == item["id"])
            let unknown: JSONValue = ["type": "CATEGORY", "id": "AAAAAAAAAAAAAAAAAAAAAAAA", "version": 1]
            let reply = try await client.post("/v2/catalog/object", ["idempotency_key": "u", "object": unknown])
            #expect(reply.status == 400 && reply.code == "NOT_FOUND")
        }
    }

    @Test("stop closes the port")
    func stopCloses() async throws {
        let server = try await SandboxServer.start(SandboxConfiguration())
        let client = Client(baseURL: server.baseURL)
        #expect(try await client.get("/v2/catalog/info").status == 200)
        await server.stop()
        await #expect(throws: (any Error).self) { try await client.get("/v2/catalog/info") }
    }
}
