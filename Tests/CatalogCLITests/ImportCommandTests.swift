import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

@Suite struct ImportCommandTests {
    /// Two priced variations with a barcode of the demo shop, after a sync.
    static func targets(_ shop: DemoShop) async throws -> [VariationSummary] {
        let synced = try await shop.catalog("sync")
        #expect(synced.status == 0, "\(synced.all)")
        let all = try await CatalogDatabase(path: shop.database).activeVariations()
        return Array(all.filter { $0.price != nil && $0.upc != nil }.prefix(2))
    }

    @Test func dryRunApplyReportAndRerun() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let v = try await Self.targets(shop)
            try #require(v.count == 2)
            let new = v.map { Money(amount: $0.price!.amount + 50, currency: $0.price!.currency) }
            let file = shop.folder.appendingPathComponent("supplier.csv")
            let lines = [
                "Barcode;Name;Preis",
                "\(v[0].upc!);\"a; b\";\(new[0].decimalString.replacingOccurrences(of: ".", with: ","))",
                "NOT-A-CODE;x;1,00",
                "\(v[1].upc!);y;\(new[1].decimalString)",
            ]
            try Data(lines.joined(separator: "\r\n").utf8).write(to: file)

            let dry = try await shop.catalog("import", "prices", file.path)
            #expect(dry.status == 65, "\(dry.all)")
            #expect(dry.stdout.contains("Would change:"))
            #expect(dry.stdout.contains("\(v[0].price!.formatted) → \(new[0].formatted)"))
            #expect(dry.stdout.contains("line 3: NOT-A-CODE"))
            #expect(dry.stdout.contains("--apply"))
            let unchangedOnServer = try await shop.client.retrieveCatalogObject(id: v[0].variationID).object
            #expect(Money(json: unchangedOnServer["item_variation_data"]!["price_money"]!) == v[0].price)

            // A report over the supplier's file (or the database) is refused before anything is applied.
            let supplierBytes = try Data(contentsOf: file)
            for target in [file.path, shop.database] {
                let over = try await shop.catalog("import", "prices", file.path, "--apply", "--report", target)
                #expect(over.status == 64, "\(over.all)")
                #expect(over.stderr.contains("--report \(target) is the"), "\(over.all)")
            }
            #expect(try Data(contentsOf: file) == supplierBytes)
            let stillUnchanged = try await shop.client.retrieveCatalogObject(id: v[0].variationID).object
            #expect(Money(json: stillUnchanged["item_variation_data"]!["price_money"]!) == v[0].price)

            let report = shop.folder.appendingPathComponent("result.csv")
            let applied = try await shop.catalog("import", "prices", file.path, "--apply", "--report", report.path)
            #expect(applied.status == 65, "\(applied.all)")
            #expect(applied.stdout.contains("2 updated, 1 unknown"))
            let rows = try CSVReader.read([UInt8](try Data(contentsOf: report))).rows
            #expect(rows[0].fields.first == "line")
            #expect(rows.dropFirst().map { $0[field: 8] } == ["updated", "unknown", "updated"])
            for (variation, price) in zip(v, new) {
                let object = try await shop.client.retrieveCatalogObject(id: variation.variationID).object
                #expect(Money(json: object["item_variation_data"]!["price_money"]!) == price)
            }

            let json = try await shop.catalog(
                "import", "prices", file.path, "--apply", "--json", "--code-column", "1", "--price-column", "Preis")
            #expect(json.status == 65)
            let statuses = try json.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["status"] }
            #expect(statuses == ["unchanged", "unknown", "unchanged"])
        }
    }

    @Test func fileWithoutAPriceColumnExits65NamingTheHeaders() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let file = shop.folder.appendingPathComponent("names.csv")
            try Data("sku,name\nA-1,Pen\n".utf8).write(to: file)
            let result = try await shop.catalog("import", "prices", file.path)
            #expect(result.status == 65)
            #expect(result.stderr.contains("“sku”, “name”"))
            let missing = try await shop.catalog(
                "import", "prices", shop.folder.appendingPathComponent("nope.csv").path)
            #expect(missing.status == 66, "a missing input file is EX_NOINPUT, as for scan --events")
        }
    }
}
