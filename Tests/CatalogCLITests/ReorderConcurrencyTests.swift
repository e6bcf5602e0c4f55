import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@Suite struct ReorderConcurrencyTests {
    /// A shell loop running `catalog reorder add CODE` `times` times; prints how many runs failed.
    static func addLoop(code: String, times: Int, database: String, shop: ReorderShop, counter: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            """
            failed=0; i=0
            while [ $i -lt \(times) ]; do
                "$CATALOG" reorder add "\(code)" >/dev/null 2>>"$ERRORS" || failed=$((failed + 1))
                i=$((i + 1))
            done
            echo $failed
            """,
        ]
        var environment = shop.environment
        environment["CATALOG_DB"] = database
        environment["CATALOG_COUNTER"] = counter
        environment["CATALOG"] = CLI.binary
        environment["HOME"] = shop.folder.appendingPathComponent("home").path
        environment["ERRORS"] = shop.folder.appendingPathComponent("errors-\(counter).txt").path
        environment["PATH"] = "/usr/bin:/bin"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Adds per loop. Enough for the processes' writes to meet on the database's lock many times; the
    /// same rule under heavier contention is tested in-process (CatalogAppTests.ReorderWorkflowTests).
    static let adds = 60

    @Test func twoProcessesAddingManyTimesEachLoseNothing() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // Two databases: both loops add the same variation to one, different variations to the other.
            let same = shop.database
            let different = shop.folder.appendingPathComponent("different.sqlite").path
            try await shop.ok("sync")
            #expect(try await shop.catalog("sync", environment: ["CATALOG_DB": different]).status == 0)
            let small = try await shop.variationID(DemoCodes.small)
            let medium = try await shop.variationID(DemoCodes.medium)

            let loops = [
                Self.addLoop(code: DemoCodes.small, times: Self.adds, database: same, shop: shop, counter: "same-a"),
                Self.addLoop(code: DemoCodes.small, times: Self.adds, database: same, shop: shop, counter: "same-b"),
                Self.addLoop(
                    code: DemoCodes.small, times: Self.adds, database: different, shop: shop, counter: "diff-a"),
                Self.addLoop(
                    code: DemoCodes.medium, times: Self.adds, database: different, shop: shop, counter: "diff-b"),
            ]
            let outputs = try loops.map { loop -> URL in
                let out = shop.folder.appendingPathComponent("loop-\(UUID().uuidString)")
                FileManager.default.createFile(atPath: out.path, contents: nil)
                loop.standardOutput = try FileHandle(forWritingTo: out)
                return out
            }
            let started = Date()
            for loop in loops { try loop.run() }
            while loops.contains(where: \.isRunning) { try await Task.sleep(for: .milliseconds(100)) }
            let elapsed = Date().timeIntervalSince(started)
            for (loop, out) in zip(loops, outputs) {
                #expect(loop.terminationStatus == 0)
                let failed = try String(contentsOf: out, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                #expect(failed == "0", "failed adds in one loop")
            }
            for counter in ["same-a", "same-b", "diff-a", "diff-b"] {
                let errors =
                    (try? String(
                        contentsOf: shop.folder.appendingPathComponent("errors-\(counter).txt"), encoding: .utf8)) ?? ""
                #expect(errors.isEmpty, "\(counter): \(errors.prefix(500))")
            }

            let sameLines = try await shop.jsonLines("reorder", "list", "--json", "--status", "wanted")
            #expect(sameLines.count == 1)
            #expect(sameLines.first?["variation_id"] == .string(small))
            #expect(sameLines.first?["quantity"] == .int(Int64(2 * Self.adds)))
            let sameHistory = try await shop.jsonLines("reorder", "history", "--json", "--limit", "10000")
            #expect(sameHistory.filter { $0["action"] == "add" }.count == 2 * Self.adds)
            #expect(Set(sameHistory.compactMap { $0["counter"]?.stringValue }) == ["same-a", "same-b"])

            let listed = try await CLI.run(
                ["reorder", "list", "--json", "--status", "wanted"],
                environment: shop.environment.merging(["CATALOG_DB": different]) { $1 }, folder: shop.folder)
            let differentLines = try listed.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            var quantities: [String: JSONValue] = [:]
            for line in differentLines { quantities[line["variation_id"]?.stringValue ?? "?"] = line["quantity"] }
            #expect(quantities == [small: .int(Int64(Self.adds)), medium: .int(Int64(Self.adds))])
            let history = try await CLI.run(
                ["reorder", "history", "--json", "--limit", "10000"],
                environment: shop.environment.merging(["CATALOG_DB": different]) { $1 }, folder: shop.folder)
            #expect(
                history.stdout.split(separator: "\n").filter { $0.contains("\"action\":\"add\"") }.count == 2
                    * Self.adds)
            print("reorder concurrency: \(4 * Self.adds) adds in 4 concurrent loops took \(Int(elapsed)) s")
        }
    }
}
