import CatalogCore
import Foundation
import Sandbox
import Testing

/// SearchCatalogObjects' `query` filters on the demo shop, against what the shop holds.
@Suite("Search query filters")
struct QueryFilterTests {
    /// Every page of a search, followed by cursor.
    static func all(_ client: Client, _ body: JSONValue) async throws -> [JSONValue] {
        var objects: [JSONValue] = []
        var request = body
        while true {
            let page = try await client.search(request)
            #expect(page.status == 200, "\(page.json)")
            objects += page.objects
            guard let cursor = page.json["cursor"], page.status == 200 else { return objects }
            request["cursor"] = cursor
        }
    }

    static func names(_ objects: [JSONValue]) -> [String] {
        objects.compactMap { $0["item_data"]?["name"]?.stringValue ?? $0["item_variation_data"]?["name"]?.stringValue }
    }

    @Test("exact, prefix, set and text find what the shop holds, ignoring case")
    func textFilters() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let exact = try await Self.all(
                client,
                [
                    "object_types": ["ITEM"],
                    "query": ["exact_query": ["attribute_name": "name", "attribute_value": "acme blue widget"]],
                ])
            #expect(Self.names(exact) == ["Acme Blue Widget"])
            let sku = try await Self.all(
                client, ["query": ["exact_query": ["attribute_name": "sku", "attribute_value": "hw-0142-s"]]])
            #expect(
                sku.map { $0["type"] } == ["ITEM_VARIATION"] && sku.first?["item_variation_data"]?["sku"] == "HW-0142-S"
            )

            let prefix = try await Self.all(
                client,
                [
                    "object_types": ["ITEM"],
                    "query": ["prefix_query": ["attribute_name": "name", "attribute_prefix": "sourdough"]],
                ])
            #expect(!prefix.isEmpty && Self.names(prefix).allSatisfy { $0.hasPrefix("Sourdough ") })
            let everything = try await Self.all(client, ["object_types": ["ITEM"]])
            #expect(prefix.count == Self.names(everything).filter { $0.hasPrefix("Sourdough") }.count)

            let set = try await Self.all(
                client,
                [
                    "object_types": ["ITEM_VARIATION"],
                    "query": [
                        "set_query": [
                            "attribute_name": "sku", "attribute_values": ["AC-WDG-0040-S", "ac-wdg-0042-l", "NOPE"],
                        ]
                    ],
                ])
            #expect(
                Set(set.compactMap { $0["item_variation_data"]?["sku"]?.stringValue }) == [
                    "AC-WDG-0040-S", "AC-WDG-0042-L",
                ])

            let text = try await Self.all(
                client, ["object_types": ["ITEM"], "query": ["text_query": ["keywords": ["wid", "ACME"]]]])
            #expect(Self.names(text) == ["Acme Blue Widget"])
            let none = try await Self.all(
                client, ["object_types": ["ITEM"], "query": ["text_query": ["keywords": ["widget", "sourdough"]]]])
            #expect(none.isEmpty, "every keyword must match")
        }
    }

    @Test("range, sorted order with paging, and items by tax")
    func rangeSortAndTax() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let ordinals = try await Self.all(
                client,
                [
                    "object_types": ["ITEM_VARIATION"],
                    "query": [
                        "range_query": [
                            "attribute_name": "ordinal", "attribute_min_value": 3, "attribute_max_value": 4,
                        ]
                    ],
                ])
            #expect(!ordinals.isEmpty)
            #expect(ordinals.allSatisfy { (3...4).contains($0["item_variation_data"]?["ordinal"]?.int64Value ?? 0) })

            let sorted = try await Self.all(
                client,
                [
                    "object_types": ["ITEM"], "limit": 40,
                    "query": ["sorted_attribute_query": ["attribute_name": "name", "sort_order": "DESC"]],
                ])
            let names = Self.names(sorted)
            let all = Self.names(try await Self.all(client, ["object_types": ["ITEM"]]))
            #expect(names.count == all.count && names.count > 40, "every item once, over several pages")
            #expect(names == names.sorted(by: >))
            let from = try await Self.all(
                client,
                [
                    "object_types": ["ITEM"],
                    "query": ["sorted_attribute_query": ["attribute_name": "name", "initial_attribute_value": "T"]],
                ])
            #expect(Self.names(from) == all.filter { $0 >= "T" }.sorted())

            let taxes = try await Self.all(client, ["object_types": ["TAX"]])
            let vat = try #require(taxes.first { $0["tax_data"]?["name"] == "VAT" }?["id"])
            let taxed = try await Self.all(client, ["query": ["items_for_tax_query": ["tax_ids": [vat]]]])
            #expect(!taxed.isEmpty && taxed.allSatisfy { $0["type"] == "ITEM" })
            #expect(taxed.allSatisfy { $0["item_data"]?["tax_ids"]?.arrayValue?.contains(vat) == true })
            let untaxed = try await Self.all(client, ["object_types": ["ITEM"]]).filter {
                $0["item_data"]?["tax_ids"]?.arrayValue?.contains(vat) == true
            }
            #expect(taxed.count == untaxed.count)
        }
    }
}

