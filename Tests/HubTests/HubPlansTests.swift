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
}
