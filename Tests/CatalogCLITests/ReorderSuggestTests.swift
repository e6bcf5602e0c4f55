import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

@Suite struct ReorderSuggestTests {
    /// A variation's stock rule at a location, worked out here from the synced catalog JSON.
    struct Rule {
        var tracked: Bool
        var threshold: Int64?
    }

    /// Square's rules, read independently of the code under test: present at the location, tracked
    /// (a location override's `track_inventory` wins), and the override's LOW_QUANTITY threshold.
    static func rules(database: String, locationID: String) async throws -> [String: Rule] {
        let objects = try await CatalogDatabase(path: database).allObjects()
        var rules: [String: Rule] = [:]
        for (id, object) in objects where object["type"] == "ITEM_VARIATION" && object["is_deleted"] != true {
            let data = object["item_variation_data"]
            let item = objects[data?["item_id"]?.stringValue ?? ""]
            guard item?["item_data"]?["is_archived"]?.boolValue != true else { continue }
            let everywhere = object["present_at_all_locations"]?.boolValue ?? true
            let present = (object["present_at_location_ids"]?.arrayValue ?? []).contains(.string(locationID))
            let absent = (object["absent_at_location_ids"]?.arrayValue ?? []).contains(.string(locationID))
            guard everywhere ? !absent : present else { continue }
            let override = data?["location_overrides"]?.arrayValue?.first {
                $0["location_id"]?.stringValue == locationID
            }
            let tracked = override?["track_inventory"]?.boolValue ?? data?["track_inventory"]?.boolValue ?? false
            let threshold =
                override?["inventory_alert_type"] == "LOW_QUANTITY"
                ? override?["inventory_alert_threshold"]?.int64Value : nil
            rules[id] = Rule(tracked: tracked, threshold: threshold)
        }
        return rules
    }

    /// What suggest should propose at a location: `ceil(threshold * 2 - on_hand)`, at least 1, for tracked
    /// variations at or below their threshold, with the sandbox's own counts.
    static func expected(
        _ shop: ReorderShop, rules: [String: Rule], locationID: String
    ) async throws -> [String: String] {
        var proposals: [String: String] = [:]
        for (id, rule) in rules where rule.tracked {
            guard let threshold = rule.threshold else { continue }
            let onHand = try await shop.inStock(id, at: locationID)
            let stock = try #require(Decimal(string: onHand))
            guard stock <= Decimal(threshold) else { continue }
            var gap = Decimal(threshold * 2) - stock
            var rounded = Decimal()
            NSDecimalRound(&rounded, &gap, 0, .up)
            let proposal = max(1, NSDecimalNumber(decimal: rounded).intValue)
            proposals[id] = "\(proposal) on \(onHand) low at \(threshold)"
        }
        return proposals
    }

    static func proposals(_ lines: [JSONValue]) -> [String: String] {
        var result: [String: String] = [:]
        for line in lines {
            let proposal = line["proposal"]?.int64Value.map(String.init) ?? "?"
            let threshold = line["threshold"]?.int64Value.map(String.init) ?? "?"
            result[line["variation_id"]?.stringValue ?? "?"] =
                "\(proposal) on \(line["on_hand"]?.stringValue ?? "?") low at \(threshold)"
        }
        return result
    }

    @Test func proposalsMatchTheSandboxCountsAndThresholdsAtBothLocations() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let locations = try await shop.locations()
            #expect(Set(locations.keys) == ["High Street", "Market Hall"])

            var found: [String: [String: String]] = [:]
            for (name, locationID) in locations.sorted(by: { $0.key < $1.key }) {
                let rules = try await Self.rules(database: shop.database, locationID: locationID)
                let expected = try await Self.expected(shop, rules: rules, locationID: locationID)
                #expect(expected.count > 5, "the demo shop has low stock at \(name)")
                let untracked = Set(rules.filter { !$0.value.tracked }.keys)
                #expect(!untracked.isEmpty, "the demo shop has untracked variations")
                // One location by --location, the other by CATALOG_LOCATION.
                let run =
                    name == "High Street"
                    ? try await shop.catalog("reorder", "suggest", "--location", "high street", "--json")
                    : try await shop.catalog("reorder", "suggest", "--json", environment: ["CATALOG_LOCATION": name])
                #expect(run.status == 0, "\(run.all)")
                let lines = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
                let got = Self.proposals(lines)
                #expect(got == expected, "\(name)")
                #expect(untracked.isDisjoint(with: got.keys), "untracked variations are never proposed")
                let tracked = rules.values.filter(\.tracked).count
                #expect(run.stderr.contains("\(name): \(tracked) tracked variations"), "\(run.stderr)")
                found[name] = got
            }
            #expect(found["High Street"] != found["Market Hall"], "the two locations differ")

            // --apply adds exactly the proposals; a second run proposes nothing new.
            let applied = try await shop.catalog("reorder", "suggest", "--location", "High Street", "--apply")
            #expect(applied.status == 0, "\(applied.all)")
            let highStreet = try #require(found["High Street"])
            let lines = try await shop.jsonLines("reorder", "list", "--json")
            var listed: [String: String] = [:]
            for line in lines {
                listed[line["variation_id"]?.stringValue ?? "?"] = line["quantity"]?.int64Value.map(String.init)
            }
            #expect(listed == highStreet.mapValues { String($0.prefix { $0 != " " }) })
            let again = try await shop.catalog("reorder", "suggest", "--location", "High Street", "--json")
            #expect(again.status == 0)
            #expect(again.stdout.isEmpty, "nothing new to propose: \(again.stdout.prefix(300))")
            #expect(again.stderr.contains("\(highStreet.count) already on the list"), "\(again.stderr)")
        }
    }

    @Test func suggestPagesCountsForMoreThanAThousandTrackedVariations() async throws {
        let shop = try await ReorderShop.start(seed: .synthetic(variations: 6000))
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let locations = try await shop.locations()
            let (name, locationID) = try #require(locations.sorted { $0.key < $1.key }.first)
            let rules = try await Self.rules(database: shop.database, locationID: locationID)
            let tracked = Set(rules.filter(\.value.tracked).keys)
            #expect(tracked.count > 1000 && tracked.count < rules.count)

            let before = shop.log.requests(to: "/v2/inventory/counts/batch-retrieve").count
            let started = Date()
            let run = try await shop.catalog("reorder", "suggest", "--location", name)
            let elapsed = Date().timeIntervalSince(started)
            #expect(run.status == 0, "\(run.all)")
            let requests = shop.log.requests(to: "/v2/inventory/counts/batch-retrieve").dropFirst(before)
            #expect(requests.count >= 2, "more than 1,000 ids need several requests")
            var asked: [String] = []
            for request in requests {
                let body = try JSONValue.parse(request.requestBody)
                let ids = body["catalog_object_ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(ids.count <= 1000)
                #expect(request.status == 200)
                asked += ids
            }
            #expect(Set(asked) == tracked, "every tracked variation's count is read, and only those")
            #expect(
                run.stdout.contains("\(name): \(groupedCount(tracked.count)) tracked variations"),
                "\(run.stdout.suffix(300))")
            print("reorder suggest over \(tracked.count) tracked of \(rules.count) variations took \(elapsed) s")
        }
    }
}

/// A count as `catalog` prints it: thousands separated by commas.
func groupedCount(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}