/// SearchCatalogItems on the demo shop: text, categories, locations and stock levels.
@Suite("SearchCatalogItems")
struct SearchCatalogItemsTests {
    static func all(_ client: Client, _ body: JSONValue) async throws -> (items: [JSONValue], matched: [String]) {
        var items: [JSONValue] = []
        var matched: [String] = []
        var request = body
        while true {
            let page = try await client.post("/v2/catalog/search-catalog-items", request)
            #expect(page.status == 200, "\(page.json)")
            items += page.json["items"]?.arrayValue ?? []
            matched += page.json["matched_variation_ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard page.status == 200, let cursor = page.json["cursor"] else { return (items, matched) }
            request["cursor"] = cursor
        }
    }

    @Test("text, category, location and stock filters, name order, 100 a page")
    func filters() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let byText = try await Self.all(client, ["text_filter": "ac-wdg-0041"])
            #expect(byText.items.compactMap { $0["item_data"]?["name"]?.stringValue } == ["Acme Blue Widget"])
            let medium = byText.items.first?["item_data"]?["variations"]?.arrayValue?.first {
                $0["item_variation_data"]?["sku"] == "AC-WDG-0041-M"
            }
            #expect(byText.matched == [medium?["id"]?.stringValue].compactMap { $0 })

            let everything = try await Self.all(client, [:])
            let names = everything.items.compactMap { $0["item_data"]?["name"]?.stringValue }
            #expect(names.count > 100 && names == names.sorted(), "several pages, in name order")
            #expect(everything.items.allSatisfy { $0["item_data"]?["is_archived"]?.boolValue != true })

            let places = try await LocationRulesTests.locations(client)
            let market = try #require(places["Market Hall"])
            let atMarket = try await Self.all(client, ["enabled_location_ids": [.string(market)]])
            let glossAtMarket = atMarket.items.filter {
                $0["item_data"]?["name"]?.stringValue?.hasPrefix("Gloss ") == true
            }
            #expect(glossAtMarket.isEmpty && atMarket.items.count < everything.items.count)

            let categories = try await client.search(["object_types": ["CATEGORY"]]).objects
            let books = try #require(categories.first { $0["category_data"]?["name"] == "Books" }?["id"])
            let inBooks = try await Self.all(client, ["category_ids": [books]])
            #expect(inBooks.items.count == 4)

            let out = try await Self.all(
                client, ["stock_levels": ["OUT", "LOW"], "enabled_location_ids": [.string(market)]])
            #expect(!out.items.isEmpty && !out.matched.isEmpty)
            let counts = try await client.post(
                "/v2/inventory/counts/batch-retrieve",
                [
                    "catalog_object_ids": .array(out.matched.prefix(100).map(JSONValue.string)),
                    "location_ids": [.string(market)],
                ])
            var quantities: [String: Double] = [:]
            for count in counts.json["counts"]?.arrayValue ?? [] where count["state"] == "IN_STOCK" {
                quantities[count["catalog_object_id"]?.stringValue ?? ""] = Double(count["quantity"]?.stringValue ?? "")
            }
            let variations = out.items.flatMap { $0["item_data"]?["variations"]?.arrayValue ?? [] }
            for id in out.matched.prefix(100) {
                let variation = try #require(variations.first { $0["id"]?.stringValue == id })
                let override = variation["item_variation_data"]?["location_overrides"]?.arrayValue?.first {
                    $0["location_id"]?.stringValue == market
                }
                let threshold = Double(override?["inventory_alert_threshold"]?.int64Value ?? 0)
                #expect((quantities[id] ?? 0) <= threshold, "\(id) at \(quantities[id] ?? 0) is not low (\(threshold))")
            }
            #expect(try await client.post("/v2/catalog/search-catalog-items", ["stock_levels": ["NONE"]]).status == 400)
            #expect(try await client.post("/v2/catalog/search-catalog-items", ["limit": 101]).status == 400)
        }
    }
}
