import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Store
import Synchronization

/// `catalog-bench plan`: a staged price plan of thousands of lines, staged, its tags rendered, and applied.
struct BenchPlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Measure a staged price plan: staging, its tags in shelf order, and applying it when due.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process (one write at a time, as \
            Square), syncs a fresh database, then for each run stages a plan of --lines price changes for \
            random variations (catalog prices plan), renders its tags into one PDF with aisle headings \
            (label render --plan), moves the clock past its time and applies it (what the hub does when it is \
            due), checking that every line reached the sandbox. Figures: the median of each step.
            """
    )

    @Option(help: "Price changes in each plan.")
    var lines = 5000

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 20_000

    @Option(help: "Timed runs.")
    var runs = 3

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard lines > 0, runs > 0, variations >= lines else {
            throw ValidationError("--lines and --runs must be positive, with --variations at least --lines.")
        }
    }

    /// The system clock moved on by whatever the benchmark says: a plan staged for later becomes due at once.
    final class MovedClock: CatalogClock {
        let ahead = Mutex<Int64>(0)
        let system = SystemClock()
        func now() -> Timestamp {
            let now = system.now()
            return Timestamp(seconds: now.seconds + ahead.withLock { $0 }, nanoseconds: now.nanoseconds)
        }
        func uptime() -> Duration { system.uptime() }
        func sleep(for duration: Duration) async throws { try await system.sleep(for: duration) }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "plan") { workspace in
            let client = workspace.client
            let (database, _) = try await workspace.syncedDatabase(named: "plan.sqlite")
            let clock = MovedClock()
            let settings = try Settings.resolve(
                SettingsOverrides(database: workspace.folder.appendingPathComponent("plan.sqlite").path),
                environment: ["HOME": workspace.folder.path, "CATALOG_COUNTER": "bench"])
            let context = AppContext(
                settings: settings, clock: clock, environment: [:], directory: workspace.folder.path,
                openDatabase: { _ in database }, makeClient: { _ in client })
            let staging = try StagedPrices(context: context)
            let zone = try await staging.timeZone(at: nil)
            let template = try LabelRequest(template: "shelf-2x1").loadTemplate(settings: settings)
            var figures: [String: [Double]] = [:]
            var generator = SplitMix64(seed: 77)
            for run in 1...runs {
                let csv = workspace.folder.appendingPathComponent("plan-\(run).csv")
                try Data(try await BenchImportCommand.file(prices: lines, database: database, generator: &generator))
                    .write(to: csv)
                let when = StagedPrices.local(Timestamp(seconds: clock.now().seconds + 7200), zone)

                var started = ContinuousClock.now
                let staged = try await staging.stage(file: csv.path, at: when, name: "bench \(run)", options: .init())
                figures["stage", default: []].append((ContinuousClock.now - started).seconds)

                started = ContinuousClock.now
                let tags = try await staging.tags(String(staged.plan.id ?? 0), at: nil)
                var request = LabelRequest(template: "shelf-2x1")
                request.pricedAt = tags.effective
                request.aisleHeadings = true
                let labels = try await request.labelData(for: tags.variations, context: context)
                let pdf = try LabelOutput.render(template, labels: labels, format: .pdf)
                figures["tags", default: []].append((ContinuousClock.now - started).seconds)

                clock.ahead.withLock { $0 += 7300 }
                started = ContinuousClock.now
                let applied = try await staging.applyDue()
                let applySeconds = (ContinuousClock.now - started).seconds
                figures["apply", default: []].append(applySeconds)
                let done = applied.flatMap(\.lines).filter { $0.status == .applied }.count
                Terminal.error(
                    "bench: run \(run)/\(runs): \(Terminal.count(staged.lines)) lines staged, "
                        + "\(Terminal.count(labels.count)) labels (\(pdf.count / 1024) KB of PDF), "
                        + "\(Terminal.count(done)) applied in " + String(format: "%.2fs", applySeconds))
                guard staged.lines == lines, done == lines, applied.allSatisfy(\.finished) else {
                    throw AppError(
                        "Run \(run): \(staged.lines) staged and \(done) of \(lines) applied.", exitCode: .internalError)
                }
            }
            report(figures)
        }
    }

    func report(_ figures: [String: [Double]]) {
        let steps = ["stage", "tags", "apply"]
        if output.json {
            var value: JSONValue = ["lines": .int(lines), "variations": .int(variations), "runs": .int(runs)]
            for step in steps {
                let seconds = figures[step] ?? []
                value["\(step)_seconds_median"] = .number(String(format: "%.3f", BenchSyncCommand.median(seconds)))
                value["\(step)_seconds_min"] = .number(String(format: "%.3f", seconds.min() ?? 0))
                value["\(step)_seconds_max"] = .number(String(format: "%.3f", seconds.max() ?? 0))
            }
            Terminal.out(value)
            return
        }
        Terminal.out(
            "plan benchmark: \(Terminal.count(lines)) lines in a catalog of \(Terminal.count(variations)) "
                + "variations, \(runs) runs")
        let words = ["stage": "stage", "tags": "tags (PDF)", "apply": "apply"]
        for step in steps {
            let seconds = figures[step] ?? []
            let median = BenchSyncCommand.median(seconds)
            Terminal.out(
                String(
                    format: "  %@ median %.2fs (min %.2f, max %.2f), %.0f lines/s",
                    (words[step] ?? step)
                        .padding(toLength: 11, withPad: " ", startingAt: 0), median, seconds.min() ?? 0,
                    seconds.max() ?? 0, Double(lines) / max(median, 0.000_1)))
        }
    }
}
