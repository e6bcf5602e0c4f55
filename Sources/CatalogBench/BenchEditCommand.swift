import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store
import Sync

/// `catalog-bench edit`: how long a whole `catalog edit --price` process takes against a sandbox.
struct BenchEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Measure a whole `catalog edit --price` process against a local sandbox process.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process, syncs a fresh \
            database, then runs `catalog edit CODE --price P` --runs times as a new process each time \
            (start-up, database open, fetch, upsert and local update included), each on a different \
            variation, and checks that Square holds every new price. Prints the median, p90, min and \
            max wall time; the target is a median under 100 ms.
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 20_000

    @Option(help: "Timed edits.")
    var runs = 21

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations >= runs, runs > 0 else {
            throw ValidationError("--runs must be positive and at most --variations.")
        }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "edit") { workspace in
            let (sandbox, client) = (workspace.sandbox, workspace.client)
            let (database, _) = try await workspace.syncedDatabase(named: "catalog.sqlite")
            let databasePath = database.path
            let samples = try await database.sampleVariations(limit: runs)

            let environment = ProcessInfo.processInfo.environment.merging([
                "SQUARE_BASE_URL": sandbox.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": "bench-token",
                "CATALOG_DB": databasePath, "CATALOG_COUNTER": "bench",
            ]) { $1 }
            var milliseconds: [Double] = []
            for (index, sample) in samples.enumerated() {
                let code = sample.sku ?? sample.variationID
                let price = Money(amount: (sample.price?.amount ?? 100) + 1, currency: sample.price?.currency ?? "USD")
                let started = ContinuousClock.now
                let status = try Self.runSelf(
                    ["edit", sample.variationID, "--price", price.decimalString], environment: environment)
                let elapsed = (ContinuousClock.now - started).seconds * 1000
                guard status == 0 else {
                    throw AppError("bench: catalog edit \(code) exited \(status).", exitCode: .internalError)
                }
                let stored = try await client.retrieveCatalogObject(id: sample.variationID).object
                guard Money(json: stored["item_variation_data"]?["price_money"] ?? .null) == price else {
                    throw AppError("bench: Square does not hold the new price of \(code).", exitCode: .internalError)
                }
                milliseconds.append(elapsed)
                Terminal.status("bench: edit \(index + 1)/\(samples.count): \(String(format: "%.1f", elapsed)) ms")
            }
            Terminal.clearStatus()
            report(milliseconds)
        }
    }

    /// Runs this executable with `arguments`, output discarded; returns its exit status.
    static func runSelf(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try CatalogBinary.path())
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func report(_ milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        let median = BenchSyncCommand.median(sorted)
        let p90 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.9).rounded(.up)) - 1)]
        if output.json {
            let value: JSONValue = [
                "variations": .int(variations), "runs": .int(runs),
                "edit_ms_median": .number(String(format: "%.1f", median)),
                "edit_ms_p90": .number(String(format: "%.1f", p90)),
                "edit_ms_min": .number(String(format: "%.1f", sorted.first ?? 0)),
                "edit_ms_max": .number(String(format: "%.1f", sorted.last ?? 0)),
            ]
            Terminal.out(value)
            return
        }
        Terminal.out(
            "edit benchmark: \(runs) whole `catalog edit --price` processes, \(Terminal.count(variations)) variations")
        Terminal.out(
            String(
                format: "  median %.1f ms (p90 %.1f, min %.1f, max %.1f); target < 100 ms: %@", median, p90,
                sorted.first ?? 0, sorted.last ?? 0, median < 100 ? "ok" : "MISSED"))
    }
}
