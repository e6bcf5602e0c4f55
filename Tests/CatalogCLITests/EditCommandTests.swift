import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Testing

struct EditCommandTests {
    /// A demo-shop variation with a barcode, read from the synced database through `catalog search --json`.
    static func someVariation(_ shop: DemoShop) async throws -> JSONValue {
        let found = try await shop.catalog("search", "notebook", "--json")
        return try #require(
            try JSONValue.parse(found.stdout).arrayValue?.first { $0["gtin"] != nil && $0["gtin"] != .null })
    }

    @Test func editsAPriceAndANameThroughTheBinary() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let variation = try await Self.someVariation(shop)
            let gtin = variation["gtin"]!.stringValue!
            let id = variation["variation_id"]!.stringValue!

            let priced = try await shop.catalog("edit", gtin, "--price", "£7.25", "--json")
            #expect(priced.status == 0, "\(priced.all)")
            let result = try JSONValue.parse(priced.stdout)
            #expect(result["status"] == "applied")
            #expect(result["changes"]?[0]?["new"] == Money(amount: 725, currency: "GBP").json)
            let server = try await shop.client.retrieveCatalogObject(id: id).object
            #expect(server["item_variation_data"]?["price_money"]?["amount"] == .int(725))
            #expect(result["new_version"] == server["version"])

            let renamed = try await shop.catalog(
                "edit", id, "--name", "Notebook, squared", "--variation-name", "A5 squared")
            #expect(renamed.status == 0, "\(renamed.all)")
            #expect(renamed.stdout.contains("→ Notebook, squared"))
            let shown = try await shop.catalog("show", id, "--json")
            #expect(shown.stdout.contains("Notebook, squared"))

            let history = try await shop.catalog("history", gtin, "--json")
            let fields = history.stdout.split(separator: "\n").compactMap {
                try? JSONValue.parse(String($0))["field"]?.stringValue
            }
            #expect(fields.sorted() == ["name", "price", "variation_name"])
            #expect(!(priced.all + renamed.all + history.all).contains(DemoShop.token))
        }
    }

    @Test func setsCategoriesByNameCreatingOnlyWhenAsked() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let variation = try await Self.someVariation(shop)
            let id = variation["variation_id"]!.stringValue!
            let itemID = variation["item_id"]!.stringValue!

            let refused = try await shop.catalog("edit", id, "--category", "Counter Specials")
            #expect(refused.status == 65)
            let set = try await shop.catalog(
                "edit", id, "--category", "Counter Specials", "--category", "stationery", "--create-category")
            #expect(set.status == 0, "\(set.all)")
            let item = try await shop.client.retrieveCatalogObject(id: itemID).object
            let ids = item["item_data"]?["categories"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(ids.count == 2)
            let names = try await shop.client.batchRetrieveCatalogObjects(ids: ids).objects.compactMap {
                $0["category_data"]?["name"]?.stringValue
            }
            #expect(names == ["Counter Specials", "Stationery"])
            #expect(item["item_data"]?["reporting_category"]?["id"]?.stringValue.map(ids.contains) == true)
            // Running it again finds the category it created: nothing new, nothing to change.
            let again = try await shop.catalog("edit", id, "--category", "counter specials", "--category", "Stationery")
            #expect(again.status == 0)
            #expect(again.stdout.contains("nothing to change"))
        }
    }

    @Test func badInputIsRefusedWithTheRightExitCode() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let variation = try await Self.someVariation(shop)
            let gtin = variation["gtin"]!.stringValue!

            let nothing = try await shop.catalog("edit", gtin)
            #expect(nothing.status == 64)
            #expect(nothing.stderr.contains("Say what to change"))
            let badPrice = try await shop.catalog("edit", gtin, "--price", "4.999")
            #expect(badPrice.status == 65)
            #expect(badPrice.stderr.contains("4.999"))
            let badBarcode = try await shop.catalog("edit", gtin, "--gtin", "4006381333932")
            #expect(badBarcode.status == 65)
            let unknown = try await shop.catalog("edit", "NO-SUCH-SKU-1", "--price", "1")
            #expect(unknown.status == 1)
            // A barcode another variation has is refused, naming the holder.
            let other = try JSONValue.parse(try await shop.catalog("search", "envelopes", "--json").stdout).arrayValue!
                .first { $0["gtin"] != nil && $0["gtin"] != .null && $0["variation_id"] != variation["variation_id"] }!
            let duplicate = try await shop.catalog("edit", gtin, "--gtin", other["gtin"]!.stringValue!)
            #expect(duplicate.status == 65)
            #expect(duplicate.stderr.contains(other["variation_id"]!.stringValue!))
            let unknownCategory = try await shop.catalog("edit", gtin, "--category", "Zzyzx Things")
            #expect(unknownCategory.status == 65)
            #expect(unknownCategory.stderr.contains("--create-category"))
        }
    }

    @Test func anEditMadeWhileSquareIsDownIsSentByTheNextSync() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataFile = folder.appendingPathComponent("square.json").path
        let server = try await SandboxServer.start(
            SandboxConfiguration(port: 0, token: DemoShop.token, seed: .demo, dataFile: dataFile))
        let port = server.port
        let environment = [
            "SQUARE_BASE_URL": server.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": DemoShop.token,
            "CATALOG_DB": folder.appendingPathComponent("catalog.sqlite").path, "CATALOG_COUNTER": "front-till",
        ]
        func catalog(_ arguments: String...) async throws -> CLIResult {
            try await CLI.run(arguments, environment: environment, folder: folder)
        }
        #expect(try await catalog("sync").status == 0)
        let found = try JSONValue.parse(try await catalog("search", "notebook", "--json").stdout).arrayValue!.first!
        let id = found["variation_id"]!.stringValue!
        await server.stop()

        let queued = try await catalog("edit", id, "--price", "3.33")
        #expect(queued.status == 75, "\(queued.all)")
        #expect(queued.stdout.contains("outbox"))
        let listed = try await catalog("outbox", "--json")
        #expect(try JSONValue.parse(listed.stdout)["status"] == "pending")

        let restarted = try await SandboxServer.start(
            SandboxConfiguration(port: port, token: DemoShop.token, seed: .demo, dataFile: dataFile))
        try await cleaningUp({ await restarted.stop() }) {
            let synced = try await catalog("sync")
            #expect(synced.status == 0, "\(synced.all)")
            #expect(synced.stderr.contains("1 applied"))
            let client = SquareClient(
                configuration: SquareClientConfiguration(baseURL: restarted.baseURL, accessToken: DemoShop.token))
            #expect(
                try await client.retrieveCatalogObject(id: id).object["item_variation_data"]?["price_money"]?["amount"]
                    == .int(333))
            let after = try JSONValue.parse(try await catalog("outbox", "list", "--json").stdout)
            #expect(after["status"] == "applied")
            #expect(after["counter"] == "front-till")
            let shown = try JSONValue.parse(try await catalog("show", id, "--json").stdout)
            #expect(shown["price"]?["amount"] == .int(333))
        }
    }
}
