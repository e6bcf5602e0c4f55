import CatalogCore
import Foundation
import Sandbox
import Testing

@Suite("Search, cursors and limits")
struct SearchTests {
    @Test("begin_time is exclusive and latest_time is the latest update")
    func beginTime() async throws {
        try await withSandbox { _, client in
            let first = try await client.upsert(newItem("One", variations: ["A"], tag: "one"))
            let firstTime = try #require(first.json["catalog_object"]?["updated_at"]?.stringValue)
            let second = try await client.upsert(newItem("Two", variations: ["A"], tag: "two"))
            let secondTime = try #require(second.json["catalog_object"]?["updated_at"]?.stringValue)
            let after = try await client.search(["object_types": ["ITEM"], "begin_time": .string(firstTime)])
            #expect(after.objects.map { $0["item_data"]?["name"]?.stringValue } == ["Two"])
            #expect(after.json["latest_time"]?.stringValue == secondTime)
            let none = try await client.search(["begin_time": .string(secondTime)])
            #expect(none.objects.isEmpty && none.json["cursor"] == nil)
            #expect(none.json["latest_time"]?.stringValue == secondTime)
            let nanos = String(firstTime.dropLast(1)) + "000001+00:00"
            let alsoAfter = try await client.search(["object_types": ["ITEM"], "begin_time": .string(nanos)])
            #expect(alsoAfter.objects.count == 1)
        }
    }

    @Test("paging a search covers every object exactly once, in updated_at then id order")
    func paging() async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 2500))) { _, client in
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                var body: JSONValue = ["object_types": ["ITEM", "ITEM_VARIATION", "CATEGORY"], "limit": 400]
                if let cursor { body["cursor"] = .string(cursor) }
                let reply = try await client.search(body)
                #expect(reply.status == 200)
                seen += reply.objects.compactMap { $0["id"]?.stringValue }
                cursor = reply.json["cursor"]?.stringValue
                pages += 1
            } while cursor != nil && pages < 100
            #expect(Set(seen).count == seen.count)
            let variations = try await client.search(["object_types": ["ITEM_VARIATION"], "limit": 1000])
            #expect(variations.objects.count == 1000)
            #expect(seen.count > 2500 && seen == seen.sorted())
            var listed = 0
            var listCursor: String?
            repeat {
                let query = listCursor.map { "&cursor=\($0)" } ?? ""
                let page = try await client.get("/v2/catalog/list?types=item_variation" + query)
                #expect(page.objects.count <= 100)
                listed += page.objects.count
                listCursor = page.json["cursor"]?.stringValue
            } while listCursor != nil
            #expect(listed == 2500)
        }
    }

    @Test("a cursor only continues the request it came from")
    func cursorBinding() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let first = try await client.search(["object_types": ["ITEM"], "limit": 10])
            let cursor = try #require(first.json["cursor"])
            let other = try await client.search(["object_types": ["ITEM_VARIATION"], "limit": 10, "cursor": cursor])
            #expect(other.status == 400 && other.code == "INVALID_CURSOR")
            let garbage = try await client.search(["object_types": ["ITEM"], "limit": 10, "cursor": "%%%"])
            #expect(garbage.code == "INVALID_CURSOR")
            let same = try await client.search(["object_types": ["ITEM"], "limit": 10, "cursor": cursor])
            #expect(same.status == 200 && same.objects.count == 10)
            #expect(same.objects.first?["id"] != first.objects.first?["id"])
            let list = try await client.get("/v2/catalog/list?types=ITEM")
            let listCursor = try #require(list.json["cursor"]?.stringValue)
            #expect(
                try await client.get("/v2/catalog/list?types=CATEGORY&cursor=\(listCursor)").code == "INVALID_CURSOR")
        }
    }

    @Test("limits from catalog/info are enforced")
    func limits() async throws {
        try await withSandbox { _, client in
            let info = try await client.get("/v2/catalog/info")
            #expect(info.json["limits"]?["batch_upsert_max_objects_per_batch"] == 1000)
            #expect(info.json["limits"]?["batch_upsert_max_total_objects"] == 10000)
            #expect(info.json["limits"]?["batch_retrieve_max_object_ids"] == 1000)
            #expect(info.json["limits"]?["search_max_page_limit"] == 1000)
            #expect(info.json["limits"]?["batch_delete_max_object_ids"] == 200)
            #expect(info.json["limits"]?["update_item_taxes_max_item_ids"] == 1000)
            #expect(try await client.search(["limit": 1001]).status == 400)
            #expect(try await client.search(["limit": 0]).status == 400)
            let keywords = try await client.search(["query": ["text_query": ["keywords": ["a", "b", "c", "d"]]]])
            #expect(keywords.status == 400, "at most three keywords")
            let two = try await client.search([
                "query": [
                    "text_query": ["keywords": ["saw"]],
                    "prefix_query": ["attribute_name": "name", "attribute_prefix": "s"],
                ]
            ])
            #expect(two.status == 400 && two.json["errors"]?[0]?["field"] == "query", "one filter per query")
            let ids = JSONValue.array((0..<1001).map { .string("ID\($0)") })
            #expect(try await client.post("/v2/catalog/batch-retrieve", ["object_ids": ids]).status == 400)
            let deletes = JSONValue.array((0..<201).map { .string("ID\($0)") })
            #expect(try await client.post("/v2/catalog/batch-delete", ["object_ids": deletes]).status == 400)
            let objects = JSONValue.array(
                (0..<1001).map { index in
                    ["type": "CATEGORY", "id": .string("#c\(index)"), "category_data": ["name": "C"]]
                })
            let big = try await client.post(
                "/v2/catalog/batch-upsert", ["idempotency_key": "big", "batches": [["objects": objects]]])
            #expect(big.status == 400)
            let eleven = JSONValue.array(
                (0..<11).map { batch in
                    [
                        "objects": .array(
                            (0..<1000).map { index in
                                [
                                    "type": "CATEGORY", "id": .string("#c\(batch)-\(index)"),
                                    "category_data": ["name": "C"],
                                ]
                            })
                    ]
                })
            let tooMany = try await client.post(
                "/v2/catalog/batch-upsert", ["idempotency_key": "many", "batches": eleven])
            #expect(tooMany.status == 400)
            #expect(try await client.get("/v2/catalog/list").objects.isEmpty)
        }
    }
}
