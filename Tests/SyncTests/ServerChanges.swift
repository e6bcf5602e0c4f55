import CatalogCore
import SquareAPI

/// Changes a shop makes on Square between two syncs, made through the real API.
enum ServerChanges {
    /// Renames items, reprices a variation, drops a variation from an item, deletes an item and a
    /// variation, adds a category and a new item with two variations, and replaces the sale on the new
    /// category (its pricing rule, discount and product set). Returns the ids deleted.
    @discardableResult
    static func apply(round: Int, client: SquareClient) async throws -> [String] {
        let page = try await client.searchCatalogObjects(["object_types": ["ITEM"], "limit": 100])
        let items = page.objects.filter { ($0["item_data"]?["variations"]?.arrayValue?.count ?? 0) >= 2 }
        precondition(items.count >= 6, "the seed needs items with two or more variations")
        var deleted: [String] = []
        let base = (round * 5) % (items.count - 5)

        // Rename one item (fetched fresh, so its version is current).
        var renamed = try await client.retrieveCatalogObject(id: items[base]["id"]!.stringValue!).object
        renamed["item_data"]?["name"] = JSONValue.string("Renamed in round \(round)")
        _ = try await client.upsertCatalogObject(renamed)

        // Reprice one variation on its own (bumps its item).
        let variationID = items[base + 1]["item_data"]!["variations"]![0]!["id"]!.stringValue!
        var repriced = try await client.retrieveCatalogObject(id: variationID).object
        repriced["item_variation_data"]?["price_money"] = ["amount": .int(Int64(1000 + round)), "currency": "USD"]
        repriced["item_variation_data"]?["pricing_type"] = "FIXED_PRICING"
        _ = try await client.upsertCatalogObject(repriced)

        // Upsert an item without its last variation: Square deletes that variation.
        var trimmed = try await client.retrieveCatalogObject(id: items[base + 2]["id"]!.stringValue!).object
        var list = trimmed["item_data"]!["variations"]!.arrayValue!
        deleted.append(list.removeLast()["id"]!.stringValue!)
        trimmed["item_data"]?["variations"] = .array(list)
        _ = try await client.upsertCatalogObject(trimmed)

        // Delete a whole item, and one variation by id.
        let goneItem = items[base + 3]
        deleted.append(goneItem["id"]!.stringValue!)
        deleted += goneItem["item_data"]!["variations"]!.arrayValue!.map { $0["id"]!.stringValue! }
        try await delete(goneItem["id"]!.stringValue!, client: client)
        let goneVariation = try await client.retrieveCatalogObject(id: items[base + 4]["id"]!.stringValue!).object
        let goneVariationID = goneVariation["item_data"]!["variations"]!.arrayValue!.last!["id"]!.stringValue!
        deleted.append(goneVariationID)
        try await delete(goneVariationID, client: client)

        // A new category and a new item in it, with #temp ids.
        let newItem: JSONValue = [
            "type": "ITEM", "id": "#item",
            "item_data": [
                "name": .string("New product \(round)"), "categories": [["id": "#category"]],
                "reporting_category": ["id": "#category"],
                "variations": [
                    newVariation("#v1", sku: "NEW-\(round)-S", upc: upcA(round * 2 + 1)),
                    newVariation("#v2", sku: "NEW-\(round)-L", upc: upcA(round * 2 + 2)),
                ],
            ],
        ]
        let newCategory: JSONValue = [
            "type": "CATEGORY", "id": "#category", "category_data": ["name": .string("New category \(round)")],
        ]
        _ = try await client.batchUpsertCatalogObjects(batches: [[newCategory, newItem]])
        deleted += try await replaceSale(round: round, client: client)
        return deleted
    }

    /// Deletes the last round's sale (the rule first, then what it named) and puts a new one on this
    /// round's category; returns the ids deleted.
    static func replaceSale(round: Int, client: SquareClient) async throws -> [String] {
        var deleted: [String] = []
        let rules = try await client.searchCatalogObjects(["object_types": ["PRICING_RULE"], "limit": 100]).objects
        for rule in rules {
            let data = rule["pricing_rule_data"] ?? .null
            for id in [rule["id"], data["discount_id"], data["match_products_id"]].compactMap({ $0?.stringValue }) {
                try await delete(id, client: client)
                deleted.append(id)
            }
        }
        // This round's new category, else any category.
        let named = try await client.searchCatalogObjects([
            "object_types": ["CATEGORY"],
            "query": [
                "exact_query": ["attribute_name": "name", "attribute_value": .string("New category \(round)")]
            ],
        ]).objects
        let any = try await client.searchCatalogObjects(["object_types": ["CATEGORY"], "limit": 1]).objects
        guard let category = (named.first ?? any.first)?["id"] else { return deleted }
        let sale: [JSONValue] = [
            [
                "type": "DISCOUNT", "id": "#discount",
                "discount_data": [
                    "name": .string("Round \(round) off"), "discount_type": "FIXED_PERCENTAGE",
                    "percentage": .string("\(10 + round)"),
                ],
            ],
            ["type": "PRODUCT_SET", "id": "#set", "product_set_data": ["product_ids_any": [category]]],
            [
                "type": "PRICING_RULE", "id": "#rule",
                "pricing_rule_data": [
                    "name": .string("Round \(round) sale"), "discount_id": "#discount", "match_products_id": "#set",
                ],
            ],
        ]
        _ = try await client.batchUpsertCatalogObjects(batches: [sale])
        return deleted
    }

    static func newVariation(_ id: String, sku: String, upc: String) -> JSONValue {
        [
            "type": "ITEM_VARIATION", "id": .string(id),
            "item_variation_data": [
                "item_id": "#item", "name": .string(sku), "sku": .string(sku), "upc": .string(upc),
                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 499, "currency": "USD"],
            ],
        ]
    }

    /// A valid UPC-A from a serial number.
    static func upcA(_ serial: Int) -> String {
        let body = "0" + "9876" + String(format: "%06d", serial)
        return body + String(Barcode.gs1CheckDigit(body.map { Int(String($0))! }))
    }

    /// Deletes an object as the other writer does. Under dropped connections the client retries a DELETE
    /// whose answer was lost, and the retry finds the object already gone (400 NOT_FOUND): that is done.
    static func delete(_ id: String, client: SquareClient) async throws {
        let failure: SquareError?
        do {
            _ = try await client.deleteCatalogObject(id: id)
            failure = nil
        } catch {
            failure = error
        }
        guard let failure else { return }
        let alreadyGone = failure.attempts > 1 && failure.errors.contains { $0.code == "NOT_FOUND" }
        guard alreadyGone, try await client.batchRetrieveCatalogObjects(ids: [id]).objects.isEmpty else {
            throw failure
        }
    }
}
