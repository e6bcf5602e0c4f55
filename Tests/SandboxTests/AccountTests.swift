import CatalogCore
import Foundation
import Sandbox
import Testing

@Suite("Locations, inventory counts, seeds and the data file")
struct AccountTests {
    @Test("locations are seeded with 13-character ids and ACTIVE status")
    func locations() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let reply = try await client.get("/v2/locations")
            let locations = reply.json["locations"]?.arrayValue ?? []
            #expect(locations.count == 2)
            #expect(locations.allSatisfy { $0["id"]?.stringValue?.count == 13 && $0["status"] == "ACTIVE" })
            #expect(locations.allSatisfy { $0["name"]?.stringValue?.isEmpty == false })
        }
    }

    @Test("inventory counts filter by object, location, state and time, and page with a cursor")
    func inventory() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let locationReply = try await client.get("/v2/locations")
            let locationId = try #require(locationReply.json["locations"]?[0]?["id"])
            let variations = try await client.search(["object_types": ["ITEM_VARIATION"], "limit": 3])
            let ids = JSONValue.array(variations.objects.compactMap { $0["id"] })
            let some = try await client.post(
                "/v2/inventory/counts/batch-retrieve", ["catalog_object_ids": ids, "location_ids": [locationId]])
            let counts = some.json["counts"]?.arrayValue ?? []
            #expect(counts.count == 3)
            #expect(
                counts.allSatisfy { count in
                    count["state"] == "IN_STOCK" && count["location_id"] == locationId
                        && Int(count["quantity"]?.stringValue ?? "x") != nil
                        && count["calculated_at"]?.stringValue != nil
                })
            let sold = try await client.post(
                "/v2/inventory/counts/batch-retrieve", ["catalog_object_ids": ids, "states": ["SOLD"]])
            #expect(sold.status == 200 && sold.json["counts"] == nil)
            let future = try await client.post(
                "/v2/inventory/counts/batch-retrieve", ["updated_after": "2999-01-01T00:00:00Z"])
            #expect(future.status == 200 && future.json["counts"] == nil)
            #expect(try await client.post("/v2/inventory/counts/batch-retrieve", ["limit": 1001]).status == 400)
            let firstId = try #require(ids[0]?.stringValue)
            let single = try await client.get("/v2/inventory/\(firstId)?location_ids=\(locationId.stringValue ?? "")")
            #expect(single.json["counts"]?.arrayValue?.count == 1)
            #expect(single.json["counts"]?[0]?["catalog_object_id"]?.stringValue == firstId)
            var total = 0
            var cursor: JSONValue?
            repeat {
                var body: JSONValue = ["limit": 150]
                if let cursor { body["cursor"] = cursor }
                let page = try await client.post("/v2/inventory/counts/batch-retrieve", body)
                total += page.json["counts"]?.arrayValue?.count ?? 0
                cursor = page.json["cursor"]
            } while cursor != nil
            let allVariations = try await client.get("/v2/catalog/list?types=ITEM_VARIATION")
            #expect(total > 2 * (allVariations.objects.count))
        }
    }

    @Test("the demo seed is a realistic, reproducible shop with valid barcodes")
    func demoSeed() async throws {
        var firstIds: [String] = []
        for _ in 0..<2 {
            try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
                let items = try await client.search(["object_types": ["ITEM"], "limit": 1000])
                #expect((200...600).contains(items.objects.count))
                let ids = items.objects.compactMap { $0["id"]?.stringValue }
                if firstIds.isEmpty { firstIds = ids } else { #expect(ids == firstIds) }
                #expect(items.objects.contains { $0["item_data"]?["is_archived"] == true })
                let categories = try await client.search(["object_types": ["CATEGORY"]])
                #expect((10...14).contains(categories.objects.count))
                let variations = items.objects.flatMap { $0["item_data"]?["variations"]?.arrayValue ?? [] }
                #expect(variations.contains { $0["item_variation_data"]?["pricing_type"] == "VARIABLE_PRICING" })
                let codes = variations.compactMap { $0["item_variation_data"]?["upc"]?.stringValue }
                // Loose goods weighed at the scale and own-made goods have a SKU and no barcode, as in a shop.
                let withoutCode = variations.filter { $0["item_variation_data"]?["upc"] == nil }
                #expect((4...10).contains(withoutCode.count))
                #expect(withoutCode.allSatisfy { $0["item_variation_data"]?["sku"]?.stringValue != nil })
                #expect(codes.count + withoutCode.count == variations.count)
                #expect(codes.allSatisfy(isValidGTIN))
                #expect(codes.contains { $0.count == 12 } && codes.contains { $0.count == 13 })
                #expect(codes.contains { $0.hasPrefix("978") })
                let skus = variations.compactMap { $0["item_variation_data"]?["sku"]?.stringValue }
                #expect(skus.contains { $0.hasPrefix("HW-") })
                // Codes are unique, as catalog keeps them: SKUs by their lookup key, barcodes as GTIN-14.
                let skuKeys = Dictionary(grouping: skus, by: SKU.key).filter { $0.value.count > 1 }
                #expect(
                    skuKeys.isEmpty, "SKUs shared by several variations: \(skuKeys.values.sorted { $0[0] < $1[0] })")
                let gtins = Dictionary(grouping: codes) { (try? Barcode($0))?.gtin14 ?? $0 }.filter {
                    $0.value.count > 1
                }
                #expect(gtins.isEmpty, "barcodes shared by several variations: \(gtins.keys.sorted())")
                // What the README's examples look up.
                for sku in ["AC-WDG-0040-S", "AC-WDG-0041-M", "AC-WDG-0042-L", "HW-0142-S"] {
                    #expect(skus.contains(sku))
                }
                for code in ["012345678905", "4006381333931"] { #expect(codes.contains(code)) }
            }
        }
    }

    @Test("the synthetic seed holds exactly the variations asked for")
    func syntheticSeed() async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 5000))) { _, client in
            var variations = 0
            var items = 0
            var cursor: JSONValue?
            repeat {
                var body: JSONValue = ["object_types": ["ITEM"], "limit": 1000]
                if let cursor { body["cursor"] = cursor }
                let page = try await client.search(body)
                items += page.objects.count
                for item in page.objects {
                    let list = item["item_data"]?["variations"]?.arrayValue ?? []
                    #expect((1...5).contains(list.count))
                    variations += list.count
                    let codes = list.compactMap { $0["item_variation_data"]?["upc"]?.stringValue }
                    #expect(codes.allSatisfy(isValidGTIN))
                }
                cursor = page.json["cursor"]
            } while cursor != nil
            #expect(variations == 5000)
            let expectedItems = 5000.0 / 2.85
            #expect(abs(Double(items) - expectedItems) < expectedItems * 0.1)
            #expect((40...60).contains(try await client.search(["object_types": ["CATEGORY"]]).objects.count))
        }
    }

    @Test("a data file keeps the catalog across a restart")
    func persistence() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = SandboxConfiguration(seed: .none, dataFile: path)
        var itemId = ""
        var deletedId = ""
        var latest: JSONValue?
        try await withSandbox(configuration) { _, client in
            let created = try await client.post(
                "/v2/catalog/object",
                ["idempotency_key": "persist", "object": newItem("Kept", variations: ["A", "B"])])
            itemId = try #require(mapped(created, "#item"))
            deletedId = try #require(mapped(created, "#item-v1"))
            _ = try await client.delete("/v2/catalog/object/\(deletedId)")
            latest = try await client.search([:]).json["latest_time"]
        }
        #expect(FileManager.default.fileExists(atPath: path))
        try await withSandbox(configuration) { _, client in
            let item = try await client.retrieve(itemId)
            #expect(item.json["object"]?["item_data"]?["variations"]?.arrayValue?.count == 1)
            let tombstone = try await client.post(
                "/v2/catalog/batch-retrieve", ["object_ids": [.string(deletedId)], "include_deleted_objects": true])
            #expect(tombstone.objects.first?["is_deleted"] == true)
            #expect(try await client.search([:]).json["latest_time"] == latest)
            let replay = try await client.post(
                "/v2/catalog/object",
                ["idempotency_key": "persist", "object": newItem("Kept", variations: ["A", "B"])])
            #expect(mapped(replay, "#item") == itemId)
            #expect(try await client.get("/v2/locations").json["locations"]?.arrayValue?.count == 1)
        }
    }
}

@Suite("Data file problems")
struct DataFileProblemTests {
    @Test("a data file that is not a sandbox document stops the start with a readable error")
    func unreadable() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let server = try await SandboxServer.start(SandboxConfiguration(dataFile: path))
            await server.stop()
            Issue.record("the sandbox started from a foreign file")
        } catch {
            #expect("\(error)".contains(path) && "\(error)".contains("Move it away"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"hello\": 1}")
    }
}

/// Whether `code` is 8-14 digits whose last digit is the GS1 check digit of the rest.
func isValidGTIN(_ code: String) -> Bool {
    let digits = code.compactMap(\.wholeNumberValue)
    guard digits.count == code.count, (8...14).contains(digits.count) else { return false }
    return Barcode.gs1CheckDigit(digits.dropLast()) == digits.last
}
