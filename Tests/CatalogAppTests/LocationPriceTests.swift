import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Labels
import Scanner
import Store
import Sync
import Testing

/// Each counter shows its own location's price and availability, by Square's rules, in every view: the
/// overrides and presence are written into the sandbox through Square's API and synced, as in a shop.
@Suite struct LocationPriceTests {
    /// The demo shop with: small at 14.99 at Market Hall (11.99 elsewhere is its own price, whatever it
    /// is), medium absent at Market Hall, large sold out at Market Hall.
    static func twoLocationShop() async throws -> (AppShop, market: CounterLocation, high: CounterLocation) {
        let shop = try await AppShop.start()
        let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
        let high = try #require(try await shop.context.location("High Street", in: shop.database))
        let square = try shop.square()
        func change(_ code: String, _ edit: (inout JSONValue) -> Void) async throws {
            let id = try #require(try await Lookup.lookUp(code, in: shop.database).first?.variationID)
            var object = try await square.retrieveCatalogObject(id: id).object
            edit(&object)
            _ = try await square.upsertCatalogObject(object)
        }
        try await change(DemoCodes.small) {
            $0["item_variation_data"]?["location_overrides"] = [
                [
                    "location_id": .string(market.id), "pricing_type": "FIXED_PRICING",
                    "price_money": ["amount": 1499, "currency": "GBP"],
                ]
            ]
        }
        try await change(DemoCodes.medium) {
            $0["present_at_all_locations"] = true
            $0["absent_at_location_ids"] = [.string(market.id)]
        }
        // Sold out is Square's to mark, never a client's: the sandbox's owner sets it.
        let large = try #require(try await Lookup.lookUp(DemoCodes.large, in: shop.database).first?.variationID)
        #expect(await shop.server.setSoldOut(variationID: large, locationID: market.id))
        _ = try await SyncWorkflow(context: shop.context).pull()
        return (shop, market, high)
    }

    static func scan(_ code: String) -> Scan {
        Scan(
            text: code, startedAt: EventTime(seconds: 0, microseconds: 0),
            endedAt: EventTime(seconds: 0, microseconds: 0))
    }

    static func one(_ code: String, _ shop: AppShop, at location: CounterLocation?) async throws -> VariationSummary {
        try #require(try await Lookup.lookUp(code, in: shop.database).first).at(location)
    }

