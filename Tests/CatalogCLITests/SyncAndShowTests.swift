import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Testing

@Suite struct SyncAndShowTests {
    @Test func syncThenShowFindsOneVariationByEverySpelling() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let first = try await shop.catalog("sync")
            #expect(first.status == 0, "\(first.all)")
            #expect(first.stdout.contains("fetched"))
            let again = try await shop.catalog("sync", "--json")
            let summary = try JSONValue.parse(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(summary["kind"] == "incremental")
            #expect(summary["changed"] == .int(0))

            // A variation with a 12-digit UPC-A and a SKU, straight from the server.
            let page = try await shop.client.searchCatalogObjects(["object_types": ["ITEM_VARIATION"], "limit": 1000])
            let target = try #require(
                page.objects.first {
                    ($0["item_variation_data"]?["upc"]?.stringValue?.count == 12)
                        && $0["item_variation_data"]?["sku"] != nil
                })
            let id = try #require(target["id"]?.stringValue)
            let upc = try #require(target["item_variation_data"]?["upc"]?.stringValue)
            let sku = try #require(target["item_variation_data"]?["sku"]?.stringValue)
            let spellings = [
                upc, String(upc.dropLast()), "0" + upc, "00" + upc, sku.lowercased(),
                sku.replacingOccurrences(of: "-", with: ""), id,
            ]
            for code in spellings {
                let shown = try await shop.catalog("show", code, "--json")
                #expect(shown.status == 0, "\(code): \(shown.all)")
                let match = try JSONValue.parse(shown.stdout.split(separator: "\n").first.map(String.init) ?? "")
                #expect(match["variation_id"] == .string(id), "\(code)")
                #expect(match["gtin"] == .string("00" + upc))
                #expect(match["price"]?["amount"] == target["item_variation_data"]?["price_money"]?["amount"])
                #expect(
                    Set(match.objectValue?.keys ?? []) == [
                        "item_id", "variation_id", "item_name", "variation_name", "sku", "gtin", "price", "category",
                        "location", "base_price", "available", "sold_out", "sale", "multi_buy", "price_with_taxes",
                        "taxes", "unit_price", "left_off", "shelf",
                    ])
            }
            let text = try await shop.catalog("show", upc)
            #expect(text.status == 0 && text.stdout.contains(sku))
        }
    }

    @Test func unknownCodesAndBadCheckDigitsAreReportedPlainly() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)

            let missing = try await shop.catalog("show", "NO-SUCH-SKU-42")
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("NO-SUCH-SKU-42"))
            #expect(missing.stdout.isEmpty)

            // One answer for a barcode with a wrong check digit, whichever command looks it up.
            for arguments in [
                ["show", "4006381333932"], ["search", "4006381333932"], ["reorder", "add", "4006381333932"],
            ] {
                let badCheck = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(badCheck.status == 65, "\(arguments): \(badCheck.all)")
                #expect(badCheck.stderr.contains("check digit"), "\(arguments): \(badCheck.all)")
                #expect(!badCheck.stderr.contains("Fatal") && !badCheck.stderr.contains("Stack"))
            }
            #expect(try await shop.catalog("reorder", "list", "--json").stdout.isEmpty)
        }
    }

    @Test func aBadObjectStopsTheSyncAndKeepsTheLastGoodState() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let before = try await shop.catalog("show", "--json", "NO-SUCH")
            #expect(before.status == 1)

            let page = try await shop.client.searchCatalogObjects(["object_types": ["ITEM_VARIATION"], "limit": 5])
            var changed = try #require(page.objects.first)
            let id = try #require(changed["id"]?.stringValue)
            // Square takes the change (it would refuse a malformed object), and then answers the object damaged.
            changed["item_variation_data"]?["name"] = "Changed"
            _ = try await shop.client.upsertCatalogObject(changed)
            await shop.server.setFaults(SandboxFaults(badObjects: [id]))

            let sync = try await shop.catalog("sync")
            #expect(sync.status == 65)
            #expect(sync.stderr.contains(id))
            let shown = try await shop.catalog("show", id, "--json")
            #expect(shown.status == 0, "the last good copy is still there")
            #expect(try JSONValue.parse(shown.stdout.trimmingCharacters(in: .newlines))["price"]?["amount"] != nil)
        }
    }
}
