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
