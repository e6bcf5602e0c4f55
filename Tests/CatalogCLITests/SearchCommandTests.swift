import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@Suite struct SearchCommandTests {
    /// A shop with a few known items, synced into the CLI's database.
    static func syncedShop() async throws -> DemoShop {
        let shop = try await DemoShop.start(seed: .none)
        func variation(_ item: String, _ id: String, _ name: String, _ sku: String, _ upc: String?) -> JSONValue {
            var data: JSONValue = [
                "item_id": .string(item), "name": .string(name), "sku": .string(sku),
                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 1299, "currency": "USD"],
            ]
            if let upc { data["upc"] = .string(upc) }
            return ["type": "ITEM_VARIATION", "id": .string(id), "item_variation_data": data]
        }
        let objects: [JSONValue] = [
            ["type": "CATEGORY", "id": "#tools", "category_data": ["name": "Tools"]],
            [
                "type": "ITEM", "id": "#widget",
                "item_data": [
                    "name": "Blue Widget", "categories": [["id": "#tools"]], "reporting_category": ["id": "#tools"],
                    "variations": [
                        variation("#widget", "#w-s", "Small", "AC-WDG-0040", nil),
                        variation("#widget", "#w-l", "Large", "AC-WDG-0042", "036000291452"),
                    ],
                ],
            ],
            [
                "type": "ITEM", "id": "#brulee",
                "item_data": [
                    "name": "Crème Brûlée", "variations": [variation("#brulee", "#b", "Single", "CB-1", nil)],
                ],
            ],
        ]
        _ = try await shop.client.batchUpsertCatalogObjects(batches: [objects])
        let sync = try await shop.catalog("sync")
        #expect(sync.status == 0, "\(sync.all)")
        return shop
    }

    @Test func tableAndJSONOutput() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let table = try await shop.catalog("search", "blue", "wigdet", "large")
            #expect(table.status == 0, "\(table.all)")
            let lines = table.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("ITEM") == true)
            #expect(lines.count == 3)
            #expect(lines[1].contains("Blue Widget") && lines[1].contains("Large") && lines[1].contains("AC-WDG-0042"))
            #expect(lines[1].contains("036000291452") && lines[1].contains("Tools"))
            #expect(lines[2].contains("Small") && !lines[2].contains("Blue Widget"), "the item is named once")

            let json = try await shop.catalog("search", "036000291452", "--json")
            #expect(json.status == 0, "\(json.all)")
            let rows = try #require(
                try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue)
            #expect(rows.count == 2)
            let first = try #require(rows.first)
            #expect(
                Set(first.objectValue?.keys ?? []) == [
                    "item_id", "variation_id", "item_name", "variation_name", "sku", "gtin", "price", "category",
                    "location", "base_price", "available", "sold_out", "score", "sale", "price_shown", "shown",
                    "stock_here", "shelf",
                ])
            // The same choice as values, for a screen that writes money in its location's own way.
            #expect(first["shown"]?["state"] == "price" && first["shown"]?["price"]?["amount"] == 1299)
            // The price cell the table and the hub's page both show.
            #expect(first["price_shown"] == "12.99 USD")
            #expect(first["item_name"] == "Blue Widget")
            #expect(first["variation_name"] == "Large")
            #expect(first["sku"] == "AC-WDG-0042")
            #expect(first["gtin"] == "00036000291452")
            #expect(first["price"] == ["amount": 1299, "currency": "USD"])
            #expect(first["category"] == "Tools")
            #expect(first["score"]?.stringValue == nil && first["score"] != .null)
            #expect(rows[1]["gtin"] == .null)

            let accent = try await shop.catalog("search", "creme", "brulee", "--json")
            #expect(try JSONValue.parse(accent.stdout)[0]?["item_name"] == "Crème Brûlée")
            let limited = try await shop.catalog("search", "AC-WDG", "--limit", "1", "--json")
            #expect(try JSONValue.parse(limited.stdout).arrayValue?.count == 1)
        }
    }

    @Test func emptyQueriesAreUsageErrorsAndMissesExitOne() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            for arguments in [["search"], ["search", ""], ["search", "   "]] {
                let result = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == 64, "\(arguments): \(result.all)")
            }
            let miss = try await shop.catalog("search", "zzzzqqq")
            #expect(miss.status == 1)
            #expect(miss.stdout.isEmpty)
            #expect(miss.stderr.contains("zzzzqqq"))
            let missJSON = try await shop.catalog("search", "zzzzqqq", "--json")
            #expect(missJSON.status == 1)
            #expect(missJSON.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
            let absent = try await shop.catalog("search", "5901234123457")
            #expect(absent.status == 1 && absent.stderr.contains("barcode"))
        }
    }

    @Test func hostileInputsNeverCrash() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let inputs = [
                "\"", "blue AND widget", "NEAR(a b, 2)", "widget*", "^", "col:widget", "(", "'; DROP TABLE items; --",
                "%",
                "_", "\\", "🍺", "مرحبا", "\u{301}", String(repeating: "x", count: 10_000), "\u{1}\u{7f}", "\u{FFFD}",
            ]
            for input in inputs {
                let result = try await shop.catalog("search", "--", input)
                #expect(result.status == 0 || result.status == 1, "\(input.prefix(20)): \(result.all.prefix(300))")
                #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"))
            }
            let widget = try await shop.catalog("search", "blue", "widget")
            #expect(widget.status == 0 && widget.stdout.contains("AC-WDG-0042"), "the catalog is intact")
        }
    }

    @Test func synonymsAndReindex() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let none = try await shop.catalog("synonyms", "list")
            #expect(none.status == 0 && none.stdout.isEmpty)
            let add = try await shop.catalog("synonyms", "add", "LRG", "large")
            #expect(add.status == 0, "\(add.all)")
            #expect(add.stdout.contains("lrg: large"))
            let found = try await shop.catalog("search", "widget", "lrg", "--json")
            #expect(try JSONValue.parse(found.stdout)[0]?["variation_name"] == "Large")
            let list = try await shop.catalog("synonyms", "list", "--json")
            #expect(try JSONValue.parse(list.stdout) == ["lrg": ["large"]])
            let bad = try await shop.catalog("synonyms", "add", "two words", "x")
            #expect(bad.status == 64)
            let remove = try await shop.catalog("synonyms", "remove", "lrg")
            #expect(remove.status == 0)
            #expect(try await shop.catalog("synonyms", "remove", "lrg").status == 1)
            #expect(try JSONValue.parse(try await shop.catalog("synonyms", "list", "--json").stdout) == [:])

            let reindex = try await shop.catalog("reindex", "--json")
            #expect(reindex.status == 0, "\(reindex.all)")
            let summary = try JSONValue.parse(reindex.stdout)
            #expect(summary["items"] == .int(2))
            #expect((summary["vocabulary"]?.int64Value ?? 0) > 0)
            #expect(summary["elapsed_seconds"] != nil)
            #expect(try await shop.catalog("search", "brulee").status == 0)
        }
    }
}
