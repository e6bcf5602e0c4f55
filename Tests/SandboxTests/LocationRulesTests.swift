import CatalogCore
import Foundation
import Sandbox
import Testing

/// Square's location rules as the sandbox plays them: presence that contradicts the item is refused,
/// and `sold_out` is Square's to set, never a client's.
@Suite("Locations: presence and sold out")
struct LocationRulesTests {
    static func locations(_ client: Client) async throws -> [String: String] {
        var names: [String: String] = [:]
        for location in try await client.get("/v2/locations").json["locations"]?.arrayValue ?? [] {
            names[location["name"]?.stringValue ?? ""] = location["id"]?.stringValue
        }
        return names
    }

    @Test("a variation present where its item is absent is 400 INVALID_VALUE, and nothing is written")
    func presenceFollowsTheItem() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let places = try await Self.locations(client)
            let market = try #require(places["Market Hall"])
            let high = try #require(places["High Street"])
            let created = try await client.upsert(newItem("Stall Only", variations: ["One"], tag: "stall"))
            let itemID = try #require(mapped(created, "#stall"))
            let variationID = try #require(mapped(created, "#stall-v0"))

            var item = try await client.retrieve(itemID).json["object"] ?? .null
            item["present_at_all_locations"] = false
            item["present_at_location_ids"] = [.string(market)]
            let nestedVariations = (item["item_data"]?["variations"]?.arrayValue ?? []).map { nested in
                var nested = nested
                nested["present_at_all_locations"] = false
                nested["present_at_location_ids"] = [.string(market)]
                return nested
            }
            item["item_data"]?["variations"] = .array(nestedVariations)
            let ok = try await client.post("/v2/catalog/object", ["idempotency_key": "stall", "object": item])
            #expect(ok.status == 200, "\(ok.json)")

            var variation = try await client.retrieve(variationID).json["object"] ?? .null
            variation["present_at_all_locations"] = true
            let refused = try await client.post(
                "/v2/catalog/object", ["idempotency_key": "everywhere", "object": variation])
            #expect(refused.status == 400 && refused.code == "INVALID_VALUE", "\(refused.json)")
            let detail = refused.json["errors"]?[0]?["detail"]?.stringValue ?? ""
            #expect(detail.contains(high) && detail.contains(itemID), "\(detail)")
            let held = try await client.retrieve(variationID).json["object"]
            #expect(held?["present_at_all_locations"] == false)
        }
    }

    @Test("sold_out sent by a client is dropped; the sandbox's own mark survives the client's later upserts")
    func soldOutIsSquares() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { server, client in
            let market = try #require(try await Self.locations(client)["Market Hall"])
            let created = try await client.upsert(newItem("Pie", variations: ["Slice"], tag: "pie"))
            let variationID = try #require(mapped(created, "#pie-v0"))
            var variation = try await client.retrieve(variationID).json["object"] ?? .null
            variation["item_variation_data"]?["location_overrides"] = [
                ["location_id": .string(market), "sold_out": true, "track_inventory": true]
            ]
            let sent = try await client.post("/v2/catalog/object", ["idempotency_key": "pie-1", "object": variation])
            #expect(sent.status == 200)
            var held = try await client.retrieve(variationID).json["object"] ?? .null
            #expect(
                held["item_variation_data"]?["location_overrides"] == [
                    ["location_id": .string(market), "track_inventory": true]
                ])

            #expect(await server.setSoldOut(variationID: variationID, locationID: market))
            #expect(!(await server.setSoldOut(variationID: "NO-SUCH-VARIATION", locationID: market)))
            held = try await client.retrieve(variationID).json["object"] ?? .null
            #expect(held["item_variation_data"]?["location_overrides"]?[0]?["sold_out"] == true)

            // A client changes the price and leaves sold_out out: Square's mark stays.
            held["item_variation_data"]?["price_money"] = ["amount": 300, "currency": "GBP"]
            held["item_variation_data"]?["location_overrides"] = [
                ["location_id": .string(market), "track_inventory": true]
            ]
            let priced = try await client.post("/v2/catalog/object", ["idempotency_key": "pie-2", "object": held])
            #expect(priced.status == 200, "\(priced.json)")
            let after = try await client.retrieve(variationID).json["object"]
            #expect(after?["item_variation_data"]?["location_overrides"]?[0]?["sold_out"] == true)
            #expect(after?["item_variation_data"]?["price_money"]?["amount"] == 300)
        }
    }
}
