import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Sandbox

/// Counts worked out from the inventory history by Square's rule, whatever order changes arrive in,
/// and the history itself: queried, paged, looked up by id, kept in the data file.
@Suite("Inventory history")
struct InventoryHistoryTests {
    static let t0 = "2025-09-01T09:00:00Z"
    static let t1 = "2025-09-01T10:00:00Z"
    static let t2 = "2025-09-01T11:00:00Z"
    static let t3 = "2025-09-01T12:00:00Z"
    static let create = "/v2/inventory/changes/batch-create"
    static let history = "/v2/inventory/changes/batch-retrieve"

    /// Posts `changes` under a new idempotency key and requires success.
    @discardableResult
    static func post(_ client: Client, _ changes: JSONValue...) async throws -> Reply {
        let reply = try await client.post(
            create, ["idempotency_key": .string(UUID().uuidString), "changes": .array(changes)])
        #expect(reply.status == 200, "\(reply.json)")
        return reply
    }

    /// Runs `body` on a demo sandbox with its first tracked variation and its locations (InventoryChangesTests.target).
    static func withDemoTarget(_ body: (Client, String, [String]) async throws -> Void) async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo, clockOffset: inventoryClock)) { _, client in
            let (variation, locations) = try await InventoryChangesTests.target(client)
            try await body(client, variation, locations)
        }
    }

    /// The ids of the changes a history query answers on all its pages, following cursors.
    static func changeIds(_ client: Client, _ query: JSONValue, path: String = history) async throws -> [String] {
        var ids: [String] = []
        var body = query
        for _ in 0..<100 {
            let reply = try await client.post(path, body)
            #expect(reply.status == 200, "\(reply.json)")
            ids += (reply.json["changes"]?.arrayValue ?? []).compactMap(Self.id)
            guard let cursor = reply.json["cursor"] else { return ids }
            body["cursor"] = cursor
        }
        Issue.record("the cursors never ended")
        return ids
    }

    /// The id of an answered change, whichever kind it is.
    static func id(_ change: JSONValue) -> String? {
        (change["physical_count"] ?? change["adjustment"])?["id"]?.stringValue
    }

    static func sale(_ variation: String, _ location: String, _ quantity: String, at time: String) -> JSONValue {
        InventoryChangesTests.adjustment(variation, location, quantity, from: "IN_STOCK", to: "SOLD", at: time)
    }

    static func receipt(_ variation: String, _ location: String, _ quantity: String, at time: String) -> JSONValue {
        InventoryChangesTests.adjustment(variation, location, quantity, from: "NONE", to: "IN_STOCK", at: time)
    }

    static func count(_ variation: String, _ location: String, _ quantity: String, at time: String) -> JSONValue {
        InventoryChangesTests.physicalCount(variation, location, quantity, at: time)
    }

    @Test("a sale that occurred after a count but arrived before it still comes off the count")
    func saleArrivingBeforeItsCount() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            try await Self.post(client, Self.sale(variation, locations[0], "2", at: Self.t2))
            let reply = try await Self.post(client, Self.count(variation, locations[0], "10", at: Self.t1))
            let count = try #require(reply.json["counts"]?[0])
            #expect(count["quantity"] == "8")
            #expect(count["calculated_at"] == reply.json["changes"]?[0]?["physical_count"]?["created_at"])
            #expect(try await InventoryChangesTests.quantity(client, variation, locations[0]) == "8")
            let counts = try await client.post(
                "/v2/inventory/counts/batch-retrieve",
                ["catalog_object_ids": [.string(variation)], "location_ids": [.string(locations[0])]])
            #expect(counts.json["counts"]?[0] == count)
        }
    }

    @Test("a count older than a later one is kept in history but does not set the quantity")
    func olderCountKeptButIgnored() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let later = try await Self.post(client, Self.count(variation, locations[0], "10", at: Self.t2))
            let older = try await Self.post(client, Self.count(variation, locations[0], "50", at: Self.t1))
            #expect(older.json["counts"]?[0]?["quantity"] == "10")
            let after = try await Self.post(client, Self.receipt(variation, locations[0], "5", at: Self.t3))
            #expect(after.json["counts"]?[0]?["quantity"] == "15")
            let ids = try await Self.changeIds(client, ["catalog_object_ids": [.string(variation)]])
            let expected = [older, later, after].compactMap { $0.json["changes"]?[0].flatMap(Self.id) }
            #expect(ids == expected, "oldest occurred_at first")
        }
    }

    @Test("adjustments that occurred at or before the latest count are covered by it")
    func adjustmentsBeforeTheCount() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            try await Self.post(client, Self.count(variation, locations[0], "10", at: Self.t1))
            let early = try await Self.post(client, Self.receipt(variation, locations[0], "5", at: Self.t0))
            #expect(early.json["counts"]?[0]?["quantity"] == "10")
            let same = try await Self.post(client, Self.sale(variation, locations[0], "1", at: Self.t1))
            #expect(same.json["counts"]?[0]?["quantity"] == "10")
            let late = try await Self.post(client, Self.receipt(variation, locations[0], "3", at: Self.t3))
            #expect(late.json["counts"]?[0]?["quantity"] == "13")
            #expect(try await InventoryChangesTests.quantity(client, variation, locations[0]) == "13")
        }
    }

    @Test("without a count every adjustment applies to the seeded count; a count then covers the earlier ones")
    func seededBaseline() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let seeded = try #require(try await InventoryChangesTests.quantity(client, variation, locations[1]))
            let base = try #require(InventoryQuantity(seeded, allowNegative: true))
            try await Self.post(client, Self.receipt(variation, locations[1], "4", at: Self.t2))
            let reply = try await Self.post(client, Self.sale(variation, locations[1], "1.5", at: Self.t0))
            let expected = base + InventoryQuantity("2.5")!
            #expect(reply.json["counts"]?[0]?["quantity"]?.stringValue == expected.text)
            let counted = try await Self.post(client, Self.count(variation, locations[1], "20", at: Self.t1))
            #expect(counted.json["counts"]?[0]?["quantity"] == "24", "the receipt at t2 applies, the sale at t0 not")
        }
    }

    @Test("of counts that occurred at the same moment the later arrival wins, within one request too")
    func tiedCounts() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let both = try await Self.post(
                client,
                Self.count(variation, locations[0], "7", at: Self.t1),
                Self.count(variation, locations[0], "9", at: Self.t1))
            #expect(both.json["counts"]?.arrayValue?.count == 1)
            #expect(both.json["counts"]?[0]?["quantity"] == "9")
            let again = try await Self.post(
                client, Self.count(variation, locations[0], "4", at: "2025-09-01T11:00:00+01:00"))
            #expect(again.json["counts"]?[0]?["quantity"] == "4", "the same instant written with an offset")
        }
    }

    @Test("history: oldest occurred_at first, ties in arrival order, filtered, paged, on both paths")
    func historyQuery() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let first = try await Self.post(
                client,
                Self.sale(variation, locations[0], "1", at: Self.t2),
                Self.count(variation, locations[0], "12", at: Self.t1),
                Self.receipt(variation, locations[1], "3", at: Self.t1))
            try await Task.sleep(for: .milliseconds(5))
            let second = try await Self.post(
                client,
                Self.receipt(variation, locations[1], "2", at: Self.t0),
                InventoryChangesTests.adjustment(
                    variation, locations[0], "1", from: "IN_STOCK", to: "WASTE", at: Self.t3))
            let a = (first.json["changes"]?.arrayValue ?? []).compactMap(Self.id)
            let b = (second.json["changes"]?.arrayValue ?? []).compactMap(Self.id)
            let all = [b[0], a[1], a[2], a[0], b[1]]
            #expect(try await Self.changeIds(client, [:]) == all)
            #expect(try await Self.changeIds(client, ["limit": 2]) == all, "pages of two")
            #expect(
                try await Self.changeIds(client, ["limit": 1], path: "/v2/inventory/batch-retrieve-changes") == all)
            #expect(try await Self.changeIds(client, ["types": ["PHYSICAL_COUNT"]]) == [a[1]])
            #expect(try await Self.changeIds(client, ["types": ["TRANSFER"]]).isEmpty)
            #expect(try await Self.changeIds(client, ["states": ["SOLD", "WASTE"]]) == [a[0], b[1]])
            #expect(try await Self.changeIds(client, ["states": ["IN_STOCK"]]) == all)
            #expect(try await Self.changeIds(client, ["location_ids": [.string(locations[1])]]) == [b[0], a[2]])
            #expect(try await Self.changeIds(client, ["catalog_object_ids": ["NOSUCHVARIATION"]]).isEmpty)
            let created = try #require(first.json["changes"]?[0]?["adjustment"]?["created_at"])
            let createdLater = try #require(second.json["changes"]?[0]?["adjustment"]?["created_at"])
            #expect(try await Self.changeIds(client, ["updated_after": created]) == [b[0], b[1]])
            #expect(try await Self.changeIds(client, ["updated_before": createdLater]) == [a[1], a[2], a[0]])

            let page = try await client.post(Self.history, ["limit": 2])
            let cursor = try #require(page.json["cursor"])
            let foreign = try await client.post(Self.history, ["limit": 3, "cursor": cursor])
            #expect(foreign.status == 400 && foreign.code == "INVALID_CURSOR")
            let refusals: [(JSONValue, String, String)] = [
                (["types": ["RECOUNT"]], "INVALID_ENUM_VALUE", "types[0]"),
                (["states": ["IN_STOCK", "LOST"]], "INVALID_ENUM_VALUE", "states[1]"),
                (["updated_after": "yesterday"], "INVALID_TIME", "updated_after"),
                (["updated_before": 5], "EXPECTED_STRING", "updated_before"),
                (["limit": 0], "VALUE_TOO_LOW", "limit"),
                (["limit": 1001], "VALUE_TOO_HIGH", "limit"),
                (["location_ids": "somewhere"], "EXPECTED_ARRAY", "location_ids"),
            ]
            for (body, code, field) in refusals {
                let reply = try await client.post(Self.history, body)
                #expect(reply.status == 400 && reply.code == code, "\(body): \(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"]?.stringValue == field, "\(reply.json)")
            }
        }
    }

    @Test("one physical count or adjustment by id; the other kind's id or an unknown one is not found")
    func changeById() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let reply = try await Self.post(
                client,
                Self.count(variation, locations[0], "3", at: Self.t1),
                Self.sale(variation, locations[0], "1", at: Self.t2))
            let count = try #require(reply.json["changes"]?[0]?["physical_count"])
            let sale = try #require(reply.json["changes"]?[1]?["adjustment"])
            let countID = try #require(count["id"]?.stringValue)
            let saleID = try #require(sale["id"]?.stringValue)
            #expect(try await client.get("/v2/inventory/physical-counts/\(countID)").json["count"] == count)
            #expect(try await client.get("/v2/inventory/adjustments/\(saleID)").json["adjustment"] == sale)
            for path in ["physical-counts/\(saleID)", "adjustments/\(countID)", "adjustments/NOSUCHCHANGE"] {
                let missing = try await client.get("/v2/inventory/\(path)")
                #expect(missing.status == 404 && missing.code == "NOT_FOUND", "\(path)")
            }
        }
    }

    @Test("history is kept in the data file; after a restart counts still follow it, and old files load")
    func dataFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hist-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var variation = ""
        var locations: [String] = []
        var before: [String] = []
        try await withSandbox(SandboxConfiguration(seed: .demo, dataFile: path, clockOffset: inventoryClock)) {
            _, client in
            (variation, locations) = try await InventoryChangesTests.target(client)
            try await Self.post(client, Self.sale(variation, locations[0], "2", at: Self.t2))
            try await Self.post(client, Self.count(variation, locations[0], "10", at: Self.t1))
            before = try await Self.changeIds(client, [:])
        }
        try await withSandbox(SandboxConfiguration(seed: .none, dataFile: path, clockOffset: inventoryClock)) {
            _, client in
            #expect(try await Self.changeIds(client, [:]) == before)
            #expect(try await InventoryChangesTests.quantity(client, variation, locations[0]) == "8")
            let older = try await Self.post(client, Self.count(variation, locations[0], "40", at: Self.t0))
            #expect(older.json["counts"]?[0]?["quantity"] == "8", "the reloaded count at t1 still wins")
            let saleID = try #require(before.last)
            #expect(try await client.get("/v2/inventory/adjustments/\(saleID)").status == 200)
        }
        // A file from before the history: its counts are the base the next adjustments apply to.
        var document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path)))
        document["inventory_changes"] = nil
        try Data(document.serializedBytes()).write(to: URL(fileURLWithPath: path))
        try await withSandbox(SandboxConfiguration(seed: .none, dataFile: path, clockOffset: inventoryClock)) {
            _, client in
            #expect(try await Self.changeIds(client, [:]).isEmpty)
            let reply = try await Self.post(client, Self.sale(variation, locations[0], "1", at: Self.t0))
            #expect(reply.json["counts"]?[0]?["quantity"] == "7")
        }
    }

    @Test("a repeated idempotency key answers the first result and adds nothing to the history")
    func idempotentRepeat() async throws {
        try await Self.withDemoTarget { client, variation, locations in
            let body: JSONValue = [
                "idempotency_key": "history-once",
                "changes": [Self.count(variation, locations[0], "6", at: Self.t1)],
            ]
            let first = try await client.post(Self.create, body)
            try await Self.post(client, Self.sale(variation, locations[0], "1", at: Self.t2))
            let again = try await client.post(Self.create, body)
            #expect(again.status == 200 && again.json == first.json)
            #expect(try await Self.changeIds(client, [:]).count == 2)
            #expect(try await InventoryChangesTests.quantity(client, variation, locations[0]) == "5")
        }
    }
}