    @Test func aLocationsOverrideAbsenceAndSoldOutDecideWhatItsCounterShows() async throws {
        let (shop, market, high) = try await Self.twoLocationShop()
        try await cleaningUp({ await shop.stop() }) {
            let base = try await Self.one(DemoCodes.small, shop, at: nil)
            let own = try #require(base.basePrice)
            #expect(own.amount != 1499)
            let there = try await Self.one(DemoCodes.small, shop, at: market)
            #expect(there.price == Money(amount: 1499, currency: "GBP") && there.basePrice == own)
            #expect(try await Self.one(DemoCodes.small, shop, at: high).price == own)
            #expect(base.price == own, "no location: the base price")
            let json = there.json
            #expect(json["price"]?["amount"] == .int(1499) && json["base_price"]?["amount"] == .int(own.amount))
            #expect(json["location"]?["name"] == "Market Hall" && json["available"] == .bool(true))

            let shopView = ShopLocations(all: [high, market], here: market)
            let elsewhere = shopView.elsewhere(there)
            #expect(elsewhere.map(\.place) == ["base", "High Street"] && elsewhere.allSatisfy { $0.price == own })
            #expect(
                ShopLocations(all: [high, market], here: high).elsewhere(base.at(high)).map(\.place) == [
                    "base", "Market Hall",
                ])

            let absent = try await Self.one(DemoCodes.medium, shop, at: market)
            #expect(!absent.isSold && ShopLocations.availability(absent) == "not sold at Market Hall")
            #expect(try await Self.one(DemoCodes.medium, shop, at: high).isSold)
            let soldOut = try await Self.one(DemoCodes.large, shop, at: market)
            #expect(soldOut.isSold && soldOut.isSoldOut)
            #expect(ShopLocations.availability(soldOut) == "sold out at Market Hall")
            #expect(!(try await Self.one(DemoCodes.large, shop, at: high).isSoldOut))
        }
    }

    @Test func searchPutsWhatIsNotSoldHereLastOrLeavesItOut() async throws {
        let (shop, market, high) = try await Self.twoLocationShop()
        try await cleaningUp({ await shop.stop() }) {
            let query = SearchQuery("cable ties")
            let everywhere = try await ShopLocations(all: [high, market], here: high).search(
                query, limit: 20, onlyHere: false, in: shop.database)
            let atMarket = try await ShopLocations(all: [high, market], here: market).search(
                query, limit: 20, onlyHere: false, in: shop.database)
            let medium = try await Self.one(DemoCodes.medium, shop, at: nil).variationID
            #expect(everywhere.hits.contains { $0.variation.variationID == medium })
            #expect(
                atMarket.hits.last?.variation.variationID == medium && atMarket.hits.last?.variation.isSold == false)
            #expect(atMarket.hits.dropLast().allSatisfy { $0.variation.isSold })
            #expect(
                Set(atMarket.hits.map(\.variation.variationID)) == Set(everywhere.hits.map(\.variation.variationID)))
            let small = try await Self.one(DemoCodes.small, shop, at: nil).variationID
            #expect(atMarket.hits.first { $0.variation.variationID == small }?.variation.price?.amount == 1499)
            let here = try await ShopLocations(all: [high, market], here: market).search(
                query, limit: 20, onlyHere: true, in: shop.database)
            #expect(!here.hits.isEmpty && !here.hits.contains { $0.variation.variationID == medium })
        }
    }

    @Test func theScanLineAndTheShelfTagCarryTheCountersPrice() async throws {
        let (shop, market, _) = try await Self.twoLocationShop()
        try await cleaningUp({ await shop.stop() }) {
            var session = CounterSession(mode: .lookup, database: shop.database, counter: "till")
            session.location = market
            let scanned = try await session.handle(Self.scan(DemoCodes.small))
            #expect(scanned.json["match"]?["price"]?["amount"] == .int(1499), "\(scanned.json)")
            #expect(scanned.text.contains("14.99"), "\(scanned.text)")
            let absent = try await session.handle(Self.scan(DemoCodes.medium))
            #expect(absent.json["match"]?["available"] == .bool(false))
            #expect(absent.text.contains("NOT SOLD AT MARKET HALL"), "\(absent.text)")

            let variations = try await LabelSelection(codes: [DemoCodes.small]).variations(
                in: shop.database, at: market)
            let labels = try await LabelRequest(template: "shelf-2x1").labelData(for: variations, context: shop.context)
            #expect(labels.map(\.price?.amount) == [1499] && labels.map(\.locationID) == [market.id])
        }
    }

    @Test func aTagIsStaleWhenItsOwnLocationsPriceChanges() async throws {
        let (shop, market, high) = try await Self.twoLocationShop()
        try await cleaningUp({ await shop.stop() }) {
            let small = try await Self.one(DemoCodes.small, shop, at: nil)
            func printed(_ location: CounterLocation) -> PrintRecord {
                let priced = small.at(location)
                return PrintRecord(
                    counter: "till", variationID: small.variationID, itemID: small.itemID, template: "shelf-2x1",
                    printer: nil, jobID: nil, status: .completed, price: priced.price, version: small.version,
                    locationID: location.id)
            }
            _ = try await shop.database.recordPrints([printed(market), printed(high)])
            #expect(try await shop.database.staleLabels().isEmpty)

            // Market Hall's price changes in Square; High Street's tag is still right.
            let square = try shop.square()
            var object = try await square.retrieveCatalogObject(id: small.variationID).object
            object["item_variation_data"]?["location_overrides"] = [
                [
                    "location_id": .string(market.id), "pricing_type": "FIXED_PRICING",
                    "price_money": ["amount": 1549, "currency": "GBP"],
                ]
            ]
            _ = try await square.upsertCatalogObject(object)
            _ = try await SyncWorkflow(context: shop.context).pull()
            let stale = try await shop.database.staleLabels()
            #expect(stale.map(\.printed.locationID) == [market.id])
            #expect(stale.first?.currentPrice?.amount == 1549)
            #expect(StaleTags.text(try #require(stale.first)).contains("at Market Hall"))
            let reprint = try await LabelSelection(stale: true).variations(in: shop.database, at: market)
            #expect(reprint.map(\.price?.amount) == [1549])
            await #expect(throws: AppError.self) {
                _ = try await LabelSelection(stale: true).variations(in: shop.database, at: high)
            }
        }
    }

    @Test func reorderRulesLeaveOutWhatIsNotSoldAtTheLocation() async throws {
        let (shop, market, high) = try await Self.twoLocationShop()
        try await cleaningUp({ await shop.stop() }) {
            let medium = try await Self.one(DemoCodes.medium, shop, at: nil).variationID
            let atHigh = try await shop.database.stockRules(locationID: high.id).map(\.variationID)
            let atMarket = try await shop.database.stockRules(locationID: market.id).map(\.variationID)
            #expect(atHigh.contains(medium))
            #expect(!atMarket.contains(medium))
        }
    }
}
