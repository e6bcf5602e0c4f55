import CatalogCore
import Foundation
import Sandbox
import Testing

/// The rules Square's reference states only in words (docs/sandbox.md lists each with its sentence): the
/// 24-hour window on `occurred_at`, discount and tax percentages, a discount in the seller's currency,
/// pricing-rule references of the right type, at most 250 variations per item, and CreateLocation.
@Suite("Square's rules in words")
struct ProseRulesTests {
    /// `date` in RFC 3339 with milliseconds.
    static func stamp(_ date: Date) -> String {
        Timestamp(epochMilliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down))).rfc3339
    }

    /// Posts one change and answers the reply.
    static func post(_ client: Client, _ change: JSONValue) async throws -> Reply {
        try await client.post(
            "/v2/inventory/changes/batch-create",
            ["idempotency_key": .string(UUID().uuidString), "changes": [change]])
    }

    static func receipt(_ variation: String, _ location: String, at date: Date) -> JSONValue {
        InventoryChangesTests.adjustment(variation, location, "1", from: "NONE", to: "IN_STOCK", at: stamp(date))
    }

    @Test("occurred_at: 25 hours old or a minute ahead is refused, 23 hours old is accepted, counts too")
    func occurredAtWindow() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let (variation, locations) = try await InventoryChangesTests.target(client)
            let now = Date()
            let old = try await Self.post(client, Self.receipt(variation, locations[0], at: now - 25 * 3600))
            #expect(old.status == 400 && old.code == "INVALID_VALUE", "\(old.json)")
            #expect(old.json["errors"]?[0]?["field"] == "changes[0].adjustment.occurred_at")
            let ahead = try await Self.post(client, Self.receipt(variation, locations[0], at: now + 60))
            #expect(ahead.status == 400 && ahead.code == "INVALID_VALUE", "\(ahead.json)")
            let recent = try await Self.post(client, Self.receipt(variation, locations[0], at: now - 23 * 3600))
            #expect(recent.status == 200, "\(recent.json)")
            let staleCount = InventoryChangesTests.physicalCount(
                variation, locations[0], "5", at: Self.stamp(now - 25 * 3600))
            let count = try await Self.post(client, staleCount)
            #expect(count.json["errors"]?[0]?["field"] == "changes[0].physical_count.occurred_at", "\(count.json)")
        }
    }

    @Test("--clock-offset moves the window and every time the sandbox stamps")
    func clockOffsetMovesTheWindow() async throws {
        let offset: Double = 30 * 3600
        try await withSandbox(SandboxConfiguration(seed: .demo, clockOffset: offset)) { _, client in
            let (variation, locations) = try await InventoryChangesTests.target(client)
            let now = Date()
            // Now on this machine is 30 hours ago on the sandbox's clock.
            let machineNow = try await Self.post(client, Self.receipt(variation, locations[0], at: now))
            #expect(machineNow.status == 400 && machineNow.code == "INVALID_VALUE", "\(machineNow.json)")
            let sandboxNow = try await Self.post(client, Self.receipt(variation, locations[0], at: now + offset - 60))
            #expect(sandboxNow.status == 200, "\(sandboxNow.json)")
            let created = try #require(sandboxNow.json["changes"]?[0]?["adjustment"]?["created_at"]?.stringValue)
            let createdAt = try #require(Timestamp(rfc3339: created)).epochMilliseconds
            #expect(abs(Double(createdAt) / 1000 - (now.timeIntervalSince1970 + offset)) < 60)
            let upserted = try await client.upsert(newItem("Offset Kettle", variations: ["Regular"]))
            let version = try #require(upserted.json["catalog_object"]?["version"]?.int64Value)
            #expect(abs(Double(version) / 1000 - (now.timeIntervalSince1970 + offset)) < 60)
        }
    }

    static func upsert(_ client: Client, _ object: JSONValue) async throws -> Reply {
        try await client.post("/v2/catalog/object", ["idempotency_key": .string(UUID().uuidString), "object": object])
    }

    static func discount(percentage: String? = nil, amount: JSONValue? = nil) -> JSONValue {
        var data: JSONValue = ["name": "Sale"]
        if let percentage {
            data["discount_type"] = "FIXED_PERCENTAGE"
            data["percentage"] = .string(percentage)
        }
        if let amount {
            data["discount_type"] = "FIXED_AMOUNT"
            data["amount_money"] = amount
        }
        return ["type": "DISCOUNT", "id": "#discount", "discount_data": data]
    }

    static func tax(_ percentage: String) -> JSONValue {
        ["type": "TAX", "id": "#tax", "tax_data": ["name": "VAT", "percentage": .string(percentage)]]
    }

    @Test(
        "a discount percentage is a decimal from 0 to 100",
        arguments: [
            ("150", false), ("-20", false), ("twenty", false), ("100.5", false), ("", false), ("100", true),
            ("0", true),
            ("12.5", true),
        ])
    func discountPercentage(_ percentage: String, _ accepted: Bool) async throws {
        try await Self.expectUpsert(
            Self.discount(percentage: percentage), accepted, refusing: "discount_data.percentage")
    }

    /// Upserts `object` into an empty sandbox: accepted, or refused INVALID_VALUE naming `field`.
    static func expectUpsert(_ object: JSONValue, _ accepted: Bool, refusing field: String) async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let reply = try await Self.upsert(client, object)
            if accepted {
                #expect(reply.status == 200, "\(reply.json)")
            } else {
                #expect(reply.status == 400 && reply.code == "INVALID_VALUE", "\(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"]?.stringValue == field)
            }
        }
    }

    @Test("an amount discount is in the seller's currency (the main location's) and not below zero")
    func discountCurrency() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let euros = try await Self.upsert(client, Self.discount(amount: ["amount": 100, "currency": "EUR"]))
            #expect(euros.status == 400 && euros.code == "INVALID_VALUE", "\(euros.json)")
            #expect(euros.json["errors"]?[0]?["field"] == "discount_data.amount_money.currency")
            let pounds = try await Self.upsert(client, Self.discount(amount: ["amount": 100, "currency": "GBP"]))
            #expect(pounds.status == 200, "\(pounds.json)")
            let below = try await Self.upsert(client, Self.discount(amount: ["amount": -100, "currency": "GBP"]))
            #expect(below.status == 400 && below.json["errors"]?[0]?["field"] == "discount_data.amount_money.amount")
        }
    }

    @Test(
        "a tax percentage is a decimal from 0 to 100 with at most 4 decimals",
        arguments: [
            ("-50", false), ("twenty", false), ("100.0001", false), ("12.34567", false), ("1e2", false),
            ("100", true), ("0", true), ("12.3456", true), ("20", true),
        ])
    func taxPercentage(_ percentage: String, _ accepted: Bool) async throws {
        try await Self.expectUpsert(Self.tax(percentage), accepted, refusing: "tax_data.percentage")
    }

    @Test("a pricing rule's references must have the right types")
    func pricingRuleReferenceTypes() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let objects: [JSONValue] = [PricingRulesTests.discount, PricingRulesTests.productSet]
            let cases: [(String, JSONValue, String)] = [
                ("discount_id", "#ps", "pricing_rule_data.discount_id"),
                ("match_products_id", "#d", "pricing_rule_data.match_products_id"),
                ("exclude_products_id", "#d", "pricing_rule_data.exclude_products_id"),
                ("time_period_ids", ["#d"], "pricing_rule_data.time_period_ids"),
            ]
            for (key, value, field) in cases {
                var rule = PricingRulesTests.rule()
                rule["pricing_rule_data"]?[key] = value
                let reply = try await client.post(
                    "/v2/catalog/batch-upsert", PricingRulesTests.batch(UUID().uuidString, objects + [rule]))
                #expect(reply.status == 400 && reply.code == "INVALID_VALUE", "\(key): \(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"]?.stringValue == field, "\(reply.json)")
            }
            let good = try await client.post(
                "/v2/catalog/batch-upsert", PricingRulesTests.batch("good", objects + [PricingRulesTests.rule()]))
            #expect(good.status == 200, "\(good.json)")
        }
    }

    @Test("an item has 1 to 250 variations: 251 is refused, one more on an item of 250 too, and none")
    func variationLimit() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let names = (1...251).map { "Size \($0)" }
            let tooMany = try await Self.upsert(client, newItem("Many", variations: names))
            #expect(tooMany.status == 400 && tooMany.code == "ARRAY_LENGTH_TOO_LONG", "\(tooMany.json)")
            #expect(tooMany.json["errors"]?[0]?["field"] == "item_data.variations")
            let full = try await client.upsert(newItem("Many", variations: Array(names.prefix(250))))
            let itemID = try #require(full.json["catalog_object"]?["id"]?.stringValue)
            let extra: JSONValue = [
                "type": "ITEM_VARIATION", "id": "#extra",
                "item_variation_data": [
                    "item_id": .string(itemID), "name": "One more", "pricing_type": "VARIABLE_PRICING",
                ],
            ]
            let more = try await Self.upsert(client, extra)
            #expect(more.status == 400 && more.code == "ARRAY_LENGTH_TOO_LONG", "\(more.json)")
            // And at least one: an item with none is refused.
            let none = try await Self.upsert(client, newItem("Empty", variations: []))
            #expect(none.status == 400 && none.code == "ARRAY_LENGTH_TOO_SHORT", "\(none.json)")
            #expect(none.json["errors"]?[0]?["field"] == "item_data.variations")
        }
    }

    @Test("CreateLocation makes a second location as Square does; names are unique and checked")
    func createLocation() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let created = try await client.post(
                "/v2/locations", ["location": ["name": "Riverside", "address": ["locality": "Leeds"]]])
            #expect(created.status == 200, "\(created.json)")
            let location = try #require(created.json["location"])
            let id = try #require(location["id"]?.stringValue)
            #expect(id.count == 13)
            #expect(location["currency"] == "GBP" && location["status"] == "ACTIVE")
            #expect(location["address"]?["locality"] == "Leeds")
            let listed = try await client.get("/v2/locations")
            #expect(listed.json["locations"]?.arrayValue?.count == 2)
            let again = try await client.post("/v2/locations", ["location": ["name": "Riverside"]])
            #expect(again.status == 400 && again.code == "INVALID_VALUE", "\(again.json)")
            let long = try await client.post(
                "/v2/locations", ["location": ["name": .string(String(repeating: "x", count: 256))]])
            #expect(long.status == 400 && long.code == "VALUE_TOO_LONG", "\(long.json)")
            #expect(long.json["errors"]?[0]?["field"] == "location.name")
            // Stock can be received there at once.
            let item = try await client.upsert(newItem("Kettle", variations: ["Regular"]))
            let variation = try #require(
                item.json["catalog_object"]?["item_data"]?["variations"]?[0]?["id"]?.stringValue)
            let receipt = try await Self.post(client, Self.receipt(variation, id, at: Date() - 60))
            #expect(receipt.status == 200, "\(receipt.json)")
        }
    }

    @Test(
        "the seeds meet every rule: each object upserted back unchanged is accepted",
        arguments: [SandboxSeed.demo, .synthetic(variations: 600)])
    func seedsMeetTheRules(_ seed: SandboxSeed) async throws {
        try await withSandbox(SandboxConfiguration(seed: seed)) { _, client in
            var objects: [JSONValue] = []
            var cursor: String?
            repeat {
                var body: JSONValue = [
                    "object_types": [
                        "ITEM", "CATEGORY", "TAX", "DISCOUNT", "PRICING_RULE", "PRODUCT_SET", "TIME_PERIOD",
                        "MEASUREMENT_UNIT", "ITEM_OPTION", "MODIFIER_LIST", "IMAGE",
                    ], "limit": 1000,
                ]
                if let cursor { body["cursor"] = .string(cursor) }
                let page = try await client.search(body)
                objects += page.objects
                cursor = page.json["cursor"]?.stringValue
            } while cursor != nil
            #expect(objects.count > 200)
            let batches: [JSONValue] = stride(from: 0, to: objects.count, by: 1000).map {
                ["objects": .array(Array(objects[$0..<min($0 + 1000, objects.count)]))]
            }
            let reply = try await client.post(
                "/v2/catalog/batch-upsert", ["idempotency_key": "seed-round-trip", "batches": .array(batches)])
            #expect(reply.status == 200, "\(reply.json["errors"] ?? reply.json)")
        }
    }
}
