import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Store
import Sync
import Testing

/// Shelf places: kept in Square as a custom attribute of the variation, one definition per location, made
/// once; every counter that syncs sees them; a location's shelves are walked in order.
@Suite struct ShelfPlaceTests {
    static func definitions(_ shop: AppShop) async throws -> [JSONValue] {
        var found: [JSONValue] = []
        for try await page in try shop.square().listAllCatalog(types: ["CUSTOM_ATTRIBUTE_DEFINITION"]) {
            found += page.objects
        }
        return found
    }

    @Test func aShelfPlaceIsKeptInSquareUnderItsLocationsOwnDefinitionAndWalkedInOrder() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let workflow = try EditWorkflow(context: shop.context)
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let before = try await shop.variation(small.variationID)

            let set = try await workflow.edit(DemoCodes.small, EditRequest(location: "High Street", shelf: "  A3-2 "))
            #expect(set.result.status == .applied)
            var held = try await shop.variation(small.variationID)
            #expect(held["custom_attribute_values"]?["shelf-\(high.id)"]?["string_value"] == "A3-2")
            #expect(held["item_variation_data"] == before["item_variation_data"], "nothing else changed")
            var definitions = try await Self.definitions(shop)
            #expect(definitions.count == 1)
            let data = definitions.first?["custom_attribute_definition_data"]
            #expect(data?["key"]?.stringValue == "shelf-\(high.id)" && data?["name"] == "Shelf at High Street")
            #expect(data?["type"] == "STRING" && data?["allowed_object_types"] == ["ITEM_VARIATION"])

            _ = try await workflow.edit(DemoCodes.medium, EditRequest(location: "High Street", shelf: "A10-1"))
            _ = try await workflow.edit(DemoCodes.large, EditRequest(location: high.id, shelf: "a2"))
            _ = try await workflow.edit(DemoCodes.small, EditRequest(location: "Market Hall", shelf: "B1"))
            definitions = try await Self.definitions(shop)
            #expect(definitions.count == 2, "one more, for Market Hall; High Street's is made once")
            held = try await shop.variation(small.variationID)
            #expect(held["custom_attribute_values"]?["shelf-\(high.id)"]?["string_value"] == "A3-2")
            #expect(held["custom_attribute_values"]?["shelf-\(market.id)"]?["string_value"] == "B1")

            // Numbers by value, letters without regard to case: a2, A3-2, A10-1.
            let walk = try await ShelfWalk.load(prefix: nil, location: "High Street", context: shop.context)
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let large = try #require(try await Lookup.lookUp(DemoCodes.large, in: shop.database).first)
            #expect(walk.variations.map(\.variationID) == [large.variationID, small.variationID, medium.variationID])
            #expect(walk.variations.map(\.shelf) == ["a2", "A3-2", "A10-1"])
            let aisle = try await ShelfWalk.load(prefix: "A1", location: "High Street", context: shop.context)
            #expect(aisle.variations.map(\.shelf) == ["A10-1"])
            #expect(walk.json["variations"]?[0]?["shelf"] == "a2")

            // Another counter that syncs from nothing sees every place.
            let other = try CatalogDatabase(path: shop.folder.appendingPathComponent("other.sqlite").path)
            _ = try await SyncEngine(database: other, client: try shop.square()).run(full: true)
            let seen = try #require(try await Lookup.lookUp(DemoCodes.small, in: other).first)
            #expect(seen.shelves.places == [high.id: "A3-2", market.id: "B1"])
            #expect(seen.at(market).shelf == "B1")

