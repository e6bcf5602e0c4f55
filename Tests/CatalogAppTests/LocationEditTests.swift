import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Sync
import Testing

/// Changing one location's price or availability: the override is written through fetch-before-update,
/// everything else on the variation survives, and the history says which location.
@Suite struct LocationEditTests {
    static func gbp(_ pence: Int64) -> JSONValue { ["amount": .int(pence), "currency": "GBP"] }

    static func override(_ object: JSONValue, _ location: String) -> JSONValue? {
        object["item_variation_data"]?["location_overrides"]?.arrayValue?.first {
            $0["location_id"]?.stringValue == location
        }
    }

    @Test func aLocationsPriceIsItsOverrideAndBaseTakesItAwayKeepingItsOtherMembers() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let own = try #require(small.basePrice)
            // Square already tracks stock separately at Market Hall: that member must survive every edit.
            let square = try shop.square()
            var object = try await shop.variation(small.variationID)
            object["item_variation_data"]?["location_overrides"] = [
                ["location_id": .string(market.id), "track_inventory": true]
            ]
            _ = try await square.upsertCatalogObject(object)
            _ = try await SyncWorkflow(context: shop.context).pull()

            let workflow = try EditWorkflow(context: shop.context)
            let priced = try await workflow.edit(DemoCodes.small, EditRequest(price: "4.99", location: "market hall"))
            #expect(priced.result.status == .applied && priced.location == market)
            var held = try await shop.variation(small.variationID)
            #expect(Self.override(held, market.id)?["price_money"] == Self.gbp(499))
            #expect(Self.override(held, market.id)?["pricing_type"] == "FIXED_PRICING")
            #expect(Self.override(held, market.id)?["track_inventory"] == .bool(true))
            #expect(held["item_variation_data"]?["price_money"] == own.json, "the base price is left alone")
            let local = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            #expect(local.at(market).price?.amount == 499 && local.price == own)
            let history = try await shop.database.history()
            #expect(history.map(\.field) == ["price@\(market.id)"])
            #expect(history.first?.json["location_id"] == .string(market.id))
            #expect(history.first?.newValue == Self.gbp(499))

            let variable = try await workflow.edit(
                DemoCodes.small, EditRequest(price: "variable", location: market.id))
            #expect(variable.result.status == .applied)
            held = try await shop.variation(small.variationID)
            #expect(Self.override(held, market.id)?["pricing_type"] == "VARIABLE_PRICING")
            #expect(Self.override(held, market.id)?["price_money"] == nil)

            let base = try await workflow.edit(DemoCodes.small, EditRequest(price: "base", location: "Market Hall"))
            #expect(base.result.status == .applied)
            held = try await shop.variation(small.variationID)
            #expect(Self.override(held, market.id) == ["location_id": .string(market.id), "track_inventory": true])
            let back = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            #expect(back.at(market).price == own)

