import CatalogCore
import Foundation
import Testing

@testable import Sandbox

@Suite("Seeded stock: vendors, thresholds and counts")
struct SeedInventoryTests {
    @Test("demo: thresholds at both locations, some counts below them, untracked variations without counts")
    func demo() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let locations = Set(
                (try await client.get("/v2/locations")).json["locations"]?.arrayValue?.compactMap {
                    $0["id"]?.stringValue
                } ?? [])
            #expect(locations.count == 2)
            var variations: [JSONValue] = []
            var cursor: JSONValue?
            repeat {
                var body: JSONValue = ["object_types": ["ITEM_VARIATION"], "limit": 1000]
                if let cursor { body["cursor"] = cursor }
                let page = try await client.search(body)
                variations += page.objects
                cursor = page.json["cursor"]
            } while cursor != nil
            var counts: [String: [String: Int64]] = [:]
            cursor = nil
            repeat {
                var body: JSONValue = ["states": ["IN_STOCK"]]
                if let cursor { body["cursor"] = cursor }
                let page = try await client.post("/v2/inventory/counts/batch-retrieve", body)
                for count in page.json["counts"]?.arrayValue ?? [] {
                    let id = count["catalog_object_id"]?.stringValue ?? ""
                    counts[id, default: [:]][count["location_id"]?.stringValue ?? ""] =
                        Int64(count["quantity"]?.stringValue ?? "")
                }
                cursor = page.json["cursor"]
            } while cursor != nil

            let tracked = variations.filter { $0["item_variation_data"]?["track_inventory"] == true }
            let untracked = variations.filter { $0["item_variation_data"]?["track_inventory"] == false }
            #expect(tracked.count + untracked.count == variations.count)
            #expect((3...variations.count / 5).contains(untracked.count))
            for variation in untracked {
                let id = variation["id"]?.stringValue ?? ""
                #expect(counts[id] == nil)
                // No stock rules; an override here is only a location difference (a price, sold out).
                let overrides = variation["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
                #expect(overrides.allSatisfy { $0["track_inventory"] == nil && $0["inventory_alert_type"] == nil })
            }
            var low: [String: Int] = [:]
            for variation in tracked {
                let id = variation["id"]?.stringValue ?? ""
                let overrides = variation["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
                #expect(Set(overrides.compactMap { $0["location_id"]?.stringValue }) == locations)
                for override in overrides {
                    #expect(override["track_inventory"] == true && override["inventory_alert_type"] == "LOW_QUANTITY")
                    let location = override["location_id"]?.stringValue ?? ""
                    let threshold = try #require(override["inventory_alert_threshold"]?.int64Value)
                    #expect((3...12).contains(threshold))
                    let quantity = try #require(counts[id]?[location])
                    if quantity < threshold { low[location, default: 0] += 1 }
                }
            }
            for location in locations {
                let share = Double(low[location, default: 0]) / Double(tracked.count)
                #expect((0.08...0.22).contains(share), "\(share) low at \(location)")
            }

            let vendorIds = Set(
                variations.flatMap { $0["item_variation_data"]?["vendor_information"]?.arrayValue ?? [] }
                    .compactMap { $0["vendor_id"]?.stringValue })
            let withVendor = variations.filter { $0["item_variation_data"]?["vendor_information"] != nil }
            #expect(withVendor.count > variations.count * 3 / 4 && withVendor.count < variations.count)
            let info = try #require(withVendor.first?["item_variation_data"]?["vendor_information"]?[0])
            #expect(info["vendor_code"]?.stringValue?.isEmpty == false)
            #expect(
                info["unit_cost_money"]?["currency"] == "GBP" && info["unit_cost_money"]?["amount"]?.int64Value != nil)
            let reply = try await client.post(
                "/v2/vendors/bulk-retrieve", ["vendor_ids": .array(vendorIds.map { .string($0) })])
            let names = (reply.json["responses"]?.objectValue ?? JSONObject()).compactMap {
                $0.value["vendor"]?["name"]?.stringValue
            }
            #expect(names.count == vendorIds.count)
            #expect(names.contains("Acme Supply") && vendorIds.count == 4)
        }
    }

    /// How long seeding takes (100,000 variations, target under 60 s) is `catalog-bench sync`'s to measure: it
    /// seeds that many in its sandbox and reports the time.
    @Test("synthetic: every 5th variation tracked with a threshold and a count, about 20 vendors")
    func synthetic() {
        let state = Seeder.state(for: .synthetic(variations: 10_000), nowMs: 1_700_000_000_000)
        let variations = state.objects.values.filter { $0.type == "ITEM_VARIATION" }.map(\.json)
        #expect(variations.count == 10_000)
        let tracked = variations.filter { $0["item_variation_data"]?["track_inventory"] == true }
        #expect(tracked.count == 2_000)
        #expect(state.counts.count == 2_000)
        let trackedIds = Set(tracked.compactMap { $0["id"]?.stringValue })
        #expect(Set(state.counts.compactMap { $0["catalog_object_id"]?.stringValue }) == trackedIds)
        let location = state.locations.first?["id"]
        #expect(
            tracked.allSatisfy {
                let override = $0["item_variation_data"]?["location_overrides"]?[0]
                return override?["location_id"] == location && override?["inventory_alert_type"] == "LOW_QUANTITY"
            })
        #expect(state.vendors.count == 20)
        let withVendor = variations.filter { $0["item_variation_data"]?["vendor_information"] != nil }.count
        #expect(withVendor > 8_000 && withVendor < 10_000)
    }
}