            // The history names the field at its location; an empty place removes it there only.
            let history = try await shop.database.history(objectIDs: [small.variationID])
            #expect(history.contains { $0.field == "shelf@\(high.id)" && $0.newValue == "A3-2" })
            _ = try await workflow.edit(DemoCodes.small, EditRequest(location: "High Street", shelf: ""))
            held = try await shop.variation(small.variationID)
            #expect(held["custom_attribute_values"]?["shelf-\(high.id)"] == nil)
            #expect(held["custom_attribute_values"]?["shelf-\(market.id)"]?["string_value"] == "B1")
            let local = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            #expect(local.shelves.places == [market.id: "B1"])
        }
    }

    @Test func aPlaceTooLongWithAControlCharacterOrWithoutALocationIsRefusedBeforeAnythingIsSent() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let workflow = try EditWorkflow(context: shop.context)
            let long = String(repeating: "x", count: 41)
            for (place, location, words) in [
                (long, "High Street", "has 41 characters; keep it to 40"),
                ("A3\u{7}", "High Street", "control character"),
                ("A3-2", nil, "location"),
            ] {
                do {
                    _ = try await workflow.edit(DemoCodes.small, EditRequest(location: location, shelf: place))
                    Issue.record("\(place) at \(location ?? "no location") was taken")
                } catch let error as any UserFacingError {
                    #expect(error.exitStatus != .tryLater && error.description.contains(words), "\(error)")
                }
            }
            #expect(try await Self.definitions(shop).isEmpty, "nothing was sent")
        }
    }

    @Test func placesAreTidiedAndWalkedByNumberValue() throws {
        #expect(try ShelfPlace.tidied("  Aisle   4 / Top ") == "Aisle 4 / Top")
        #expect(try ShelfPlace.tidied("   ") == nil)
        let places = ["B1", "a10", "A2", "A02-1", "A2-10", "A2-9", "10", "9"]
        #expect(
            places.sorted { ShelfPlace.sortKey($0) < ShelfPlace.sortKey($1) }
                == ["9", "10", "A2", "A02-1", "A2-9", "A2-10", "a10", "B1"])
        #expect(ShelfPlace.aisle(of: "A3-2") == "A3" && ShelfPlace.aisle(of: "Aisle 4/Top") == "Aisle")
        #expect(ShelfPlace.location(ofKey: "shelf-L1") == "L1" && ShelfPlace.location(ofKey: "app:shelf-L1") == nil)
    }
}

/// Shelf mode at a counter: a shelf's label, then its items; each item's place set in Square.
@Suite struct ShelfModeTests {
    @Test func aShelfsLabelThenItsItemsPutsEachOnThatShelf() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            var (session, off) = try await CounterSession.start(
                counter: "till", context: shop.context, location: "Market Hall", labels: nil, printer: nil)
            #expect(off.isEmpty && session.switchMode(to: .shelf) == nil)
            func scan(_ text: String) async throws -> ScanOutcome {
                try await session.handle(
                    Scan(
                        text: text, symbology: nil, startedAt: EventTime(microseconds: 0),
                        endedAt: EventTime(microseconds: 0)))
            }
            let early = try await scan(DemoCodes.small)
            #expect(early.failed && early.result?.headline == "Which shelf?", "\(early.action)")
            let label = try await scan("CATALOG:SHELF:B2-1")
            #expect(!label.failed && label.action == "shelf B2-1" && session.shelfPlace == "B2-1")
            for code in [DemoCodes.small, DemoCodes.medium] {
                let put = try await scan(code)
                #expect(!put.failed && put.result?.kind == .shelved, "\(put.action)")
            }
            let market = try #require(try await shop.context.location("Market Hall", in: shop.database))
            let walk = try await ShelfWalk.load(prefix: nil, location: market.id, context: shop.context)
            #expect(walk.variations.map(\.shelf) == ["B2-1", "B2-1"])
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let held = try await shop.variation(small.variationID)
            #expect(held["custom_attribute_values"]?["shelf-\(market.id)"]?["string_value"] == "B2-1")
            // A mode barcode does not forget the shelf; a new shelf's label replaces it.
            _ = try await scan("CATALOG:MODE:LOOKUP")
            _ = try await scan("CATALOG:SHELF:B3")
            #expect(session.shelfPlace == "B3" && session.mode == .lookup)
        }
    }
}
