import CatalogCore
import Foundation
import Sandbox
import Testing

@Suite("Deletes, tombstones and reads")
struct DeleteAndReadTests {
    @Test("deleting an item deletes its variations and leaves tombstones")
    func deleteCascade() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Bolts", variations: ["M6", "M8"]))
            let itemId = try #require(mapped(created, "#item"))
            let variationIds = [mapped(created, "#item-v0"), mapped(created, "#item-v1")].compactMap { $0 }
            let deleted = try await client.delete("/v2/catalog/object/\(itemId)")
            #expect(deleted.status == 200)
            let ids = Set(deleted.json["deleted_object_ids"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            #expect(ids == Set([itemId] + variationIds))
            let deletedAt = try #require(deleted.json["deleted_at"]?.stringValue)

            #expect(try await client.retrieve(itemId).status == 404)
            #expect(try await client.retrieve(variationIds[0]).code == "NOT_FOUND")
            #expect(try await client.get("/v2/catalog/list?types=ITEM,ITEM_VARIATION").objects.isEmpty)
            #expect(try await client.search(["object_types": ["ITEM", "ITEM_VARIATION"]]).objects.isEmpty)
            let hidden = try await client.post("/v2/catalog/batch-retrieve", ["object_ids": [.string(itemId)]])
            #expect(hidden.objects.isEmpty)

            let shown = try await client.search([
                "object_types": ["ITEM", "ITEM_VARIATION"], "include_deleted_objects": true,
            ])
            #expect(shown.objects.count == 3)
            #expect(shown.objects.allSatisfy { $0["is_deleted"] == true && $0["updated_at"]?.stringValue == deletedAt })
            let retrieved = try await client.post(
                "/v2/catalog/batch-retrieve", ["object_ids": [.string(itemId)], "include_deleted_objects": true])
            #expect(retrieved.objects.first?["is_deleted"] == true)
            #expect(try await client.delete("/v2/catalog/object/\(itemId)").status == 400)
        }
    }

    @Test("deleting a variation bumps its item; batch-delete skips unknown ids")
    func deleteVariation() async throws {
        try await withSandbox { _, client in
            let created = try await client.upsert(newItem("Nails", variations: ["Short", "Long"]))
            let itemId = try #require(mapped(created, "#item"))
            let short = try #require(mapped(created, "#item-v0"))
            let reply = try await client.post("/v2/catalog/batch-delete", ["object_ids": [.string(short), "NOPE"]])
            #expect(reply.json["deleted_object_ids"] == [.string(short)])
            let item = try await client.retrieve(itemId)
            #expect(item.json["object"]?["updated_at"] == reply.json["deleted_at"])
            #expect(item.json["object"]?["item_data"]?["variations"]?.arrayValue?.count == 1)
        }
    }

    @Test("retrieve and batch-retrieve give related categories and taxes")
    func related() async throws {
        try await withSandbox { _, client in
            let category: JSONValue = ["type": "CATEGORY", "id": "#cat", "category_data": ["name": "Paint"]]
            let tax: JSONValue = ["type": "TAX", "id": "#tax", "tax_data": ["name": "VAT", "percentage": "20.0"]]
            var item = newItem("Gloss", variations: ["White"])
            item["item_data"]?["categories"] = [["id": "#cat"]]
            item["item_data"]?["tax_ids"] = ["#tax"]
            let reply = try await client.post(
                "/v2/catalog/batch-upsert",
                ["idempotency_key": "rel", "batches": [["objects": [category, tax, item]]]])
            let itemId = try #require(mapped(reply, "#item"))
            let one = try await client.get("/v2/catalog/object/\(itemId)?include_related_objects=true")
            let types = Set(one.json["related_objects"]?.arrayValue?.compactMap { $0["type"]?.stringValue } ?? [])
            #expect(types == ["CATEGORY", "TAX"])
            let search = try await client.search(["object_types": ["ITEM"], "include_related_objects": true])
            #expect(search.json["related_objects"]?.arrayValue?.count == 2)
        }
    }

    @Test("variations come inline ordered by ordinal, and top-level when ITEM_VARIATION is asked for")
    func variationsInline() async throws {
        try await withSandbox { _, client in
            var item = newItem("Pens", variations: ["Black", "Blue", "Red"])
            var variations = item["item_data"]?["variations"]?.arrayValue ?? []
            variations[0]["item_variation_data"]?["ordinal"] = 9
            item["item_data"]?["variations"] = .array(variations)
            try await client.upsert(item)
            let items = try await client.search(["object_types": ["ITEM"]])
            let names = items.objects.first?["item_data"]?["variations"]?.arrayValue?.compactMap {
                $0["item_variation_data"]?["name"]?.stringValue
            }
            #expect(names == ["Blue", "Red", "Black"])
            #expect(items.objects.count == 1)
            let both = try await client.search(["object_types": ["ITEM", "ITEM_VARIATION"]])
            #expect(both.objects.count == 4)
            #expect(try await client.search([:]).objects.count == 1)
        }
    }
}
