import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// A sync never stalls: an object that cannot be stored is held back and the rest is stored, and a
/// cursor Square no longer accepts resumes the pass without losing or skipping anything.
@Suite struct SyncProblemsTests {
    /// Every catalog object id in the search answers the sandbox gave, and how often.
    final class FetchLog: @unchecked Sendable {
        private let lock = NSLock()
        private var fetched: [String: Int] = [:]

        func record(_ exchange: SandboxExchange) {
            guard exchange.path == "/v2/catalog/search", exchange.status == 200,
                let body = try? JSONValue.parse(exchange.responseBody)
            else { return }
            lock.lock()
            defer { lock.unlock() }
            for object in body["objects"]?.arrayValue ?? [] {
                if let id = object["id"]?.stringValue { fetched[id, default: 0] += 1 }
            }
        }

        var counts: [String: Int] {
            lock.lock()
            defer { lock.unlock() }
            return fetched
        }

        func reset() {
            lock.lock()
            defer { lock.unlock() }
            fetched = [:]
        }
    }

    /// Creates `batches` batches of `items` items with three variations each, one upsert per batch, so the
    /// catalog's objects carry many different `updated_at` times (as a shop's do).
    static func stock(_ client: SquareClient, batches: Int, items: Int, from serial: Int) async throws {
        for batch in 0..<batches {
            var objects: [JSONValue] = []
            for index in 0..<items {
                let number = serial + batch * items + index
                let variations: [JSONValue] = (0..<3).map { size in
                    [
                        "type": "ITEM_VARIATION", "id": .string("#v\(number)-\(size)"),
                        "item_variation_data": [
                            "item_id": .string("#i\(number)"), "name": .string(["S", "M", "L"][size]),
                            "sku": .string("BULK-\(number)-\(size)"), "pricing_type": "FIXED_PRICING",
                            "price_money": ["amount": .int(Int64(100 + size)), "currency": "USD"],
                        ],
                    ]
                }
                objects.append([
                    "type": "ITEM", "id": .string("#i\(number)"),
                    "item_data": ["name": .string("Bulk item \(number)"), "variations": .array(variations)],
                ])
            }
            _ = try await client.batchUpsertCatalogObjects(batches: [objects])
        }
    }

    @Test func anObjectThatCannotBeStoredIsHeldBackAndTheRestIsStored() async throws {
        let harness = try await SyncHarness.start(seed: .synthetic(variations: 1500))
        try await cleaningUp({ await harness.stop() }) {
            let server = try await harness.serverObjects()
            let items = server.values.filter { $0["type"] == "ITEM" }.sorted {
                $0["id"]!.stringValue! < $1["id"]!.stringValue!
            }
            let badItem = try #require(items.first { ($0["item_data"]?["variations"]?.arrayValue?.count ?? 0) > 1 })
            let badItemID = try #require(badItem["id"]?.stringValue)
            let waiting = Set(
                (badItem["item_data"]?["variations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
            let otherItem = try #require(items.last)
            let badVariationID = try #require(
                otherItem["item_data"]?["variations"]?.arrayValue?.first?["id"]?.stringValue)
            await harness.server.setFaults(SandboxFaults(badObjects: [badItemID, badVariationID]))

            let first = try await harness.engine.run()
            let held = Dictionary(uniqueKeysWithValues: first.problems.map { ($0.id, $0) })
            #expect(held[badItemID]?.waitsFor == nil && held[badItemID]?.reason.contains("version") == true)
            for id in waiting { #expect(held[id]?.waitsFor == badItemID, "\(id) waits for its item") }
            // A bad variation holds back the item that carries it, with its other variations, and says why.
            let otherItemID = try #require(otherItem["id"]?.stringValue)
            #expect(
                held[otherItemID]?.reason.contains(badVariationID) == true, "\(String(describing: held[otherItemID]))")
            #expect(held[badVariationID] != nil)
            let siblings = Set(
                (otherItem["item_data"]?["variations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
            #expect(Set(held.keys) == waiting.union(siblings).union([badItemID, otherItemID]))
            // Everything else is stored, as the server has it.
            let local = try await harness.database.allObjects()
            let others = server.filter { held[$0.key] == nil }
            let wrong = others.filter { local[$0.key] != $0.value }.count
            #expect(wrong == 0, "\(wrong) of the other objects are not stored as the server has them")
            #expect(local[badItemID] == nil && local[otherItemID] == nil)
            #expect(
                try await harness.database.heldBack(variationID: badVariationID, itemID: otherItemID)?.id == otherItemID
            )

            // Still damaged: the next sync asks again and still holds them back.
            let second = try await harness.engine.run()
            #expect(Set(second.problems.map(\.id)) == Set(held.keys))
            #expect(try await harness.database.syncProblems().first { $0.id == badItemID }?.attempts == 2)

            // Fixed in Square: the next sync stores them, with what waited, and the list empties.
            await harness.server.setFaults(SandboxFaults())
            let third = try await harness.engine.run()
            #expect(third.problems.isEmpty && third.cleared >= held.count, "\(third.cleared)")
            #expect(try await harness.database.syncProblems().isEmpty)
            try await harness.expectDatabaseEqualsServer()
        }
    }

    @Test func expiredCursorsResumeFullAndIncrementalPassesWithoutSkippingAnything() async throws {
        let log = FetchLog()
        let harness = try await SyncHarness.start(seed: .none, onExchange: { log.record($0) })
        try await cleaningUp({ await harness.stop() }) {
            try await Self.stock(harness.client, batches: 40, items: 40, from: 0)
            log.reset()
            // Every third cursor is refused as expired, and Square rate-limits and fails now and then as well.
            // (No dropped answers here: the log would count a page the client never got as fetched.)
            await harness.server.setFaults(
                SandboxFaults(failRate: 0.1, rateLimitEvery: 7, seed: 3, expireCursorEvery: 3))
            let full = try await harness.engine.run()
            #expect(full.kind == .full)
            // (Counted before the check below, which reads the whole catalog through the same endpoint.)
            let fetched = log.counts
            await harness.server.setFaults(SandboxFaults())
            try await harness.expectDatabaseEqualsServer()
            #expect(fetched.values.filter { $0 > 2 }.isEmpty, "objects fetched more than twice")
            #expect(fetched.values.contains(2), "some cursor expired and the pass resumed")

            try await Self.stock(harness.client, batches: 30, items: 40, from: 10_000)
            _ = try await ServerChanges.apply(round: 1, client: harness.client)
            log.reset()
            await harness.server.setFaults(SandboxFaults(rateLimitEvery: 5, expireCursorEvery: 2))
            let incremental = try await harness.engine.run()
            #expect(incremental.kind == .incremental)
            let refetched = log.counts
            await harness.server.setFaults(SandboxFaults())
            try await harness.expectDatabaseEqualsServer()
            #expect(refetched.values.filter { $0 > 2 }.isEmpty, "objects fetched more than twice")
            #expect(refetched.values.contains(2), "some cursor expired and the pass resumed")
        }
    }
}
