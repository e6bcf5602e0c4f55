import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Testing

@Suite struct ReorderReceiveTests {
    static let batchCreate = "/v2/inventory/changes/batch-create"

    static func line(_ shop: ReorderShop, _ variationID: String, status: String) async throws -> JSONValue? {
        try await shop.jsonLines("reorder", "list", "--json", "--status", status).first {
            $0["variation_id"]?.stringValue == variationID
        }
    }

    static func plus(_ count: String, _ amount: Int) -> String { "\((Int(count) ?? -1000) + amount)" }

    @Test func receiptsCountOnceInSquareThroughDropsAndOutages() async throws {
        var shop = try await ReorderShop.start(keepData: true)
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let highStreet = try #require(try await shop.locations()["High Street"])
            let small = try await shop.variationID(DemoCodes.small)
            let medium = try await shop.variationID(DemoCodes.medium)
            let large = try await shop.variationID(DemoCodes.large)
            let start = [
                small: try await shop.inStock(small, at: highStreet),
                medium: try await shop.inStock(medium, at: highStreet),
                large: try await shop.inStock(large, at: highStreet),
            ]

            try await shop.ok("reorder", "add", DemoCodes.small, "--qty", "5")
            try await shop.ok("reorder", "add", DemoCodes.medium, "--qty", "3")
            let order = shop.folder.appendingPathComponent("acme.csv").path
            try await shop.ok(
                "reorder", "order", "--vendor", "Acme Supply", "--format", "csv", "--output", order,
                "--reference", "PO-TEST-1")
            let ordered = try await shop.jsonLines("reorder", "list", "--json", "--status", "ordered")
            #expect(Set(ordered.compactMap { $0["variation_id"]?.stringValue }) == [small, medium])
            #expect(ordered.allSatisfy { $0["order_reference"] == "PO-TEST-1" })

            // Partial, then the rest.
            let partial = try await shop.catalog(
                "reorder", "receive", DemoCodes.small, "--qty", "2", "--json",
                environment: ["CATALOG_LOCATION": "High Street"])
            #expect(partial.status == 0, "\(partial.all)")
            #expect(try JSONValue.parse(partial.stdout.trimmingCharacters(in: .newlines))["status"] == "posted")
            #expect(try await shop.inStock(small, at: highStreet) == Self.plus(start[small]!, 2))
            let open = try #require(try await Self.line(shop, small, status: "ordered"))
            #expect(open["received"] == .int(2) && open["quantity"] == .int(5))
            let rest = try await shop.catalog("reorder", "receive", DemoCodes.small, "--location", "High Street")
            #expect(rest.status == 0, "\(rest.all)")
            #expect(rest.stdout.contains("Received 3") && rest.stdout.contains("nothing left on order"))
            #expect(try await shop.inStock(small, at: highStreet) == Self.plus(start[small]!, 5))
            #expect(try await Self.line(shop, small, status: "ordered") == nil)
            let done = try #require(try await Self.line(shop, small, status: "received"))
            #expect(done["received"] == .int(5) && done["order_reference"] == "PO-TEST-1")
            let smallHistory = try await shop.jsonLines("reorder", "history", DemoCodes.small, "--json")
            #expect(smallHistory.compactMap { $0["action"]?.stringValue } == ["add", "order", "receive", "receive"])
            #expect(smallHistory.compactMap { $0["quantity"]?.int64Value } == [5, 5, 2, 3])

            // Dropped answers: each receipt is retried with its key and still counts once.
            let before = shop.log.requests(to: Self.batchCreate).count
            await shop.server?.setFaults(SandboxFaults(dropEvery: 2))
            for quantity in [1, 2] {
                let dropped = try await shop.catalog(
                    "reorder", "receive", DemoCodes.medium, "--qty", "\(quantity)",
                    "--location", "High Street")
                #expect(dropped.status == 0, "\(dropped.all)")
            }
            await shop.server?.setFaults(SandboxFaults())
            let sent = shop.log.requests(to: Self.batchCreate).dropFirst(before)
            #expect(sent.count >= 3, "at least one receipt was sent twice")
            #expect(try await shop.inStock(medium, at: highStreet) == Self.plus(start[medium]!, 3))
            #expect(try await Self.line(shop, medium, status: "received")?["received"] == .int(3))

            // Offline: queued in the outbox (exit 75), sent once by the next sync after a restart.
            try await shop.ok("reorder", "add", DemoCodes.large, "--qty", "4")
            await shop.stopServer()
            let queued = try await shop.catalog("reorder", "receive", DemoCodes.large, "--location", "High Street")
            #expect(queued.status == 75, "\(queued.all)")
            #expect(!queued.all.contains(ReorderShop.token))
            let pending = try await shop.jsonLines("outbox", "list", "--json").filter { $0["status"] == "pending" }
            #expect(pending.count == 1)
            #expect(pending.first?["kind"] == "inventory" && pending.first?["object_id"] == .string(large))
            try await shop.startServer(faults: SandboxFaults())
            #expect(try await shop.inStock(large, at: highStreet) == start[large]!, "the data file kept the counts")
            #expect(try await shop.inStock(small, at: highStreet) == Self.plus(start[small]!, 5))
            try await shop.ok("sync")
            try await shop.ok("sync")
            #expect(try await shop.inStock(large, at: highStreet) == Self.plus(start[large]!, 4))
            let entries = try await shop.jsonLines("outbox", "list", "--json")
            #expect(entries.filter { $0["kind"] == "inventory" }.allSatisfy { $0["status"] == "applied" })
            #expect(try await Self.line(shop, large, status: "received")?["received"] == .int(4))
            let received = try await shop.jsonLines("reorder", "list", "--json", "--status", "received")
            #expect(Set(received.compactMap { $0["variation_id"]?.stringValue }) == [small, medium, large])
        }
    }
}
