import CatalogCore
import Foundation
import Testing

@testable import Sandbox

@Suite("The synthetic seed: a realistic, reproducible shop catalog")
struct SyntheticSeedTests {
    @Test("the same seed gives the same catalog, apart from the write time")
    func reproducible() async throws {
        var first: [JSONValue] = []
        for run in 0..<2 {
            try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 1500))) { _, client in
                let items = try await allItems(client).map(withoutWriteTime)
                #expect(items.count > 400)
                if run == 0 { first = items } else { #expect(items == first) }
            }
        }
    }

    @Test("exactly the variations asked for, 1 to 5 per item", arguments: [1, 7, 5000])
    func exactCount(variations: Int) async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: variations))) { _, client in
            let items = try await allItems(client)
            let counts = items.map { $0["item_data"]?["variations"]?.arrayValue?.count ?? 0 }
            #expect(counts.reduce(0, +) == variations)
            #expect(counts.allSatisfy { (1...5).contains($0) })
            let listed = try await client.get("/v2/catalog/list?types=ITEM_VARIATION")
            #expect(listed.objects.count == min(100, variations))
        }
    }

    @Test("names, SKUs and barcodes are unique and look like a real shop's")
    func realistic() async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 5000))) { _, client in
            let items = try await allItems(client)
            let names = items.compactMap { $0["item_data"]?["name"]?.stringValue }
            #expect(names.count == items.count)
            #expect(Set(names.map { $0.lowercased() }).count == names.count)
            #expect(names.contains { $0.unicodeScalars.contains { !$0.isASCII } })
            #expect(names.contains { $0.contains("-") })
            #expect(names.contains { $0.range(of: #"\d(ml|g|kg|l)$"#, options: .regularExpression) != nil })
            #expect(names.contains { $0.range(of: #"\d (ml|g|kg|L)$"#, options: .regularExpression) != nil })
            #expect(items.contains { $0["item_data"]?["is_archived"] == true })

            let variations = items.flatMap { $0["item_data"]?["variations"]?.arrayValue ?? [] }
                .compactMap { $0["item_variation_data"] }
            let skus = variations.compactMap { $0["sku"]?.stringValue }
            #expect(Set(skus.map(SKU.key)).count == skus.count)
            #expect((1..<variations.count / 10).contains(variations.count - skus.count))
            let styles = Set(skus.compactMap(skuStyle))
            #expect(styles.count >= 5, "SKU styles: \(styles)")

            let codes = variations.compactMap { $0["upc"]?.stringValue }
            #expect(codes.allSatisfy(isValidGTIN))
            #expect(Set(codes.compactMap { try? Barcode($0).gtin14 }).count == codes.count)
            #expect((1..<variations.count / 10).contains(variations.count - codes.count))
            let lengths = Dictionary(grouping: codes, by: \.count).mapValues(\.count)
            #expect(lengths[12, default: 0] > 500 && lengths[13, default: 0] > 500)
            #expect((20..<500).contains(lengths[8, default: 0]))
            #expect(codes.filter { $0.count == 13 }.allSatisfy { $0.first != "0" })
            #expect(variations.contains { $0["pricing_type"] == "VARIABLE_PRICING" })
            #expect(variations.allSatisfy { $0["name"]?.stringValue?.isEmpty == false })
            #expect(variations.contains { $0["name"] == "Regular" })
            #expect(variations.contains { $0["name"]?.stringValue?.contains(" / ") == true })
        }
    }

    @Test("40 to 60 categories, and every book carries an ISBN-13")
    func categoriesAndBooks() async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 5000))) { _, client in
            let categories = try await client.search(["object_types": ["CATEGORY"]]).objects
            #expect((40...60).contains(categories.count))
            let names = Set(categories.compactMap { $0["category_data"]?["name"]?.stringValue })
            #expect(names.isSuperset(of: ["Snacks", "Soft Drinks", "Batteries", "Books", "Hardware", "Pet Food"]))
            let booksId = try #require(categories.first { $0["category_data"]?["name"] == "Books" }?["id"])
            let books = try await allItems(client).filter { $0["item_data"]?["categories"]?[0]?["id"] == booksId }
            #expect(books.count > 20)
            let variations = books.flatMap { $0["item_data"]?["variations"]?.arrayValue ?? [] }
            let isbns = variations.compactMap { $0["item_variation_data"]?["upc"]?.stringValue }
            #expect(isbns.count == variations.count)
            #expect(isbns.allSatisfy { $0.count == 13 && ($0.hasPrefix("978") || $0.hasPrefix("979")) })
            #expect(isbns.allSatisfy(isValidGTIN))
        }
    }

    @Test("a larger seed keeps names, SKUs and barcodes unique and is byte-for-byte reproducible")
    func largerSeed() throws {
        let state = Seeder.state(for: .synthetic(variations: 20_000), nowMs: 1_700_000_000_000)
        let names = state.objects.values.filter { $0.type == "ITEM" }
            .compactMap { $0.json["item_data"]?["name"]?.stringValue }
        #expect(Set(names.map { $0.lowercased() }).count == names.count)
        let variations = state.objects.values.filter { $0.type == "ITEM_VARIATION" }
        #expect(variations.count == 20_000)
        let skus = variations.compactMap { $0.json["item_variation_data"]?["sku"]?.stringValue }
        #expect(Set(skus.map(SKU.key)).count == skus.count)
        let codes = variations.compactMap { $0.json["item_variation_data"]?["upc"]?.stringValue }
        #expect(Set(codes.compactMap { try? Barcode($0).gtin14 }).count == codes.count)
        let again = Seeder.state(for: .synthetic(variations: 20_000), nowMs: 1_700_000_000_000)
        #expect(again.objects.count == state.objects.count)
        #expect(again.objects.allSatisfy { state.objects[$0.key]?.bytes == $0.value.bytes })
    }

    @Test("when a category's words run out, a model word keeps each name unique")
    func modelWords() {
        var seeder = Seeder(ids: ObjectIds(seed: 42), t: 0)
        var codes = ShopCodes(brands: 1, expectedItems: 100, expectedVariations: 0)
        let category = ShopCategory("Tools", "tl", .hardware, "Claw Hammer=16oz", sizes: "", .size, 799)
        let brand = ShopBrand.all[ShopSector.hardware.rawValue][0]
        let names = (0..<100).map { _ in seeder.productName(category, brand: brand, codes: &codes).0 }
        #expect(Set(names.map { $0.lowercased() }).count == 100)
        let model = #" (Mk\d+|Series \d+|X\d+00|Model \d+|Gen \d+|Pro \d+) 16oz$"#
        #expect(names.filter { $0.range(of: model, options: .regularExpression) != nil }.count > 50)
        #expect(names.allSatisfy { $0.hasPrefix(brand.name + " ") && $0.contains("Claw Hammer") })
    }

    @Test("seeded objects carry exactly the server fields CatalogState.stamp writes", arguments: [false, true])
    func stamped(synthetic: Bool) {
        let t: Int64 = 1_700_000_000_123
        let state = Seeder.state(for: synthetic ? .synthetic(variations: 300) : .demo, nowMs: t)
        #expect(state.objects.count > 100)
        for object in state.objects.values {
            guard case .object(let json) = object.json else {
                Issue.record("not an object")
                continue
            }
            let serverFields: Set<String> = ["updated_at", "version", "is_deleted", "present_at_all_locations"]
            // Presence is the seed's own where the demo's locations differ; it is compared apart.
            let presence: Set<String> = ["present_at_all_locations", "present_at_location_ids"]
            func withoutPresence(_ value: JSONValue) -> JSONValue {
                .object(JSONObject(value.objectValue?.members.filter { !presence.contains($0.key) } ?? []))
            }
            let input = JSONValue.object(
                JSONObject(json.members.filter { !serverFields.contains($0.key) && !presence.contains($0.key) }))
            let expected = CatalogState.stamp(input, type: object.type, t: t, parentId: object.parentId)
            #expect(withoutPresence(expected.json) == withoutPresence(object.json))
            #expect(object.version == t && !object.isDeleted)
            #expect(object.json["present_at_all_locations"]?.boolValue != nil)
        }
    }

    @Test("the GTIN builder agrees with CatalogCore's check digit")
    func gtinBuilder() {
        for body in [0, 7, 4_000_001, 30_000_100_000, 501_234_567_890, 978_110_000_042] {
            for length in [8, 12, 13] where String(body).count < length {
                let code = ShopCodes.gtin(body, length: length)
                #expect(code.count == length && isValidGTIN(code))
                #expect(Int(code.dropLast()) == body)
            }
        }
        #expect(ShopCodes.hyphenated(isbn: "9781100000421") == "978-1-1000-0042-1")
        #expect(ShopCodes.productCode("Widget") == "WDG" && ShopCodes.asciiLetters("Ærø Vand") == "RVAND")
    }
}