            await #expect(throws: AppError.self) {
                _ = try await workflow.edit(DemoCodes.small, EditRequest(price: "base"))
            }
            await #expect(throws: AppError.self) {
                _ = try await workflow.edit(DemoCodes.small, EditRequest(price: "1.00", location: "Nowhere Street"))
            }
        }
    }

    @Test func anotherWritersBasePriceChangeBetweenFetchAndUpsertSurvives() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let square = try shop.square()
            var editor = Editor(database: shop.database, client: square, counter: "till")
            editor.afterFetch = { attempt in
                guard attempt == 1 else { return }
                // Someone changes the base price in Square's dashboard while this edit is between its
                // fetch and its upsert.
                guard var object = try? await square.retrieveCatalogObject(id: small.variationID).object else { return }
                object["item_variation_data"]?["price_money"] = Self.gbp(1234)
                _ = try? await square.upsertCatalogObject(object)
            }
            let result = try await editor.edit(
                variationID: small.variationID, itemID: small.itemID, label: small.label,
                edits: [FieldEdit(.price(at: market.id), Self.gbp(777))])
            #expect(result.status == .applied && result.attempts == 2)
            let held = try await shop.variation(small.variationID)
            #expect(held["item_variation_data"]?["price_money"] == Self.gbp(1234))
            #expect(Self.override(held, market.id)?["price_money"] == Self.gbp(777))
        }
    }

    @Test func availabilityIsSetPerLocationAndAnEditWaitingOfflineIsSentOnce() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            shop.clock.advanceSleeps(shorterThan: .seconds(30))
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let workflow = try EditWorkflow(context: shop.context)

            let off = try await workflow.edit(DemoCodes.medium, EditRequest(location: "Market Hall", available: false))
            #expect(off.result.status == .applied)
            var held = try await shop.variation(medium.variationID)
            #expect(held["absent_at_location_ids"] == [.string(market.id)])
            var local = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            #expect(!local.at(market).isSold && local.at(high).isSold)
            await #expect(throws: AppError.self) {
                _ = try await workflow.edit(DemoCodes.medium, EditRequest(available: true))
            }

            // Square cannot be reached: both the availability and a price there wait, then go once.
            await shop.server.setFaults(SandboxFaults(foreignAnswerEvery: 1))
            let queued = try await workflow.edit(
                DemoCodes.medium, EditRequest(price: "3.33", location: "Market Hall", available: true))
            #expect(queued.queued)
            await shop.server.setFaults(SandboxFaults())
            let sent = try #require(try await SyncWorkflow(context: shop.context).sendOutbox())
            #expect(sent.applied == 1, "\(sent)")
            #expect(try await SyncWorkflow(context: shop.context).sendOutbox() == nil)
            held = try await shop.variation(medium.variationID)
            #expect(held["absent_at_location_ids"] == nil || held["absent_at_location_ids"] == [])
            #expect(Self.override(held, market.id)?["price_money"] == Self.gbp(333))
            _ = try await SyncWorkflow(context: shop.context).pull()
            local = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            #expect(local.at(market).isSold && local.at(market).price?.amount == 333)
            let fields = try await shop.database.history().map(\.field)
            #expect(fields.filter { $0 == "available@\(market.id)" }.count == 2, "\(fields)")
            #expect(fields.filter { $0 == "price@\(market.id)" }.count == 1, "\(fields)")
        }
    }

    @Test func aPriceFileSetsOneLocationsPricesOrSaysWhereANewBasePriceDoesNotShow() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let importing = try PriceImportWorkflow(context: shop.context)
            let file = shop.folder.appendingPathComponent("market.csv")
            try "barcode,price\n\(DemoCodes.small),6.10\n\(DemoCodes.medium),6.20\n".write(
                to: file, atomically: true, encoding: .utf8)

            let plan = try await importing.plan(file: file.path, options: PriceImportOptions(location: market))
            #expect(plan.changes.count == 2 && plan.field == .price(at: market.id))
            let result = try await importing.apply(plan, source: file.path)
            #expect(result.counts[.updated] == 2, "\(result.rows)")
            let held = try await shop.variation(small.variationID)
            #expect(Self.override(held, market.id)?["price_money"] == Self.gbp(610))
            #expect(held["item_variation_data"]?["price_money"] == small.basePrice?.json)
            let history = try await shop.database.history()
            #expect(
                history.count == 2 && history.allSatisfy { $0.field == "price@\(market.id)" && $0.action == .import })

            // Again: nothing changes twice.
            let again = try await importing.plan(file: file.path, options: PriceImportOptions(location: market))
            #expect(again.changes.isEmpty && again.counts[.unchanged] == 2)

            // A new base price for both: the dry run says Market Hall keeps its own.
            let base = shop.folder.appendingPathComponent("base.csv")
            try "barcode,price\n\(DemoCodes.small),7.10\n".write(to: base, atomically: true, encoding: .utf8)
            _ = try await SyncWorkflow(context: shop.context).pull()
            let basePlan = try await importing.plan(file: base.path, options: PriceImportOptions())
            #expect(
                basePlan.changes.first?.message.contains("does not show at Market Hall") == true, "\(basePlan.rows)")
        }
    }
}
