import CatalogCore
import Foundation
import Sandbox
import Testing

/// Square's rules for automatic discounts as the sandbox plays them: a pricing rule must name a discount
/// and product sets that exist, a product set and a discount must be well formed, and what a live rule
/// names cannot be deleted from under it.
@Suite("Pricing rules, discounts and product sets")
struct PricingRulesTests {
    static func batch(_ key: String, _ objects: [JSONValue]) -> JSONValue {
        ["idempotency_key": .string(key), "batches": [["objects": .array(objects)]]]
    }

    static let discount: JSONValue = [
        "type": "DISCOUNT", "id": "#d",
        "discount_data": ["name": "Tenth", "discount_type": "FIXED_PERCENTAGE", "percentage": "10"],
    ]
    static let productSet: JSONValue = [
        "type": "PRODUCT_SET", "id": "#ps", "product_set_data": ["all_products": true],
    ]
    static func rule(discount: String = "#d", match: String = "#ps") -> JSONValue {
        [
            "type": "PRICING_RULE", "id": "#r",
            "pricing_rule_data": [
                "name": "Tenth off", "discount_id": .string(discount), "match_products_id": .string(match),
            ],
        ]
    }

    @Test("a rule naming a missing discount or product set is 400 and nothing is written")
    func referencesMustExist() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let noDiscount = try await client.post(
                "/v2/catalog/batch-upsert", Self.batch("a", [Self.productSet, Self.rule(discount: "NOPE")]))
            #expect(noDiscount.status == 400 && noDiscount.code == "INVALID_VALUE", "\(noDiscount.json)")
            #expect(noDiscount.json["errors"]?[0]?["field"] == "pricing_rule_data.discount_id")
            let noSet = try await client.post(
                "/v2/catalog/batch-upsert", Self.batch("b", [Self.discount, Self.rule(match: "NOPE")]))
            #expect(noSet.status == 400 && noSet.code == "INVALID_VALUE", "\(noSet.json)")
            let search = try await client.post("/v2/catalog/search", ["object_types": ["DISCOUNT", "PRODUCT_SET"]])
            #expect(search.json["objects"]?.arrayValue?.isEmpty ?? true, "a refused batch writes nothing")

            let twoKinds: JSONValue = [
                "type": "PRODUCT_SET", "id": "#ps",
                "product_set_data": ["all_products": true, "product_ids_any": ["X"]],
            ]
            let refusedSet = try await client.post("/v2/catalog/batch-upsert", Self.batch("c", [twoKinds]))
            #expect(refusedSet.status == 400 && refusedSet.code == "INVALID_VALUE")
            let noPercentage: JSONValue = [
                "type": "DISCOUNT", "id": "#d", "discount_data": ["name": "?", "discount_type": "FIXED_PERCENTAGE"],
            ]
            let refusedDiscount = try await client.post("/v2/catalog/batch-upsert", Self.batch("d", [noPercentage]))
            #expect(refusedDiscount.status == 400 && refusedDiscount.code == "MISSING_REQUIRED_PARAMETER")
        }
    }

    @Test("a discount or product set a live rule names cannot be deleted until the rule is")
    func inUseCannotBeDeleted() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let created = try await client.post(
                "/v2/catalog/batch-upsert", Self.batch("a", [Self.discount, Self.productSet, Self.rule()]))
            #expect(created.status == 200, "\(created.json)")
            let discountID = try #require(mapped(created, "#d"))
            let ruleID = try #require(mapped(created, "#r"))
            let refused = try await client.delete("/v2/catalog/object/\(discountID)")
            #expect(refused.status == 400 && refused.code == "INVALID_VALUE", "\(refused.json)")
            #expect(refused.json["errors"]?[0]?["detail"]?.stringValue?.contains(ruleID) == true)
            #expect(try await client.retrieve(discountID).json["object"]?["is_deleted"] == false)
            // Deleting both at once, or the rule first, is fine.
            let both = try await client.post(
                "/v2/catalog/batch-delete", ["object_ids": [.string(ruleID), .string(discountID)]])
            #expect(both.status == 200 && both.json["deleted_object_ids"]?.arrayValue?.count == 2, "\(both.json)")
        }
    }
}
