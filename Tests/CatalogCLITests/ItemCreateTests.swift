import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

@Suite struct ItemCreateTests {
    /// A valid UPC-A no demo variation has.
    static func upc(_ serial: Int) -> String {
        let body = "0" + "7771" + String(format: "%06d", serial)
        return body + String(Barcode.gs1CheckDigit(body.map { Int(String($0))! }))
    }

    static func parse(_ result: CLIResult) throws -> JSONValue {
        try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func fromScanUsesTheNewestUnknownCodeAsBarcodeOrSKU() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let database = try CatalogDatabase(path: shop.database)
            let known = try #require(try await database.activeVariations().first { $0.upc != nil })
            let skuScan = try await database.recordScan(ScanRecord(code: "SHELF-TAG-77"))
            try await database.recordScan(ScanRecord(code: Self.upc(1), gtin: "00" + Self.upc(1)))
            let knownScan = try await database.recordScan(
                ScanRecord(code: known.upc!, gtin: known.gtin, variationID: known.variationID))

            let last = try await shop.catalog(
                "item", "create", "--name", "Scanned Jam", "--price", "3.20", "--from-scan", "LAST", "--json")
            #expect(last.status == 0, "\(last.all)")
            let created = try Self.parse(last)
            #expect(created["status"] == "created")
            #expect(created["variations"]?[0]?["gtin"] == .string(Self.upc(1)))
            #expect(last.stderr.contains("barcode"))
            let id = try #require(created["variations"]?[0]?["id"]?.stringValue)
            let server = try await shop.client.retrieveCatalogObject(id: id).object
            #expect(server["item_variation_data"]?["upc"] == .string(Self.upc(1)))
            #expect(server["item_variation_data"]?["price_money"]?["amount"] == .int(320))

            let bySKU = try await shop.catalog(
                "item", "create", "--name", "Shelf Tag Thing", "--price", "1", "--from-scan", "\(skuScan)")
            #expect(bySKU.status == 0, "\(bySKU.all)")
            #expect(bySKU.stderr.contains("SKU"))
            #expect(bySKU.stdout.contains("SKU SHELF-TAG-77"))

            let knownCode = try await shop.catalog(
                "item", "create", "--name", "Again", "--price", "1", "--from-scan", "\(knownScan)")
            #expect(knownCode.status == 65)
            #expect(knownCode.stderr.contains("already in the catalog"))
            let missing = try await shop.catalog(
                "item", "create", "--name", "None", "--price", "1", "--from-scan", "999")
            #expect(missing.status == 65)
        }
    }

    @Test func badInputExitsWithUsageOrDataErrorsAndWritesNothing() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let database = try CatalogDatabase(path: shop.database)
            let holder = try #require(try await database.activeVariations().first { $0.sku != nil })
            let category = try #require(try await database.allCategories().first { $0.name.count >= 6 })

            let cases: [([String], Int32, String)] = [
                (["--name", "No Price"], 64, "--price"),
                (["--name", "Both", "--price", "1", "--variable-price"], 64, "not both"),
                (["--name", "Odd", "--price", "1", "--from-scan", "soon"], 64, "LAST"),
                (["--name", "Bad Price", "--price", "abc"], 65, "not a price"),
                (["--name", "Bad Code", "--price", "1", "--gtin", "0012345678904"], 65, "check digit"),
                (["--name", "Dup", "--price", "1", "--sku", holder.sku!], 65, holder.itemName),
                (
                    ["--name", "Lost", "--price", "1", "--category", String(category.name.dropLast())], 65,
                    category.name
                ),
                (["--name", "Spec", "--price", "1", "--variation", "Large, sku=X"], 65, "price=5.99"),
            ]
            for (arguments, status, message) in cases {
                let result = try await CLI.run(
                    ["item", "create"] + arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == status, "\(arguments): \(result.all)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            #expect(try await database.history().isEmpty)
            #expect(try await database.outboxEntries().isEmpty)
        }
    }

    @Test func variationsCategoriesAndJSONOutput() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let result = try await shop.catalog(
                "item", "create", "--name", "Loose Tea", "--variation-name", "50 g", "--price", "3,50", "--sku",
                "LT-50",
                "--gtin", Self.upc(5), "--variation", "100 g, price=6.00, sku=LT-100", "--variation",
                "By weight, price=variable", "--category", "Loose Leaf", "--create-category", "--currency", "eur",
                "--description", "Whole leaves.", "--json")
            #expect(result.status == 0, "\(result.all)")
            let created = try Self.parse(result)
            #expect(created["name"] == "Loose Tea")
            #expect(created["version"]?.int64Value != nil)
            let variations = try #require(created["variations"]?.arrayValue)
            #expect(variations.compactMap { $0["name"]?.stringValue } == ["50 g", "100 g", "By weight"])
            #expect(variations[0]["price"] == ["amount": 350, "currency": "EUR"])
            #expect(variations[1]["sku"] == "LT-100")
            #expect(variations[2]["price"] == .null)
            #expect(created["categories"]?[0]?["created"] == true)
            #expect(
                Set(created.objectValue?.keys ?? []) == [
                    "status", "item_id", "name", "version", "variations", "categories",
                ])

            let text = try await shop.catalog("item", "create", "--name", "Plain Mug", "--price", "7")
            #expect(text.status == 0, "\(text.all)")
            #expect(text.stdout.contains("Created “Plain Mug”"))
            #expect(text.stdout.contains("Regular"))
            let shown = try await shop.catalog("show", "LT-100")
            #expect(shown.status == 0 && shown.stdout.contains("Loose Tea"))
        }
    }

    @Test func squareUnreachableQueuesTheItemWithExit75() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            // Nothing listens on port 1. (Stopping the sandbox instead freed its port, and once another test's
            // sandbox got it: the command reached that one, which refused the token, exit 69.)
            let result = try await shop.catalog(
                "item", "create", "--name", "Queued Vase", "--price", "12", "--json",
                environment: ["SQUARE_BASE_URL": "http://127.0.0.1:1"])
            #expect(result.status == 75, "\(result.all)")
            #expect(result.stderr.contains("catalog outbox") && result.stderr.contains("catalog sync"))
            #expect(try Self.parse(result)["status"] == "queued")
            let entries = try await CatalogDatabase(path: shop.database).outboxEntries()
            #expect(entries.count == 1 && entries.first?.kind == .create && entries.first?.label == "Queued Vase")
        }
    }
}
