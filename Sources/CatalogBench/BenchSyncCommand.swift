import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// `catalog-bench sync`: full and incremental sync speed against a sandbox over loopback.
struct BenchSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Measure full and incremental sync against a local sandbox process.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process, runs full syncs into \
            fresh databases, then times a client that only downloads (and parses) the same pages, and \
            applies --changes price changes through the API before each timed incremental sync. Prints \
            medians (with min and max) and the targets: at least 45,000 objects/s, no more than 1.5 times \
            what SQLite itself takes to write the same rows (the first sync's tables copied into empty files \
            in one transaction, measured in the same run), no more than 1.5 times the download alone (1.1 \
            with --wire-ms 20 or more), and under 150 MB peak memory for the full sync; under 100 ms \
            incremental; and how long the sandbox took to seed the catalog and listen (target under 60 s). \
            With --wire-ms the sandbox waits that long before every response, as a real server's round trip \
            does: the ratio then shows whether the sync keeps up with such a wire (the other targets are \
            for the loopback's own speed).
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 100_000

    @Option(help: "Variations changed on the server before each incremental sync.")
    var changes = 100

    @Option(help: "Timed runs of each kind.")
    var runs = 3

    @Option(help: "Milliseconds the sandbox waits before every response (0: the loopback's own speed).")
    var wireMs = 0

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations > 0, changes > 0, changes <= variations, runs > 0 else {
            throw ValidationError("--variations, --changes and --runs must be positive, with changes <= variations.")
        }
        guard wireMs >= 0, wireMs <= 10_000 else {
            throw ValidationError("--wire-ms must be between 0 and 10000 milliseconds.")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let starting = ContinuousClock.now
            let (sandbox, client) = try ServerProcess.forBenchmark(variations: variations, latencyMS: wireMs)
            defer { sandbox.stop() }
            let seedSeconds = (ContinuousClock.now - starting).seconds
            Terminal.error(String(format: "bench: the sandbox seeded its catalog and listened in %.2fs", seedSeconds))
            let folder = try BenchWorkspace.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }

            var full: [SyncSummary] = []
            var engine: SyncEngine?
            for run in 1...runs {
                let database = try CatalogDatabase(path: folder.appendingPathComponent("full-\(run).sqlite").path)
                let fullEngine = SyncEngine(database: database, client: client)
                engine = fullEngine
                let summary = try await fullEngine.run(full: false)
                Terminal.error("bench: full sync \(run)/\(runs): " + SyncWorkflow.line(summary))
                full.append(summary)
            }
            let peakMB = Self.peakResidentMegabytes()

            // SQLite's own floor: the rows the first sync stored, copied into empty files.
            var floor: [Double] = []
            for run in 1...runs {
                let copy = folder.appendingPathComponent("floor-\(run).sqlite").path
                let seconds = try SyncFloor.measure(
                    copying: folder.appendingPathComponent("full-1.sqlite").path, into: copy)
                // A copy of a large catalog is hundreds of MB: it goes at once.
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
                floor.append(seconds)
                Terminal.error(String(format: "bench: SQLite writing the same rows: %.2fs", seconds))
            }

            // The wire's own time: the same pages, one after another, parsed and dropped.
            var download: [Double] = []
            for _ in 1...runs {
                let started = ContinuousClock.now
                var objects = 0
                for try await page in client.searchAllCatalogObjects(SyncEngine.request(beginTime: nil)) {
                    objects += page.objects.count
                }
                let elapsed = (ContinuousClock.now - started).seconds
                download.append(elapsed)
                Terminal.error(String(format: "bench: download only: %d objects in %.2fs", objects, elapsed))
            }

            guard let engine else {
                throw AppError("No full sync ran, so there is nothing to sync incrementally.", exitCode: .internalError)
            }
            var incremental: [SyncSummary] = []
            for run in 1...runs {
                try await Self.changePrices(count: changes, round: run, database: engine.database, client: client)
                let summary = try await engine.run(full: false)
                Terminal.error("bench: incremental sync \(run)/\(runs): " + SyncWorkflow.line(summary))
                incremental.append(summary)
            }
            report(
                full: full, incremental: incremental, peakMB: peakMB, download: download, floor: floor,
                seedSeconds: seedSeconds)
        }
    }

    /// Changes the price of `count` variations on the server, spread over the catalog.
    static func changePrices(count: Int, round: Int, database: CatalogDatabase, client: SquareClient) async throws {
        let all = try await database.variationIDs()
        let stride = max(1, all.count / count)
        let ids = (0..<count).map { all[($0 * stride + round) % all.count] }
        let (objects, _) = try await client.batchRetrieveCatalogObjects(ids: ids)
        let changed: [JSONValue] = objects.map { object in
            var object = object
            let price =
                object["item_variation_data"]?["price_money"].flatMap(Money.init(json:))
                ?? Money(amount: 100, currency: "USD")
            object["item_variation_data"]?["price_money"] =
                Money(amount: price.amount + 1, currency: price.currency).json
            object["item_variation_data"]?["pricing_type"] = "FIXED_PRICING"
            return object
        }
        _ = try await client.batchUpsertCatalogObjects(batches: [changed])
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    func report(
        full: [SyncSummary], incremental: [SyncSummary], peakMB: Double, download: [Double], floor: [Double],
        seedSeconds: Double
    ) {
        let downloadMedian = Self.median(download)
        let ratio = Self.median(full.map(\.elapsed)) / max(downloadMedian, 0.001)
        let floorMedian = Self.median(floor)
        let floorRatio = Self.median(full.map(\.elapsed)) / max(floorMedian, 0.001)
        // Issue 41: at 20 ms a response or more the sync keeps within 1.1 of the wire; over loopback it is
        // held to SQLite's own floor instead.
        let wireTarget = wireMs >= 20 ? 1.1 : 1.5
        let rates = full.map(\.rate)
        let fullSeconds = full.map(\.elapsed)
        let incrementalMS = incremental.map { $0.elapsed * 1000 }
        let rate = Self.median(rates)
        let incrementalMedian = Self.median(incrementalMS)
        if output.json {
            let value: JSONValue = [
                "variations": .int(variations), "objects": .int(full.first?.fetched ?? 0), "runs": .int(runs),
                "wire_ms": .int(wireMs),
                "full_objects_per_second_median": .int(Int(rate)),
                "full_objects_per_second_min": .int(Int(rates.min() ?? 0)),
                "full_objects_per_second_max": .int(Int(rates.max() ?? 0)),
                "full_seconds_median": .number(String(format: "%.3f", Self.median(fullSeconds))),
                "peak_memory_mb": .number(String(format: "%.1f", peakMB)),
                "download_only_seconds_median": .number(String(format: "%.3f", downloadMedian)),
                "full_to_download_ratio": .number(String(format: "%.2f", ratio)),
                "sqlite_floor_seconds_median": .number(String(format: "%.3f", floorMedian)),
                "full_to_floor_ratio": .number(String(format: "%.2f", floorRatio)),
                "incremental_changes": .int(changes),
                "incremental_ms_median": .number(String(format: "%.1f", incrementalMedian)),
                "incremental_ms_min": .number(String(format: "%.1f", incrementalMS.min() ?? 0)),
                "incremental_ms_max": .number(String(format: "%.1f", incrementalMS.max() ?? 0)),
                "sandbox_seed_seconds": .number(String(format: "%.2f", seedSeconds)),
            ]
            Terminal.out(value)
            return
        }
        func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }
        Terminal.out(
            "sync benchmark: \(Terminal.count(variations)) variations, \(Terminal.count(full.first?.fetched ?? 0)) objects, \(runs) runs"
                + (wireMs > 0 ? ", \(wireMs) ms before every response" : "")
        )
        Terminal.out(
            String(
                format:
                    "  full sync:        median %.0f objects/s (min %.0f, max %.0f), %.2fs; target >= 45000: %.2fx %@",
                rate, rates.min() ?? 0, rates.max() ?? 0, Self.median(fullSeconds), rate / 45000,
                verdict(rate >= 45000)))
        Terminal.out(
            String(
                format:
                    "  SQLite's floor:   median %.2fs (min %.2f, max %.2f) to write the same rows; full sync / floor %.2f; target <= 1.5: %@",
                floorMedian, floor.min() ?? 0, floor.max() ?? 0, floorRatio, verdict(floorRatio <= 1.5)))
        Terminal.out(
            String(
                format:
                    "  download only:    median %.2fs (min %.2f, max %.2f); full sync / download %.2f; target <= %.1f%@: %@",
                downloadMedian, download.min() ?? 0, download.max() ?? 0, ratio, wireTarget,
                wireMs >= 20 ? "" : " (1.1 at --wire-ms 20)", verdict(ratio <= wireTarget)))
        Terminal.out(String(format: "  peak memory:      %.0f MB; target < 150 MB: %@", peakMB, verdict(peakMB < 150)))
        Terminal.out(
            String(
                format: "  incremental sync: median %.0f ms for %d changes (min %.0f, max %.0f); target < 100 ms: %@",
                incrementalMedian, changes, incrementalMS.min() ?? 0, incrementalMS.max() ?? 0,
                verdict(incrementalMedian < 100)))
        Terminal.out(
            String(
                format: "  sandbox seeding:  %.1fs to seed the catalog and listen; target < 60 s: %@", seedSeconds,
                verdict(seedSeconds < 60)))
    }
}