/// The quantity rule against a replay of the whole history, on a large synthetic shop.
@Suite("Inventory history at scale")
struct InventoryHistoryScaleTests {
    /// The rule worked out from scratch for one key: the latest count by (occurred_at, arrival) and the
    /// adjustments after it, or, with no count, the seeded quantity and every adjustment.
    static func replay(_ changes: [(count: Bool, delta: Int64, at: Int)], seeded: Int64) -> Int64 {
        let latest = changes.indices.filter { changes[$0].count }.max {
            changes[$0].at < changes[$1].at || (changes[$0].at == changes[$1].at && $0 < $1)
        }
        guard let latest else { return changes.reduce(seeded) { $0 + $1.delta } }
        return changes.filter { !$0.count && $0.at > changes[latest].at }.reduce(changes[latest].delta) {
            $0 + $1.delta
        }
    }

    @Test("5,000 changes in 50 requests against 100,000 variations leave every count as a replay of its history says")
    func fiftyRequests() async throws {
        let state = Seeder.state(for: .synthetic(variations: 100_000), nowMs: 1_700_000_000_000)
        let keys: [(variation: String, location: String, seeded: Int64)] = state.counts.prefix(300).compactMap {
            count in
            guard let variation = count["catalog_object_id"]?.stringValue,
                let location = count["location_id"]?.stringValue,
                let quantity = count["quantity"]?.stringValue.flatMap({ InventoryQuantity($0, allowNegative: true) })
            else { return nil }
            return (variation, location, quantity.scaled / InventoryQuantity.scale)
        }
        let engine = SandboxEngine(
            state: state, faults: SandboxFaults(), dataFile: nil, clock: SandboxClock(offsetSeconds: inventoryClock))
        var random = SplitMix64(seed: 19)
        var model: [Int: [(count: Bool, delta: Int64, at: Int)]] = [:]
        for request in 0..<50 {
            var changes: [JSONValue] = []
            for _ in 0..<100 {
                // One key in ten is hot, so some histories grow long.
                let index = random.next() % 10 == 0 ? 0 : Int(random.next() % UInt64(keys.count))
                let key = keys[index]
                let minute = Int(random.next() % 600)
                let at = String(format: "2025-09-01T%02d:%02d:00Z", 8 + minute / 60, minute % 60)
                let amount = Int64(random.next() % 20) + 1
                switch random.next() % 3 {
                case 0:
                    changes.append(
                        InventoryChangesTests.physicalCount(key.variation, key.location, String(amount), at: at))
                    model[index, default: []].append((true, amount, minute))
                case 1:
                    changes.append(InventoryHistoryTests.receipt(key.variation, key.location, String(amount), at: at))
                    model[index, default: []].append((false, amount, minute))
                default:
                    changes.append(InventoryHistoryTests.sale(key.variation, key.location, String(amount), at: at))
                    model[index, default: []].append((false, -amount, minute))
                }
            }
            let body: JSONValue = ["idempotency_key": .string("scale-\(request)"), "changes": .array(changes)]
            let sandboxRequest = SandboxRequest(
                method: "POST", path: InventoryHistoryTests.create, rawQuery: "", body: body.serializedBytes())
            let reply = await engine.handle(sandboxRequest)
            #expect(reply.status == 200)
        }
        let final = await engine.state
        #expect(final.inventoryHistory.records.count == 5_000)
        for (index, changes) in model {
            let key = keys[index]
            let expected = Self.replay(changes, seeded: key.seeded)
            let quantity = final.inStock(variationId: key.variation, locationId: key.location)
            #expect(quantity == InventoryQuantity(scaled: expected * InventoryQuantity.scale), "key \(index)")
        }
    }
}
