import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

@Suite("Price import: applying to Square")
struct PriceImportApplyTests {
    /// `object` without the members a write is allowed to change.
    static func stripped(_ object: JSONValue, price: Bool) -> JSONValue {
        var object = object
        object["version"] = nil
        object["updated_at"] = nil
        if price { object["item_variation_data"]?["price_money"] = nil }
        if object["item_data"] != nil { object["item_data"]?["variations"] = nil }
        return object
    }

    @Test("Only the named prices change; every other field and object stays; history and report rows agree")
    func changesExactlyThePrices() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(5)
            let before = try await SyncHarness.objects(fixture.client)
            let file = ["code,price"] + v.map { "\($0.upc!),\(PriceImportFixture.raised($0, by: 7).decimalString)" }
            let plan = try await fixture.importer.plan(file.csv)
            let result = try await fixture.importer.apply(
                plan, client: fixture.client, counter: "till-1", source: "supplier.csv")
            #expect(result.stopReason == nil)
            #expect(result.rows.map(\.status) == Array(repeating: .updated, count: 5))
            #expect(fixture.log.count("POST", "/v2/catalog/batch-upsert") == 1)
            #expect(fixture.log.count("POST", "/v2/catalog/object") == 0)

            let after = try await SyncHarness.objects(fixture.client)
            #expect(after.count == before.count)
            let changed = Set(v.map(\.variationID))
            for (id, old) in before {
                let new = try #require(after[id])
                if changed.contains(id) {
                    #expect(Self.stripped(new, price: true) == Self.stripped(old, price: true))
                    let expected = PriceImportFixture.raised(v.first { $0.variationID == id }!, by: 7)
                    #expect(new["item_variation_data"]?["price_money"].flatMap(Money.init(json:)) == expected)
                    #expect(new["version"]!.int64Value! > old["version"]!.int64Value!)
                } else if old["type"] == "ITEM" {
                    #expect(Self.stripped(new, price: false) == Self.stripped(old, price: false))
                } else {
                    #expect(new == old, "\(id) must not change")
                }
            }
            let history = try await fixture.database.history(objectIDs: Array(changed))
            #expect(history.count == 5)
            for row in result.rows {
                let entry = try #require(history.first { $0.objectID == row.variationID })
                #expect(entry.action == .import && entry.field == "price" && entry.counter == "till-1")
                #expect(entry.source == "supplier.csv line \(row.line)")
                #expect(entry.oldValue.flatMap(Money.init(json:)) == row.oldPrice)
                #expect(entry.newValue.flatMap(Money.init(json:)) == row.newPrice)
                #expect(entry.version == row.version)
                let local = try await fixture.database.variation(objectID: row.variationID!)
                #expect(local?.price == row.newPrice)
            }
        }
    }

    @Test("A rerun of the same file changes nothing: all unchanged, no new versions, no new history")
    func rerunChangesNothing() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(3)
            let file = (["sku,price"] + v.map { "\($0.sku!),\(PriceImportFixture.raised($0, by: 1).decimalString)" })
                .csv
            let plan = try await fixture.importer.plan(file)
            _ = try await fixture.importer.apply(plan, client: fixture.client, counter: "c", source: "f.csv")
            let versions = try await v.asyncMap { try await fixture.serverObject($0.variationID)["version"] }

            // As after a crash before the local database heard back: the stale plan still says "change".
            let rerun = try await fixture.importer.apply(plan, client: fixture.client, counter: "c", source: "f.csv")
            #expect(rerun.rows.map(\.status) == [.unchanged, .unchanged, .unchanged])
            #expect(try await v.asyncMap { try await fixture.serverObject($0.variationID)["version"] } == versions)
            let replanned = try await fixture.importer.plan(file)
            #expect(replanned.rows.map(\.status) == [.unchanged, .unchanged, .unchanged])
            #expect(try await fixture.database.history().count == 3)
        }
    }

    @Test("A name changed on Square between plan and apply survives next to the new price")
    func concurrentNameChangeSurvives() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(2)
            let plan = try await fixture.importer.plan(
                (["upc,price"] + v.map { "\($0.upc!),\(PriceImportFixture.raised($0, by: 3).decimalString)" }).csv)
            var variation = try await fixture.serverObject(v[0].variationID)
            variation["item_variation_data"]?["name"] = "Renamed elsewhere"
            _ = try await fixture.client.upsertCatalogObject(variation)
            var item = try await fixture.serverObject(v[1].itemID)
            item["item_data"]?["name"] = "Item renamed elsewhere"
            _ = try await fixture.client.upsertCatalogObject(item)

            let result = try await fixture.importer.apply(plan, client: fixture.client, counter: "c", source: "f.csv")
            #expect(result.rows.map(\.status) == [.updated, .updated])
            let first = try await fixture.serverObject(v[0].variationID)
            #expect(first["item_variation_data"]?["name"] == "Renamed elsewhere")
            #expect(
                Money(json: first["item_variation_data"]!["price_money"]!) == PriceImportFixture.raised(v[0], by: 3))
            #expect(try await fixture.serverObject(v[1].itemID)["item_data"]?["name"] == "Item renamed elsewhere")
            let second = try await fixture.serverObject(v[1].variationID)
            #expect(
                Money(json: second["item_variation_data"]!["price_money"]!) == PriceImportFixture.raised(v[1], by: 3))
        }
    }

    @Test("A write landing between fetch and upsert: the batch is retried object by object")
    func versionMismatchRetriedObjectByObject() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(4)
            let plan = try await fixture.importer.plan(
                (["sku,price"] + v.map { "\($0.sku!),\(PriceImportFixture.raised($0, by: 11).decimalString)" }).csv)
            var importer = fixture.importer
            let client = fixture.client
            let target = v[2].variationID
            let competing = Money(amount: 1, currency: v[2].price!.currency).json
            importer.afterBatchRetrieve = { _ in
                // A second writer changes one object's price after our fetch.
                var object = try await client.retrieveCatalogObject(id: target).object
                object["item_variation_data"]?["price_money"] = competing
                _ = try await client.upsertCatalogObject(object)
            }
            let result = try await importer.apply(plan, client: fixture.client, counter: "c", source: "f.csv")
            #expect(result.rows.map(\.status) == Array(repeating: .updated, count: 4))
            #expect(fixture.log.count("POST", "/v2/catalog/batch-upsert") == 1)
            #expect(fixture.log.count("POST", "/v2/catalog/object") == 5, "one competing write and four one by one")
            for variation in v {
                let object = try await fixture.serverObject(variation.variationID)
                #expect(
                    Money(json: object["item_variation_data"]!["price_money"]!)
                        == PriceImportFixture.raised(variation, by: 11))
            }
            let entry = try #require(try await fixture.database.history(objectIDs: [target]).first)
            #expect(entry.oldValue.flatMap(Money.init(json:))?.amount == 1, "the old value is what Square held")
        }
    }

    @Test("Rate limits and dropped connections: every row lands exactly once")
    func faults() async throws {
        let fixture = try await PriceImportFixture.start(variations: 900)
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(230)
            let before = try await SyncHarness.objects(fixture.client)
            await fixture.server.setFaults(SandboxFaults(rateLimitEvery: 3, dropEvery: 4))
            let plan = try await fixture.importer.plan(
                (["sku,price"] + v.map { "\($0.sku!),\(PriceImportFixture.raised($0, by: 5).decimalString)" }).csv)
            let result = try await fixture.importer.apply(plan, client: fixture.client, counter: "c", source: "f.csv")
            await fixture.server.setFaults(SandboxFaults())
            #expect(result.stopReason == nil)
            #expect(result.counts[.updated] == 230)
            let after = try await SyncHarness.objects(fixture.client)
            #expect(Set(after.keys) == Set(before.keys), "no object created or lost")
            for variation in v {
                #expect(
                    after[variation.variationID]?["item_variation_data"]?["price_money"].flatMap(Money.init(json:))
                        == PriceImportFixture.raised(variation, by: 5))
            }
            let history = try await fixture.database.history()
            #expect(history.count == 230)
            #expect(Set(history.map(\.objectID)).count == 230)
        }
    }

    @Test("Square gone part way: the rest is not_sent, and a rerun finishes the job")
    func unreachableThenRerun() async throws {
        let fixture = try await PriceImportFixture.start(variations: 600, dataFile: "sandbox.json")
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(150)
            let file = (["sku,price"] + v.map { "\($0.sku!),\(PriceImportFixture.raised($0, by: 2).decimalString)" })
                .csv
            var importer = fixture.importer
            let server = fixture.server
            let batches = Counter()
            importer.afterBatchRetrieve = { _ in
                if batches.next() == 2 { await server.stop() }
            }
            let plan = try await importer.plan(file)
            let fast = SquareClient(
                configuration: SquareClientConfiguration(
                    baseURL: fixture.server.baseURL, accessToken: SyncHarness.token, requestTimeout: 2,
                    retry: RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.05)))
            let first = try await importer.apply(plan, client: fast, counter: "c", source: "f.csv")
            #expect(first.stopReason != nil)
            #expect(first.counts[.updated] == 100)
            #expect(first.counts[.notSent] == 50)

            let restarted = try await SandboxServer.start(
                SandboxConfiguration(
                    port: 0, token: SyncHarness.token,
                    dataFile: fixture.folder.appendingPathComponent("sandbox.json").path)
            )
            try await cleaningUp({ await restarted.stop() }) {
                let client = SyncHarness.client(for: restarted.baseURL)
                let replanned = try await fixture.importer.plan(file)
                #expect(replanned.counts[.unchanged] == 100 && replanned.counts[.change] == 50)
                let second = try await fixture.importer.apply(replanned, client: client, counter: "c", source: "f.csv")
                #expect(second.counts[.updated] == 50 && second.stopReason == nil)
                for variation in v {
                    let object = try await client.retrieveCatalogObject(id: variation.variationID).object
                    #expect(
                        Money(json: object["item_variation_data"]!["price_money"]!)
                            == PriceImportFixture.raised(variation, by: 2))
                }
                #expect(try await fixture.database.history().count == 150)
            }
        }
    }
}

/// A thread-safe counter for hooks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next value, starting at 1.
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
