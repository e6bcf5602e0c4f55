import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// `catalog-bench import`: a CSV price update against a sandbox that serialises writes.
struct BenchImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Measure `catalog import prices --apply` against a local sandbox process.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process (it allows one write at a \
            time, as Square does), syncs a fresh database, then for each run writes a CSV of --prices price \
            changes for random variations (barcodes, SKUs and ids mixed) and times planning plus applying it \
            through the library. Finally the last run's plan is applied again, as after a crash, and every \
            row must come back unchanged. Target: 5,000 prices in under 30 s.
            """
    )

    @Option(help: "Price changes per run.")
    var prices = 5000

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 20_000

    @Option(help: "Timed runs.")
    var runs = 3

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard prices > 0, runs > 0, variations >= prices else {
            throw ValidationError("--prices and --runs must be positive, with --variations at least --prices.")
        }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "import") { workspace in
            let client = workspace.client
            let (database, _) = try await workspace.syncedDatabase(named: "import.sqlite")
            let importer = PriceImport(database: database)

            var seconds: [Double] = []
            var lastPlan: PricePlan?
            var generator = SplitMix64(seed: 2024)
            for run in 1...runs {
                let file = try await Self.file(prices: prices, database: database, generator: &generator)
                let started = ContinuousClock.now
                let plan = try await importer.plan(file)
                let result = try await importer.apply(plan, client: client, counter: "bench", source: "bench.csv")
                let elapsed = (ContinuousClock.now - started).seconds
                let updated = result.counts[.updated, default: 0]
                Terminal.error(
                    "bench: run \(run)/\(runs): \(Terminal.count(updated)) of \(Terminal.count(prices)) updated in "
                        + String(format: "%.2fs", elapsed))
                guard updated == prices else {
                    throw AppError(
                        "Run \(run) updated \(updated) of \(prices) prices: \(result.counts).", exitCode: .internalError
                    )
                }
                seconds.append(elapsed)
                lastPlan = plan
            }
            guard let lastPlan else {
                throw AppError("No import ran, so there is nothing to run again.", exitCode: .internalError)
            }
            let started = ContinuousClock.now
            let rerun = try await importer.apply(lastPlan, client: client, counter: "bench", source: "bench.csv")
            let rerunSeconds = (ContinuousClock.now - started).seconds
            let unchanged = rerun.counts[.unchanged, default: 0]
            report(seconds: seconds, rerunSeconds: rerunSeconds, rerunUnchanged: unchanged)
            if unchanged != prices {
                throw AppError(
                    "The rerun changed \(prices - unchanged) rows; it must change none.", exitCode: .internalError)
            }
        }
    }

    /// A CSV of `prices` changes for random variations with a price, codes of every kind.
    static func file(prices: Int, database: CatalogDatabase, generator: inout SplitMix64) async throws -> [UInt8] {
        let candidates = try await database.activeVariations().compactMap { variation in
            variation.price.map { (variation: variation, price: $0) }
        }
        var rows = [["code", "name", "price"]]
        for (index, (variation, price)) in candidates.shuffled(using: &generator).prefix(prices).enumerated() {
            let code: String
            switch index % 3 {
            case 0: code = variation.upc ?? variation.variationID
            case 1: code = variation.sku ?? variation.variationID
            default: code = variation.variationID
            }
            let new = Money(amount: price.amount + 1 + Int64(index % 7), currency: price.currency)
            rows.append([code, variation.itemName, new.decimalString])
        }
        return CSVWriter.write(rows)
    }

    func report(seconds: [Double], rerunSeconds: Double, rerunUnchanged: Int) {
        let median = BenchSyncCommand.median(seconds)
        let rate = Double(prices) / median
        if output.json {
            let value: JSONValue = [
                "prices": .int(prices), "variations": .int(variations), "runs": .int(runs),
                "seconds_median": .number(String(format: "%.3f", median)),
                "seconds_min": .number(String(format: "%.3f", seconds.min() ?? 0)),
                "seconds_max": .number(String(format: "%.3f", seconds.max() ?? 0)),
                "rows_per_second": .int(Int(rate)),
                "rerun_seconds": .number(String(format: "%.3f", rerunSeconds)),
                "rerun_unchanged": .int(rerunUnchanged),
            ]
            Terminal.out(value)
            return
        }
        Terminal.out(
            "import benchmark: \(Terminal.count(prices)) prices in a catalog of \(Terminal.count(variations)) "
                + "variations, \(runs) runs")
        Terminal.out(
            String(
                format: "  apply:  median %.2fs (min %.2f, max %.2f), %.0f rows/s; target < 30 s: %@", median,
                seconds.min() ?? 0, seconds.max() ?? 0, rate, median < 30 ? "ok" : "MISSED"))
        Terminal.out(
            String(
                format: "  rerun:  %.2fs, %d of %d rows unchanged: %@", rerunSeconds, rerunUnchanged, prices,
                rerunUnchanged == prices ? "ok" : "FAILED"))
    }
}
