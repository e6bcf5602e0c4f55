import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Scanner
import Store
import Sync

/// `catalog-bench scan`: decoding speed, and the time from a scan's terminator to its printed line.
struct BenchScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Measure scan decoding (events/s) and scan-to-result latency against a synced catalog.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process, adds a busy shop's \
            automatic discounts (a sale on each of twenty categories, half on weekends only, VAT, a unit), \
            and syncs it into a fresh database. Then it types --scans barcodes and SKUs of random variations as key events \
            at scanner speed, decodes the whole stream --runs times (target: at least 1,000,000 events/s), \
            and for every scan times the counter's work from the terminator event to the formatted \
            result line: lookup, the price a customer pays now at the shop's first location, scan log write \
            and output (target: p99 under 5 ms).
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 100_000

    @Option(help: "Scans in the event stream.")
    var scans = 2000

    @Option(help: "Timed decoding runs.")
    var runs = 5

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations > 0, scans > 0, runs > 0 else {
            throw ValidationError("--variations, --scans and --runs must be positive.")
        }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "scan") { workspace in
            // The shop runs automatic discounts, so each scan works out the price a customer pays now.
            let categories = try await workspace.client.searchCatalogObjects([
                "object_types": ["CATEGORY"], "limit": 20,
            ])
            .objects.compactMap { $0["id"]?.stringValue }
            _ = try await workspace.client.batchUpsertCatalogObjects(batches: [
                BenchPricing.objects(categories: categories)
            ])
            let (database, _) = try await workspace.syncedDatabase(named: "catalog.sqlite")
            let samples = try await database.sampleVariations(limit: scans)
            let codes = samples.enumerated().compactMap { index, sample in
                index % 4 == 3 ? sample.sku : (sample.upc ?? sample.sku)
            }
            let events = TypedScans.events(typing: codes, keyGap: .milliseconds(10))

            var rates: [Double] = []
            var decoded: [Scan] = []
            for _ in 0..<runs {
                let (found, seconds) = ScanBenchmark.decode(events: events)
                decoded = found
                rates.append(Double(events.count) / seconds)
            }
            guard decoded.count == codes.count else {
                throw AppError(
                    "bench: \(codes.count) scans typed but \(decoded.count) decoded.", exitCode: .internalError)
            }

            var session = CounterSession(mode: .lookup, database: database, counter: "bench")
            session.location = try await BenchSearchCommand.counterLocations(database).here
            var latencies: [Double] = []
            var matched = 0
            for scan in decoded {
                let started = ContinuousClock.now
                let outcome = try await session.handle(scan)
                _ = outcome.text
                latencies.append((ContinuousClock.now - started).seconds * 1000)
                if outcome.match != nil { matched += 1 }
            }
            report(rates: rates, events: events.count, latencies: latencies, matched: matched)
        }
    }

    func report(rates: [Double], events: Int, latencies: [Double], matched: Int) {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        let rate = BenchSyncCommand.median(rates)
        if output.json {
            let value: JSONValue = [
                "variations": .int(variations), "scans": .int(latencies.count), "events": .int(events),
                "decode_events_per_second_median": .int(Int(rate)),
                "scan_ms_p50": .number(String(format: "%.3f", percentile(0.5))),
                "scan_ms_p99": .number(String(format: "%.3f", percentile(0.99))),
                "scan_ms_max": .number(String(format: "%.3f", sorted.last ?? 0)), "matched": .int(matched),
            ]
            Terminal.out(value)
            return
        }
        Terminal.out(
            "scan benchmark: \(Terminal.count(variations)) variations, \(latencies.count) scans, "
                + "\(Terminal.count(events)) events")
        Terminal.out(
            String(
                format: "  decoding:        median %.0f events/s (min %.0f, max %.0f); target >= 1000000: %@", rate,
                rates.min() ?? 0, rates.max() ?? 0, rate >= 1_000_000 ? "ok" : "MISSED"))
        Terminal.out(
            String(
                format:
                    "  scan to result:  p50 %.2f ms, p99 %.2f ms, max %.2f ms; %d of %d found; target p99 < 5 ms: %@",
                percentile(0.5), percentile(0.99), sorted.last ?? 0, matched, latencies.count,
                percentile(0.99) < 5 ? "ok" : "MISSED"))
    }
}
