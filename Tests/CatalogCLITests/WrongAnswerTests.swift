import CatalogCore
import CatalogTestSupport
import Foundation
import SquareAPI
import Testing

/// Inputs that used to be read as something else: a price in another currency, an item id standing for
/// one of its variations.
@Suite struct WrongAnswerTests {
    /// Square's own copy of a variation's price, in minor units.
    static func squarePrice(_ shop: ReorderShop, _ variationID: String) async throws -> Int64? {
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: shop.baseURL, accessToken: ReorderShop.token))
        let object = try await client.retrieveCatalogObject(id: variationID).object
        return object["item_variation_data"]?["price_money"]?["amount"]?.int64Value
    }

    @Test func aPriceInAnotherCurrencyIsRefusedEverywhere() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let variationID = try await shop.variationID(DemoCodes.small)
            let before = try await Self.squarePrice(shop, variationID)

            for typed in ["¥400", "€4.99", "$4.98", "4,97 €", "4.99 EUR"] {
                let edited = try await shop.catalog("edit", DemoCodes.small, "--price", typed)
                #expect(edited.status == 65, "\(typed): \(edited.all)")
                #expect(edited.stderr.contains("GBP"), "\(typed): \(edited.all)")
            }
            #expect(try await Self.squarePrice(shop, variationID) == before)

            let csv = shop.folder.appendingPathComponent("prices.csv")
            try "barcode,price\n\(DemoCodes.small),¥400\n\(DemoCodes.medium),€4.99\n"
                .write(to: csv, atomically: true, encoding: .utf8)
            let imported = try await shop.catalog("import", "prices", csv.path, "--apply", "--json")
            let rows = imported.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
                .filter { $0["line"] != nil }
            #expect(rows.count == 2, "\(imported.all)")
            #expect(rows.allSatisfy { $0["status"] == "error" }, "\(rows)")
            #expect(try await Self.squarePrice(shop, variationID) == before)

            let unknown = try await shop.catalog(
                "item", "create", "--name", "Odd Tea", "--price", "1", "--currency", "XYZ")
            #expect(unknown.status == 64, "\(unknown.all)")
            #expect(unknown.stderr.contains("XYZ"))
            let foreign = try await shop.catalog(
                "item", "create", "--name", "Euro Tea", "--price", "1", "--currency", "EUR")
            #expect(foreign.status == 0, "\(foreign.all)")
            #expect(foreign.stderr.contains("GBP"), "\(foreign.all)")
        }
    }

    @Test func anItemIdNamesEveryVariationAndAPriceEditOfItIsRefused() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let shown = try JSONValue.parse(
                try await shop.ok("show", DemoCodes.small, "--json").stdout.split(separator: "\n").first.map(
                    String.init)
                    ?? "")
            let itemID = try #require(shown["item_id"]?.stringValue)
            let sizes = try await shop.ok("show", itemID, "--json").stdout.split(separator: "\n")
            #expect(sizes.count == 3)
            let firstID = try await shop.variationID(DemoCodes.small)
            let before = try await Self.squarePrice(shop, firstID)

            let priced = try await shop.catalog("edit", itemID, "--price", "1.85")
            #expect(priced.status == 65, "\(priced.all)")
            #expect(priced.stderr.contains("matches 3 variations"), "\(priced.all)")
            #expect(try await Self.squarePrice(shop, firstID) == before)
            #expect(try await shop.jsonLines("history", "--json").isEmpty)

            // An item field belongs to the item, whichever code names it.
            let renamed = try await shop.catalog("edit", itemID, "--name", "Cable Ties, nylon")
            #expect(renamed.status == 0, "\(renamed.all)")

            let csv = shop.folder.appendingPathComponent("prices.csv")
            try "id,price\n\(itemID),1.85\n".write(to: csv, atomically: true, encoding: .utf8)
            let imported = try await shop.catalog("import", "prices", csv.path, "--apply", "--json")
            #expect(!imported.all.contains("\"updated\""), "\(imported.all)")
            #expect(try await Self.squarePrice(shop, firstID) == before)
        }
    }

    @Test func textsLongerThanSquareTakesAreRefusedBeforeAnythingIsSent() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let requests = {
                shop.log.requests(to: "/v2/catalog/object").count
                    + shop.log.requests(to: "/v2/catalog/batch-upsert").count
            }
            let before = requests()
            let cases: [([String], String)] = [
                (["edit", DemoCodes.small, "--name", String(repeating: "n", count: 100_000)], "at most 512"),
                (["edit", DemoCodes.small, "--name", String(repeating: "n", count: 513)], "513 characters"),
                (["edit", DemoCodes.small, "--description", String(repeating: "d", count: 4097)], "at most 4096"),
                (
                    ["edit", DemoCodes.small, "--sku", String(repeating: "S", count: 256), "--allow-duplicate"],
                    "at most 255"
                ),
                (
                    ["item", "create", "--name", "Tea", "--price", "1", "--sku", String(repeating: "S", count: 300)],
                    "at most 255"
                ),
            ]
            for (arguments, reason) in cases {
                let result = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == 65, "\(arguments.prefix(2)): \(result.stderr.prefix(300))")
                #expect(result.stderr.contains(reason), "\(result.stderr.prefix(300))")
                #expect(result.stderr.count < 1000, "the message echoes the whole text")
            }
            #expect(requests() == before, "nothing was sent to Square")
            #expect(try await shop.jsonLines("history", "--json").isEmpty)
            // The longest name Square takes is sent.
            let longest = try await shop.catalog("edit", DemoCodes.small, "--name", String(repeating: "n", count: 512))
            #expect(longest.status == 0, "\(longest.stderr.prefix(300))")
        }
    }
}
