import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// Stock as Square has it: a hub reads Square's counts at every location with its first sync, shows each with
/// when Square calculated it and whether it is low against the variation's alert threshold, the counter's own
/// location first, and reads what changed with each later sync (its poll).
@Suite struct HubStockReadTests {
    static let widget = "0012345678905"

    /// The sandbox's IN_STOCK quantity of `variation` at `location`.
    static func square(_ shop: HubShop, _ variation: String, at location: String) async throws -> String? {
        let answer = try await shop.context.makeClient().batchRetrieveInventoryCounts(
            ["catalog_object_ids": [.string(variation)], "location_ids": [.string(location)], "states": ["IN_STOCK"]])
        return answer.counts.first?["quantity"]?.stringValue
    }

    @Test func aHubShowsSquaresStockFromItsFirstSyncWithItsTimeAndKeepsItFresh() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            func lookup() async throws -> JSONValue {
                try #require(try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device).json[0])
            }
            let before = try await lookup()
            let variation = try #require(before["variation_id"]?.stringValue)
            let here = try #require(before["location"]?["id"]?.stringValue)
            #expect(before["stock"] == nil, "nothing read from Square yet: \(before)")
            let squares = try #require(try await Self.square(shop, variation, at: here))

            await shop.hub.sync.request("test")
            await shop.hub.sync.waitUntilIdle()
            let read = try await lookup()
            let figures = try #require(read["stock"]?.arrayValue, "\(read)")
            #expect(figures.first?["location_id"] == .string(here) && figures.first?["name"] == "High Street")
            #expect(figures.first?["quantity"] == .string(squares), "\(figures)")
            #expect(figures.first?["as_of"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) != nil, "\(figures)")
            #expect(figures.first?["low"] == false)
            #expect(read["in_stock"]?[here] == .string(squares))
            #expect(await shop.hub.sync.statusJSON["stock_read_at"] != .null)

            // The shop sets a low-stock alert above the figure and sells two: the next sync (the hub's poll)
            // brings both, and the figure is flagged low.
            var object = try await shop.context.makeClient().retrieveCatalogObject(id: variation).object
            object["item_variation_data"]?["location_overrides"] = [
                [
                    "location_id": .string(here), "track_inventory": true, "inventory_alert_type": "LOW_QUANTITY",
                    "inventory_alert_threshold": .int(Int64(squares).map { $0 + 5 } ?? 100),
                ]
            ]
            _ = try await shop.context.makeClient().batchUpsertCatalogObjects(batches: [[object]])
            _ = try await shop.context.makeClient().batchCreateInventoryChanges(
                idempotencyKey: UUID().uuidString,
                changes: [
                    [
                        "type": "ADJUSTMENT",
                        "adjustment": [
                            "catalog_object_id": .string(variation), "location_id": .string(here),
                            "from_state": "IN_STOCK", "to_state": "SOLD", "quantity": "2",
                            "occurred_at": .string(Timestamp(seconds: shop.clock.now().seconds + 3590).rfc3339),
                        ],
                    ]
                ])
            await shop.hub.sync.request("test poll")
            await shop.hub.sync.waitUntilIdle()
            let after = try #require(try await lookup()["stock"]?.arrayValue?.first)
            let now = try #require(try await Self.square(shop, variation, at: here))
            #expect(Decimal(string: now) == (Decimal(string: squares) ?? 0) - 2)
            #expect(after["quantity"] == .string(now) && after["low"] == true, "\(after)")
            #expect(after["threshold"] == .int(Int64(squares).map { $0 + 5 } ?? 100))
        }
    }
}
