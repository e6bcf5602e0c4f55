import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Writes are recorded once and only when Square took them: several senders at once, answers that did
/// not come from Square, and a process killed between Square's answer and the local record.
@Suite struct WriteSafetyTests {
    /// The outbox entries, as `catalog outbox list --all --json` prints them.
    static func outbox(_ shop: ReorderShop) async throws -> [JSONValue] {
        try await shop.jsonLines("outbox", "list", "--all", "--json")
    }

    @Test func threeSendersAtOnceSendAndRecordAQueuedCreationOnce() async throws {
        var shop = try await ReorderShop.start(keepData: true)
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            await shop.stopServer()
            let queued = try await shop.catalog("item", "create", "--name", "Senders Tea", "--price", "3.50")
            #expect(queued.status == 75, "\(queued.all)")
            try await shop.startServer(faults: SandboxFaults())

            let runs = try [["sync"], ["sync"], ["outbox", "send"]].map { arguments in
                try CLI.launch(arguments, environment: shop.environment, folder: shop.folder)
            }
            var applied = 0
            for run in runs {
                let result = try await run.finish()
                #expect(result.status == 0, "\(result.all)")
                let counts = result.all.split(separator: "\n").compactMap { line -> Int? in
                    guard let range = line.range(of: "outbox: ") else { return nil }
                    return Int(line[range.upperBound...].prefix { $0.isNumber })
                }
                applied += counts.reduce(0, +)
            }
            #expect(applied == 1, "the three processes together applied the creation \(applied) times")
            #expect(shop.log.requests(to: "/v2/catalog/batch-upsert").count == 1)
            let history = try await shop.jsonLines("history", "--json")
            let names = history.filter { $0["action"] == "create" && $0["new_value"] == "Senders Tea" }
            #expect(names.count == 1, "\(names)")
            let entries = try await Self.outbox(shop).filter { $0["kind"] == "create" }
            #expect(entries.map(\.["status"]) == ["applied"])
        }
    }

    /// The binary's side of it: exit 75, the reason, and the next `catalog sync` sending it once. Edits,
    /// creations and imports are checked in-process (WriteSafetyWorkflowTests).
    @Test func answersThatDidNotComeFromSquareAreNeverTakenAsDone() async throws {
        var shop = try await ReorderShop.start(keepData: true)
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let highStreet = try #require(try await shop.locations()["High Street"])
            let variationID = try await shop.variationID(DemoCodes.small)
            let start = try await shop.inStock(variationID, at: highStreet)
            await shop.stopServer()
            // A wrong SQUARE_BASE_URL or a proxy: every request is answered 200 {} without Square's header.
            try await shop.startServer(faults: SandboxFaults(foreignAnswerEvery: 1))

            let received = try await shop.catalog(
                "reorder", "receive", DemoCodes.small, "--qty", "7", "--location", "High Street")
            #expect(received.status == 75, "\(received.all)")
            #expect(received.stdout.hasPrefix("Queued: 7"), "\(received.all)")
            #expect(received.all.contains("Square-Version"), "\(received.all)")
            #expect(try await shop.jsonLines("history", "--json").isEmpty)

            // The right server again: the next sync sends each queued write once.
            await shop.stopServer()
            try await shop.startServer(faults: SandboxFaults())
            try await shop.ok("sync")
            #expect(try await shop.inStock(variationID, at: highStreet) == ReorderReceiveTests.plus(start, 7))
            let entries = try await Self.outbox(shop)
            #expect(entries.map(\.["kind"]) == ["inventory"] && entries.map(\.["status"]) == ["applied"], "\(entries)")
        }
    }

    @Test func anEditKilledAfterSquareTookItIsRecordedOnceByTheNextRun() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let edit = try CLI.launch(
                ["edit", DemoCodes.medium, "--price", "6.45"], environment: shop.environment, folder: shop.folder)
            let pid = edit.pid
            // Square applies the upsert; the process dies before it hears the answer.
            shop.log.whenHandled("POST", "/v2/catalog/object") { kill(pid, SIGKILL) }
            let killed = try await edit.finish()
            #expect(killed.status != 0, "\(killed.all)")
            #expect(try await shop.jsonLines("history", "--json").isEmpty)
            let left = try await Self.outbox(shop)
            #expect(left.map(\.["status"]) == ["pending"], "\(left)")

            // Typing the same edit again completes the first one and writes nothing twice.
            let again = try await shop.catalog("edit", DemoCodes.medium, "--price", "6.45")
            #expect(again.status == 0, "\(again.all)")
            let history = try await shop.jsonLines("history", "--json")
            #expect(history.count == 1, "\(history)")
            #expect(history.first?["field"] == "price")
            #expect(history.first?["new_value"]?["amount"] == .int(645))
            #expect(try await Self.outbox(shop).map(\.["status"]) == ["applied"])
            #expect(shop.log.requests(to: "/v2/catalog/object").filter { $0.method == "POST" }.count == 1)
        }
    }

    @Test func aDatabaseSyncedFromOneAccountRefusesAnother() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let before = try await shop.ok("search", "cable", "--json").stdout
            let other = try await SandboxServer.start(
                SandboxConfiguration(port: 0, token: ReorderShop.token, seed: .none))
            try await cleaningUp({ await other.stop() }) {

                for arguments in [["sync"], ["sync", "--full"]] {
                    let refused = try await CLI.run(
                        arguments,
                        environment: shop.environment.merging(["SQUARE_BASE_URL": other.baseURL.absoluteString]) {
                            $1
                        }, folder: shop.folder)
                    #expect(refused.status == 78, "\(refused.all)")
                    #expect(refused.stderr.contains("MSANDBOX00001"), "\(refused.all)")
                    #expect(refused.stderr.contains("CATALOG_DB"), "\(refused.all)")
                }
                // Nothing of the other account landed and nothing of this one was deleted.
                #expect(try await shop.ok("search", "cable", "--json").stdout == before)
                try await shop.ok("sync")

                // The other account in a database of its own works.
                let separate = try await CLI.run(
                    ["sync"],
                    environment: shop.environment.merging([
                        "SQUARE_BASE_URL": other.baseURL.absoluteString,
                        "CATALOG_DB": shop.folder.appendingPathComponent("other.sqlite").path,
                    ]) { $1 }, folder: shop.folder)
                #expect(separate.status == 0, "\(separate.all)")
            }
        }
    }
}
