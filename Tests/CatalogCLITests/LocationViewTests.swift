import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Testing

/// What the binary prints at each of the demo shop's two locations once Square prices a variation
/// differently at Market Hall and does not sell another one there.
@Suite struct LocationViewTests {
    @Test func showSearchAndATagPrintEachLocationsPrice() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let places = try await shop.locations()
            let market = try #require(places["Market Hall"])
            let client = SquareClient(
                configuration: SquareClientConfiguration(
                    baseURL: try #require(shop.server?.baseURL), accessToken: ReorderShop.token))
            let small = try await shop.variationID(DemoCodes.small)
            var object = try await client.retrieveCatalogObject(id: small).object
            let own = try #require(object["item_variation_data"]?["price_money"]?["amount"]?.int64Value)
            object["item_variation_data"]?["location_overrides"] = [
                [
                    "location_id": .string(market), "pricing_type": "FIXED_PRICING",
                    "price_money": ["amount": 1499, "currency": "GBP"],
                ]
            ]
            _ = try await client.upsertCatalogObject(object)
            let medium = try await shop.variationID(DemoCodes.medium)
            var absent = try await client.retrieveCatalogObject(id: medium).object
            absent["absent_at_location_ids"] = [.string(market)]
            _ = try await client.upsertCatalogObject(absent)
            try await shop.ok("sync")
            let ownText = Money(amount: own, currency: "GBP").formatted

            let atMarket = try await shop.ok("show", DemoCodes.small, "--location", "market hall").stdout
            #expect(atMarket.contains("price     14.99 GBP at Market Hall"), "\(atMarket)")
            #expect(atMarket.contains("prices    base \(ownText); High Street \(ownText)"), "\(atMarket)")
            let atHigh = try await shop.catalog(
                "show", DemoCodes.small, environment: ["CATALOG_LOCATION": "High Street"])
            #expect(atHigh.stdout.contains("price     \(ownText) at High Street"), "\(atHigh.all)")
            #expect(atHigh.stdout.contains("Market Hall 14.99 GBP"), "\(atHigh.all)")
            let unset = try await shop.ok("show", DemoCodes.small).stdout
            #expect(unset.contains("\(ownText) (base price; no location set"), "\(unset)")
            let json = try JSONValue.parse(
                try await shop.ok("show", DemoCodes.small, "--json", "--location", "Market Hall").stdout)
            #expect(json["price"]?["amount"] == .int(1499) && json["base_price"]?["amount"] == .int(own))
            #expect(json["location"]?["id"] == .string(market) && json["available"] == .bool(true))
            let notHere = try await shop.ok("show", DemoCodes.medium, "--location", "Market Hall").stdout
            #expect(notHere.contains("status    not sold at Market Hall"), "\(notHere)")

            let table = try await shop.ok("search", "cable", "ties", "--location", "Market Hall").stdout
            let rows = table.split(separator: "\n").map(String.init)
            #expect(rows.last?.contains("not sold here") == true, "\(table)")
            #expect(rows.contains { $0.contains("14.99 GBP") }, "\(table)")
            let here = try await shop.ok("search", "cable", "ties", "--location", "Market Hall", "--here", "--json")
            let hits = try #require(try JSONValue.parse(here.stdout).arrayValue)
            #expect(!hits.isEmpty && hits.allSatisfy { $0["available"] == .bool(true) })
            #expect(!hits.contains { $0["variation_id"] == .string(medium) })
            let noPlace = try await shop.catalog("search", "cable", "--here")
            #expect(noPlace.status == 64 && noPlace.stderr.contains("--location"), "\(noPlace.all)")

            let pdf = shop.folder.appendingPathComponent("market.pdf").path
            try await shop.ok("label", "render", DemoCodes.small, "--location", "Market Hall", "--output", pdf)
            let extracted = try await CLI.run([pdf, "-"], folder: shop.folder, binary: "/usr/bin/pdftotext")
            #expect(extracted.status == 0, "\(extracted.all)")
            let text = extracted.stdout
            #expect(text.contains("14.99"), "\(text)")
            #expect(!text.contains(ownText.split(separator: " ").first.map(String.init) ?? "-"), "\(text)")
        }
    }

    @Test func editChangesOneLocationsPriceAndSaysWhere() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let edited = try await shop.ok("edit", DemoCodes.small, "--price", "4.99", "--location", "Market Hall")
            #expect(edited.stdout.contains("price at Market Hall"), "\(edited.all)")
            #expect(edited.stdout.contains("4.99 GBP"), "\(edited.all)")
            let shown = try await shop.ok("show", DemoCodes.small, "--location", "Market Hall").stdout
            #expect(shown.contains("price     4.99 GBP at Market Hall"), "\(shown)")
            let history = try await shop.jsonLines("history", "--json")
            #expect(history.first?["location_id"] == .string(try #require(try await shop.locations()["Market Hall"])))
            let text = try await shop.ok("history").stdout
            #expect(text.contains("price at"), "\(text)")

            for arguments in [
                ["edit", DemoCodes.small, "--available", "maybe", "--location", "Market Hall"],
                ["edit", DemoCodes.small, "--location", "Market Hall", "--name", "Ties"],
                ["edit", DemoCodes.small, "--price", "base"],
            ] {
                let refused = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(refused.status == 64, "\(arguments): \(refused.all)")
            }
        }
    }
}
