import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Sandbox

/// Square's `inventory.count.updated` at the hub's `POST /webhooks/square`: the stock the counter and
/// `catalog show` give changes at once, open pages hear a `stock` event, and what should change nothing does not.
@Suite struct HubStockWebhookTests {
    static let url = "https://shop.example/webhooks/square"
    static let key = "hub-stock-signature-key"
    static let widget = "0012345678905"

    /// An `inventory.count.updated` event as the sandbox posts it: the IN_STOCK count and a SOLD count.
    static func event(
        id: String, variation: String, location: String, quantity: String, calculatedAt: String
    ) -> [UInt8] {
        let at = SandboxTime.parse(calculatedAt) ?? 0
        let counts = [("IN_STOCK", quantity), ("SOLD", "2")].map { state, quantity in
            CatalogState.count(
                variationId: variation, locationId: location, state: state, quantity: quantity, calculatedAt: at)
        }
        return WebhookSender.inventoryEvent(counts: counts, eventID: id, now: Date())
    }

    static func deliver(_ shop: HubShop, _ body: [UInt8], key: String = key) async throws -> HubShop.Answer {
        try await shop.send(
            "POST", "/webhooks/square",
            headers: [
                "Content-Type": "application/json",
                WebhookSender.signatureHeader: WebhookSender.signature(body: body, url: url, key: key),
            ], body: body)
    }

    /// The widget's IN_STOCK figure at `location` as the hub's lookup answers it.
    static func shown(_ shop: HubShop, _ device: HubShop.Device, at location: String) async throws -> String? {
        let answer = try await shop.request("GET", "/api/v1/variations/\(widget)", device: device)
        return answer.json[0]?["in_stock"]?[location]?.stringValue
    }

    @Test func inventoryEventsChangeTheStockShownAndTellOpenPages() async throws {
        let shop = try await HubShop.start(webhook: (Self.url, Self.key))
        try await cleaningUp({ await shop.stop() }) {
            let device = try await shop.pair()
            let found = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device)
            let variation = try #require(found.json[0]?["variation_id"]?.stringValue)
            let location = try #require(found.json[0]?["location"]?["id"]?.stringValue)
            #expect(try await Self.shown(shop, device, at: location) != "41")
            let reader = EventReader(
                url: URL(string: try shop.baseURL.absoluteString + "/api/v1/events")!, token: device.token)
            defer { reader.stop() }
            try await reader.waitUntilConnected()

            // Later than anything the sandbox stamped, so the figure is the newest the hub has seen.
            let fresh = Self.event(
                id: "hub-1", variation: variation, location: location, quantity: "41",
                calculatedAt: "2030-01-01T10:00:00.25Z")
            let accepted = try await Self.deliver(shop, fresh)
            #expect(accepted.status == 200 && accepted.json["status"] == "accepted")
            #expect(try await Self.shown(shop, device, at: location) == "41")
            let printed = try await shop.catalog("show", Self.widget, "--location", "High Street", "--json")
            #expect(try HubShop.lines(printed)[0]?["in_stock"]?[location] == "41")
            let stock = try #require(try await reader.events(count: 1).first { $0.name == "stock" })
            #expect(
                stock.data["counts"]
                    == [
                        [
                            "variation_id": .string(variation), "location_id": .string(location), "quantity": "41",
                            "calculated_at": .string(SandboxTime.format(SandboxTime.parse("2030-01-01T10:00:00.25Z")!)),
                        ]
                    ])

            // Older than the stored figure (a delivery Square retried late): accepted, nothing changes.
            let stale = Self.event(
                id: "hub-2", variation: variation, location: location, quantity: "7",
                calculatedAt: "2030-01-01T10:00:00Z")
            #expect(try await Self.deliver(shop, stale).status == 200)
            // The same event id again, with another figure: a duplicate.
            let replay = Self.event(
                id: "hub-1", variation: variation, location: location, quantity: "9",
                calculatedAt: "2030-01-01T11:00:00Z")
            #expect(try await Self.deliver(shop, replay).json["status"] == "duplicate")
            // Signed with another key: refused.
            let forged = Self.event(
                id: "hub-3", variation: variation, location: location, quantity: "3",
                calculatedAt: "2030-01-01T12:00:00Z")
            #expect(try await Self.deliver(shop, forged, key: "not-the-key").status == 401)
            #expect(try await Self.shown(shop, device, at: location) == "41")
            #expect(try await shop.database.stockCounts(variationID: variation)[location] == "41")
            await shop.hub.sync.waitUntilIdle()
        }
    }
}
