import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

@testable import Hub

/// The hub applies a staged price plan once its time has come (as it does every half minute, and at start
/// for one due while it was off), and never twice.
@Suite struct HubPlansTests {
    @Test func aDuePlanIsAppliedByTheHubOnce() async throws {
        try await HubShop.inMemory { shop in
            let file = shop.folder.appendingPathComponent("monday.csv")
            try Data("barcode,price\n00012345678905,3.21\n".utf8).write(to: file)
            let soon = Timestamp(seconds: shop.clock.now().seconds + 600).rfc3339
            let staged = try await StagedPrices(context: shop.context).stage(
                file: file.path, at: soon, name: "Monday", options: .init())
            let variation = try #require(try await shop.database.variations(gtins: ["00012345678905"]).first)
            func price() async throws -> JSONValue? {
                try await shop.context.makeClient().retrieveCatalogObject(id: variation.variationID).object[
                    "item_variation_data"]?["price_money"]?["amount"]
            }
            let before = try await price()
            await HubPlans.applyDue(shop.hub.services, atStart: true)
            #expect(try await price() == before, "not before its time")
            shop.clock.advance(by: .seconds(601))
            await HubPlans.applyDue(shop.hub.services, atStart: true)
            #expect(try await price() == 321)
            let applied = try #require(try await shop.database.stagedPlan(id: staged.plan.id ?? 0))
            #expect(applied.plan.status == .applied && applied.lines.map(\.status) == [.applied])
            await HubPlans.applyDue(shop.hub.services, atStart: false)
            let history = try await shop.database.history(objectIDs: [variation.variationID])
            #expect(history.filter { $0.action == .plan }.count == 1, "applied once")
        }
    }

    /// The back office's routes: the plans listed and shown to any device, cancelled only by a manager.
    @Test func plansAreListedToAnyDeviceAndCancelledByAManager() async throws {
        try await HubShop.inMemory { shop in
            let file = shop.folder.appendingPathComponent("later.csv")
            try Data("barcode,price\n00012345678905,3.21\n".utf8).write(to: file)
            let soon = Timestamp(seconds: shop.clock.now().seconds + 600).rfc3339
            _ = try await StagedPrices(context: shop.context).stage(
                file: file.path, at: soon, name: "Later", options: .init())
            let till = try await shop.pair("till", role: .counter)
            let listed = try await shop.request("GET", "/api/v1/plans", device: till)
            #expect(listed.json[0]?["name"] == "Later" && listed.json[0]?["lines"] == 1, "\(listed.text)")
            let shown = try await shop.request("GET", "/api/v1/plans/1", device: till)
            #expect(shown.json["prices"]?[0]?["new_price"]?["amount"] == 321, "\(shown.text)")
            let refused = try await shop.request("POST", "/api/v1/plans/1/cancel", device: till)
            #expect(refused.status == 403, "\(refused.text)")
            let manager = try await shop.pair("office")
            let cancelled = try await shop.request("POST", "/api/v1/plans/1/cancel", device: manager)
            #expect(cancelled.status == 200 && cancelled.json["status"] == "cancelled", "\(cancelled.text)")
            let again = try await shop.request("POST", "/api/v1/plans/1/cancel", device: manager)
            #expect(again.status == 422 && again.text.contains("cancelled already"), "\(again.text)")
            // What stays staged follows the demo shop's Spring Sale: its end, a plan a manager cannot cancel.
            let sales = try await shop.request("GET", "/api/v1/plans", device: till).json.arrayValue ?? []
            #expect(!sales.isEmpty && sales.allSatisfy { $0["kind"] == "sale_ends" }, "\(sales)")
            let sale = try #require(sales.first?["id"]?.int64Value)
            let kept = try await shop.request("POST", "/api/v1/plans/\(sale)/cancel", device: manager)
            #expect(kept.status == 422 && kept.text.contains("follows Square"), "\(kept.text)")
            #expect(
                try await shop.request("GET", "/api/v1/plans?all=1", device: till).json[0]?["status"] == "cancelled")
        }
    }
}