/// Every item in the sandbox, with its variations, paging a search 1,000 at a time.
private func allItems(_ client: Client) async throws -> [JSONValue] {
    var items: [JSONValue] = []
    var cursor: JSONValue?
    repeat {
        var body: JSONValue = ["object_types": ["ITEM"], "limit": 1000]
        if let cursor { body["cursor"] = cursor }
        let page = try await client.search(body)
        #expect(page.status == 200)
        items += page.objects
        cursor = page.json["cursor"]
    } while cursor != nil
    return items
}

/// `value` without the `version` and `updated_at` members, which carry the time the seed was written.
private func withoutWriteTime(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
        let kept = object.members.filter { $0.key != "version" && $0.key != "updated_at" }
        return .object(JSONObject(kept.map { (key: $0.key, value: withoutWriteTime($0.value)) }))
    case .array(let values): return .array(values.map(withoutWriteTime))
    default: return value
    }
}

/// Which of the seed's SKU shapes `sku` has, or nil.
private func skuStyle(_ sku: String) -> String? {
    let shapes = [
        ("dashed", #"^[A-Z]{2}-[A-Z]{3}-\d{4,}(-[A-Z0-9]+)?$"#), ("compact", #"^[A-Z]{3}\d{4,}[A-Z0-9]*$"#),
        ("slashed", #"^[A-Z]{3}/\d{4,}(/[A-Z0-9]+)?$"#), ("dotted", #"^[a-z]{2}\.\d{4,}(\.[a-z0-9]+)?$"#),
        ("numeric", #"^\d{6,7}$"#), ("isbn", #"^97[89]-\d-\d{4}-\d{4}-\d$"#),
    ]
    return shapes.first { sku.range(of: $0.1, options: .regularExpression) != nil }?.0
}
