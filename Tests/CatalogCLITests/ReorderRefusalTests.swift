import CatalogCore
import CatalogTestSupport
import Foundation
import SquareAPI
import Testing

/// A receipt Square refuses, and the terminal confirmation of a name typed to `reorder add`.
@Suite struct ReorderRefusalTests {
    /// The receipts in the outbox, as `outbox list --all --json` gives them.
    static func receipts(_ shop: ReorderShop) async throws -> [JSONValue] {
        let outbox = try await shop.ok("outbox", "list", "--all", "--json")
        return outbox.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            .filter { $0["kind"] == "inventory" }
    }

    @Test func aReceiptSquareRefusesIsKeptWithTheReasonAndDroppingItPutsTheListBack() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let variationID = try await shop.variationID(DemoCodes.small)
            try await shop.ok("reorder", "add", DemoCodes.small, "--qty", "3")

            // Someone deletes the variation in Square; this counter has not synced since.
            let client = SquareClient(
                configuration: SquareClientConfiguration(baseURL: shop.baseURL, accessToken: ReorderShop.token))
            _ = try await client.deleteCatalogObject(id: variationID)

            let refused = try await shop.catalog(
                "reorder", "receive", DemoCodes.small, "--qty", "2", "--location", "High Street")
            #expect(refused.status == 65, "\(refused.all)")
            #expect(refused.stderr.contains("Square refused the stock receipt"))
            #expect(refused.stderr.contains("outbox resolve"), "\(refused.all)")
            #expect(!refused.all.contains(ReorderShop.token))

            // The receipt is kept, failed, with Square's reason; the list keeps what arrived.
            let kept = try #require(try await Self.receipts(shop).first)
            #expect(kept["status"] == "failed")
            let id = try #require(kept["id"]?.int64Value)
            func line() async throws -> JSONValue {
                try #require(
                    try await shop.jsonLines("reorder", "list", "--json", "--status", "all").first {
                        $0["variation_id"]?.stringValue == variationID
                    })
            }
            #expect(try await line()["received"] == .int(2))

            // Sent again, Square still refuses (the variation is gone): still kept.
            let again = try await shop.catalog("outbox", "resolve", String(id), "--keep", "local")
            #expect(again.status == 65, "\(again.all)")
            #expect(try await Self.receipts(shop).first?["status"] == "failed")

            // Dropped: the list gets its units back, and its history says why.
            try await shop.ok("outbox", "resolve", String(id), "--keep", "remote")
            let restored = try await line()
            #expect(restored["status"] == "wanted")
            #expect(restored["received"] == .int(0))
            #expect(restored["quantity"] == .int(3))
            let history = try await shop.jsonLines("reorder", "history", "--json")
            #expect(history.compactMap { $0["action"]?.stringValue } == ["add", "receive", "receive-refused"])
        }
    }

    @Test func aReceiptWhoseTokenSquareRejectsIsKeptAndCountedOnceWhenSentAgain() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let highStreet = try #require(try await shop.locations()["High Street"])
            let variationID = try await shop.variationID(DemoCodes.small)
            let start = try await shop.inStock(variationID, at: highStreet)
            try await shop.ok("reorder", "add", DemoCodes.small, "--qty", "3")

            let wrongToken = "wrong-token-5f2a"
            let refused = try await shop.catalog(
                "reorder", "receive", DemoCodes.small, "--qty", "1", "--location", "High Street",
                environment: ["SQUARE_ACCESS_TOKEN": wrongToken])
            #expect(refused.status == 69, "\(refused.all)")
            #expect(refused.stderr.contains("access token"), "\(refused.all)")
            #expect(!refused.all.contains(wrongToken))

            // With the token fixed, a sync does not send it behind the person's back...
            try await shop.ok("sync")
            #expect(try await shop.inStock(variationID, at: highStreet) == start)
            let kept = try #require(try await Self.receipts(shop).first)
            #expect(kept["status"] == "failed")
            // ...and sending it again counts it once.
            try await shop.ok("outbox", "resolve", String(try #require(kept["id"]?.int64Value)), "--keep", "local")
            try await shop.ok("sync")
            #expect(try await shop.inStock(variationID, at: highStreet) == ReorderReceiveTests.plus(start, 1))
            let line = try #require(
                try await shop.jsonLines("reorder", "list", "--json", "--status", "all").first {
                    $0["variation_id"]?.stringValue == variationID
                })
            #expect(line["received"] == .int(1))
            #expect(try await Self.receipts(shop).map(\.["status"]) == ["applied"])
        }
    }

    @Test func aNameTypedAtATerminalIsConfirmedFirst() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let hits =
                try JSONValue.parse(try await shop.ok("search", "notebook", "--json", "--limit", "5").stdout)
                .arrayValue ?? []
            #expect(hits.count >= 2)
            let second = try #require(hits.dropFirst().first?["variation_id"]?.stringValue)

            // A pseudo-terminal (util-linux `script`) stands in for the person: they answer 2.
            func typed(_ answer: String) async throws -> CLIResult {
                let command = "\(CLI.binary) reorder add notebook --qty 4"
                return try await CLI.run(
                    ["-c", "printf '\(answer)\\n' | script -q -e -c '\(command)' /dev/null"],
                    environment: shop.environment,
                    folder: shop.folder, binary: "/bin/sh")
            }
            let chosen = try await typed("2")
            #expect(chosen.status == 0, "\(chosen.all)")
            #expect(chosen.stdout.contains("Take 1?"))
            let lines = try await shop.jsonLines("reorder", "list", "--json")
            #expect(lines.count == 1)
            #expect(lines.first?["variation_id"]?.stringValue == second)
            #expect(lines.first?["quantity"] == .int(4))

            let declined = try await typed("n")
            #expect(declined.status == 1, "\(declined.all)")
            #expect(try await shop.jsonLines("reorder", "list", "--json").first?["quantity"] == .int(4))
        }
    }
}
