import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// `catalog-bench reorder`: suggestions from Square's counts, and exports of a long list.
struct BenchReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Measure `catalog reorder suggest` and `catalog reorder export` against a local sandbox process.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process (every fifth variation is \
            tracked, with a low-stock threshold and a count), syncs a fresh database, and times whole \
            suggestion runs: reading every tracked variation's count in requests of 1,000 ids, storing \
            them and comparing them with the thresholds. Then it puts --lines variations on the list and \
            times exports of all of them (read, sort, format, write through a temporary file) as CSV, \
            JSON and PDF. Targets: suggest with 100,000 variations (20,000 tracked) under 10 s; export of \
            5,000 lines under 1 s.
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 100_000

    @Option(help: "Lines on the list for the export runs.")
    var lines = 5000

    @Option(help: "Timed runs of each.")
    var runs = 3

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard runs > 0, lines > 0, variations >= lines else {
            throw ValidationError("--runs and --lines must be positive, with --variations at least --lines.")
        }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "reorder") { workspace in
            let client = workspace.client
            let folder = workspace.folder
            let (database, _) = try await workspace.syncedDatabase(named: "reorder.sqlite")
            let locationID = try await BenchWorkspace.firstLocationID(in: database)
            let suggester = ReorderSuggester(database: database, client: client)
            var suggest: [Double] = []
            var last: ReorderSuggestions?
            for run in 1...runs {
                let started = ContinuousClock.now
                let report = try await suggester.suggest(locationID: locationID)
                let elapsed = (ContinuousClock.now - started).seconds
                suggest.append(elapsed)
                Terminal.error(
                    "bench: suggest \(run)/\(runs): \(Terminal.count(report.tracked)) tracked, "
                        + "\(Terminal.count(report.countsRead)) counts, \(Terminal.count(report.suggestions.count)) "
                        + String(format: "proposals in %.2fs", elapsed))
                last = report
            }
            let ids = try await database.variationIDs()
            var generator = SplitMix64(seed: 77)
            for id in ids.shuffled(using: &generator).prefix(lines) {
                _ = try await database.addToReorderList(
                    variationID: id, quantity: Int(generator.next() % 20) + 1, counter: "bench")
            }
            var figures: [String: [Double]] = [:]
            for format in ["csv", "json", "pdf"] {
                for _ in 1...runs {
                    let started = ContinuousClock.now
                    let bytes = try await Self.export(format, database: database, locationID: locationID)
                    try OutputFile.replace(folder.appendingPathComponent("list.\(format)").path, with: bytes)
                    figures[format, default: []].append((ContinuousClock.now - started).seconds)
                }
            }
            report(suggest: suggest, tracked: last?.tracked ?? 0, exports: figures)
        }
    }

    /// The whole list in `format` (PDF on A4), exactly as `reorder export --format FORMAT` makes it.
    static func export(_ format: String, database: CatalogDatabase, locationID: String) async throws -> [UInt8] {
        let list = try await database.reorderLines(statuses: [.wanted], locationID: locationID)
        return try ReorderExport(format: format, paper: "a4").encode(
            list, defaultPaper: nil, reference: nil, at: SystemClock().now())
    }

    func report(suggest: [Double], tracked: Int, exports: [String: [Double]]) {
        let median = BenchSyncCommand.median
        if output.json {
            var value: JSONValue = [
                "variations": .int(Int64(variations)), "tracked": .int(Int64(tracked)), "lines": .int(Int64(lines)),
                "runs": .int(Int64(runs)),
                "suggest_seconds_median": .number(String(format: "%.3f", median(suggest))),
                "suggest_seconds_min": .number(String(format: "%.3f", suggest.min() ?? 0)),
                "suggest_seconds_max": .number(String(format: "%.3f", suggest.max() ?? 0)),
            ]
            for (format, seconds) in exports.sorted(by: { $0.key < $1.key }) {
                value["export_\(format)_seconds_median"] = .number(String(format: "%.3f", median(seconds)))
            }
            Terminal.out(value)
            return
        }
        Terminal.out(
            "reorder benchmark: \(Terminal.count(variations)) variations (\(Terminal.count(tracked)) tracked), "
                + "\(runs) runs")
        let suggestMedian = median(suggest)
        Terminal.out(
            String(
                format: "  suggest:     median %.2fs (min %.2f, max %.2f); target < 10 s: %@", suggestMedian,
                suggest.min() ?? 0, suggest.max() ?? 0, suggestMedian < 10 ? "ok" : "MISSED"))
        for format in ["csv", "json", "pdf"] {
            let seconds = exports[format] ?? []
            let value = median(seconds)
            let target = format == "pdf" ? "" : (value < 1 ? "; target < 1 s: ok" : "; target < 1 s: MISSED")
            Terminal.out(
                String(
                    format: "  export %@: median %.3fs (min %.3f, max %.3f) for %d lines",
                    format.padding(
                        toLength: 4, withPad: " ", startingAt: 0), value, seconds.min() ?? 0, seconds.max() ?? 0,
                    lines) + target)
        }
    }
}
