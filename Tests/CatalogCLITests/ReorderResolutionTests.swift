import CatalogCore
import CatalogTestSupport
import Foundation
import SquareAPI
import Testing

@Suite struct ReorderResolutionTests {
    /// Every variation in the sandbox, straight from the server.
    static func serverVariations(_ shop: ReorderShop) async throws -> [JSONValue] {
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: shop.baseURL, accessToken: ReorderShop.token))
        var objects: [JSONValue] = []
        var cursor: String?
        repeat {
            var body: JSONValue = ["object_types": ["ITEM_VARIATION"], "limit": 1000]
            if let cursor { body["cursor"] = .string(cursor) }
            let page = try await client.searchCatalogObjects(body)
            objects += page.objects
            cursor = page.cursor
        } while cursor != nil
        return objects
    }

    @Test func everySpellingOfOneCodeLandsOnOneLine() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let variations = try await Self.serverVariations(shop)
            var skuCounts: [String: Int] = [:]
            for object in variations {
                if let sku = object["item_variation_data"]?["sku"]?.stringValue {
                    skuCounts[sku.lowercased(), default: 0] += 1
                }
            }
            let target = try #require(
                variations.first {
                    $0["item_variation_data"]?["upc"]?.stringValue?.count == 12
                        && skuCounts[$0["item_variation_data"]?["sku"]?.stringValue?.lowercased() ?? ""] == 1
                })
            let id = try #require(target["id"]?.stringValue)
            let upc = try #require(target["item_variation_data"]?["upc"]?.stringValue)
            let sku = try #require(target["item_variation_data"]?["sku"]?.stringValue)
            let digits = Array(upc)
            let spaced = "\(digits[0]) \(String(digits[1...5]))-\(String(digits[6...10])) \(digits[11])"
            let spellings = [upc, "0" + upc, "00" + upc, spaced, " \(upc) ", sku.lowercased(), sku.uppercased(), id]
            for (index, code) in spellings.enumerated() {
                let added = try await shop.catalog("reorder", "add", code, "--qty", "\(index + 1)", "--json")
                #expect(added.status == 0, "\(code): \(added.all)")
                let line = try JSONValue.parse(added.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                #expect(line["variation_id"] == .string(id), "\(code)")
            }
            let lines = try await shop.jsonLines("reorder", "list", "--json", "--status", "all")
            #expect(lines.count == 1)
            #expect(lines.first?["variation_id"] == .string(id))
            #expect(lines.first?["quantity"] == .int(Int64((1...spellings.count).reduce(0, +))))
            let history = try await shop.jsonLines("reorder", "history", "--json")
            #expect(history.count == spellings.count)
            #expect(Set(history.compactMap { $0["line_id"] }).count == 1)
        }
    }

    @Test func freeTextIsTakenWhenOneHitAndRefusedWithCandidatesWhenSeveral() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")

            // A name the search finds exactly once.
            let variations = try await Self.serverVariations(shop)
            var byItem: [String: Int] = [:]
            for object in variations {
                byItem[object["item_variation_data"]?["item_id"]?.stringValue ?? "", default: 0] += 1
            }
            var single: (text: String, id: String)?
            for object in variations where byItem[object["item_variation_data"]?["item_id"]?.stringValue ?? ""] == 1 {
                let id = object["item_variation_data"]?["item_id"]?.stringValue ?? ""
                let shown = try await shop.catalog("show", object["id"]?.stringValue ?? "", "--json")
                guard
                    let name = try? JSONValue.parse(shown.stdout.trimmingCharacters(in: .newlines))["item_name"]?
                        .stringValue
                else { continue }
                let found = try await shop.catalog("search", name, "--json")
                if (try? JSONValue.parse(found.stdout))?.arrayValue?.count == 1, !id.isEmpty {
                    single = (name, object["id"]?.stringValue ?? "")
                    break
                }
            }
            let one = try #require(single, "no item name in the demo shop has exactly one search hit")
            let added = try await shop.catalog("reorder", "add", one.text.lowercased(), "--json")
            #expect(added.status == 0, "\(added.all)")
            #expect(
                try JSONValue.parse(added.stdout.trimmingCharacters(in: .newlines))["variation_id"] == .string(one.id))

            // Several hits without a terminal: refused, with the candidates, and nothing added.
            let search = try await shop.catalog("search", "notebook", "--json", "--limit", "5")
            let hits = try #require(try JSONValue.parse(search.stdout).arrayValue)
            #expect(hits.count > 1)
            let refused = try await shop.catalog("reorder", "add", "notebook")
            #expect(refused.status == 65, "\(refused.all)")
            #expect(refused.stderr.contains("--first"))
            for (index, hit) in hits.prefix(5).enumerated() {
                let name = hit["item_name"]?.stringValue ?? "?"
                #expect(refused.stderr.contains("\(index + 1). \(name)"), "candidate \(name) is listed")
            }
            #expect(try await shop.jsonLines("reorder", "list", "--json").count == 1)

            let first = try await shop.catalog("reorder", "add", "notebook", "--first", "--qty", "2", "--json")
            #expect(first.status == 0, "\(first.all)")
            let taken = try JSONValue.parse(first.stdout.trimmingCharacters(in: .newlines))
            #expect(taken["variation_id"] == hits[0]["variation_id"])
            #expect(taken["quantity"] == .int(2))

            for unknown in ["qqzx wibblefrotz", "NO-SUCH-SKU-42"] {
                let missing = try await shop.catalog("reorder", "add", unknown)
                #expect(missing.status == 1, "\(unknown): \(missing.all)")
                #expect(missing.stderr.contains(unknown))
                #expect(missing.stdout.isEmpty)
            }
            let missingRemove = try await shop.catalog("reorder", "remove", "NO-SUCH-SKU-42")
            #expect(missingRemove.status == 1)
            #expect(try await shop.jsonLines("reorder", "list", "--json").count == 2)
            #expect(try await shop.catalog("reorder", "add", DemoCodes.small, "--qty", "0").status == 64)
        }
    }
}
