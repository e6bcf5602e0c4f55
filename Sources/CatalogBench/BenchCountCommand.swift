import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// `catalog-bench count`: reviewing and posting a large stock count.
struct BenchCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Measure `catalog count review` and `catalog count post` on a large count against a sandbox process.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process (every fifth variation is \
            tracked), syncs a fresh database, and for each run opens a count at the first location with \
            --lines tracked variations counted (the counts are stored directly: counting is not what is \
            timed). Then it times the review (Square's counts read again in requests of 1,000, each line set \
            against them with its vendor cost, totals per category and vendor) and the posting (the count \
            frozen, its physical counts queued in the outbox in batches of 100 and sent, every outcome \
            recorded). After each run it reads Square's counts back and checks that every line holds what was \
            counted. Targets: a 5,000-line count reviewed in under 1 s and posted in under 10 s.
            """
    )

    @Option(help: "Variations in the synthetic catalog (a fifth of them are tracked).")
    var variations = 30_000

    @Option(help: "Lines in each count.")
    var lines = 5000

    @Option(help: "Timed runs.")
    var runs = 3

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard runs > 0, lines > 0, variations >= lines * 5 else {
            throw ValidationError("--runs and --lines must be positive, with --variations at least 5 × --lines.")
        }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "count") { workspace in
            let client = workspace.client
            let (database, _) = try await workspace.syncedDatabase(named: "count.sqlite")
            let locationID = try await BenchWorkspace.firstLocationID(in: database)
            let settings = try Settings.resolve(
                SettingsOverrides(database: workspace.folder.appendingPathComponent("count.sqlite").path),
                environment: ["HOME": workspace.folder.path, "CATALOG_COUNTER": "bench"])
            let context = AppContext(
                settings: settings, environment: [:], openDatabase: { _ in database }, makeClient: { _ in client })
            let workflow = CountWorkflow(context: context, database: database)
            let tracked = try await database.stockRules(locationID: locationID).map(\.variationID)
            guard tracked.count >= lines else {
                throw AppError(
                    "Only \(tracked.count) variations are tracked at the location; give more --variations.",
                    exitCode: .usage)
            }
            var review: [Double] = []
            var post: [Double] = []
            var generator = SplitMix64(seed: 19)
            for run in 1...runs {
                let session = try await workflow.start(name: "bench \(run)", location: locationID)
                var counted: [String: Int] = [:]
                for id in tracked.shuffled(using: &generator).prefix(lines) {
                    let quantity = Int(generator.next() % 40)
                    counted[id] = quantity
                    _ = try await database.addCount(
                        sessionID: session.id, variationID: id, quantity: Decimal(quantity), replacing: true,
                        counter: "bench")
                }
                var started = ContinuousClock.now
                let reviewed = try await workflow.review(session)
                let reviewSeconds = (ContinuousClock.now - started).seconds
                review.append(reviewSeconds)
                started = ContinuousClock.now
                let posting = try await workflow.post(session)
                let postSeconds = (ContinuousClock.now - started).seconds
                post.append(postSeconds)
                let posted = posting.lines(.posted).count
                guard reviewed.counted.count == lines, reviewed.expectedReadNow, posted == lines,
                    posting.session.status == .posted
                else {
                    throw AppError(
                        "Run \(run) went wrong: \(reviewed.counted.count) lines reviewed, \(posted) of \(lines) posted, "
                            + "the count is \(posting.session.status.rawValue).", exitCode: .internalError)
                }
                let square = try await ReorderSuggester(database: database, client: client).readCounts(
                    ids: Array(counted.keys), locationID: locationID, progress: nil)
                let wrong = square.filter { counted[$0.variationID].map(String.init) != $0.quantity }
                guard square.count == lines, wrong.isEmpty else {
                    throw AppError(
                        "Run \(run): Square holds \(square.count) counts for \(lines) lines, \(wrong.count) of them "
                            + "not what was counted.", exitCode: .internalError)
                }
                Terminal.error(
                    "bench: count \(run)/\(runs): \(Terminal.count(lines)) lines "
                        + String(format: "reviewed in %.3fs, posted in %.2fs", reviewSeconds, postSeconds)
                        + "; Square holds every count")
            }
            report(review: review, post: post, tracked: tracked.count)
        }
    }

    func report(review: [Double], post: [Double], tracked: Int) {
        let median = BenchSyncCommand.median
        let reviewMedian = median(review)
        let postMedian = median(post)
        if output.json {
            Terminal.out(
                [
                    "variations": .int(Int64(variations)), "tracked": .int(Int64(tracked)),
                    "lines": .int(Int64(lines)), "runs": .int(Int64(runs)),
                    "review_seconds_median": .number(String(format: "%.3f", reviewMedian)),
                    "review_seconds_min": .number(String(format: "%.3f", review.min() ?? 0)),
                    "review_seconds_max": .number(String(format: "%.3f", review.max() ?? 0)),
                    "post_seconds_median": .number(String(format: "%.3f", postMedian)),
                    "post_seconds_min": .number(String(format: "%.3f", post.min() ?? 0)),
                    "post_seconds_max": .number(String(format: "%.3f", post.max() ?? 0)),
                ] as JSONValue)
            return
        }
        Terminal.out(
            "count benchmark: \(Terminal.count(lines)) lines of \(Terminal.count(variations)) variations "
                + "(\(Terminal.count(tracked)) tracked), \(runs) runs")
        Terminal.out(
            String(
                format: "  review: median %.3fs (min %.3f, max %.3f); target < 1 s: %@", reviewMedian,
                review.min() ?? 0, review.max() ?? 0, reviewMedian < 1 ? "ok" : "MISSED"))
        Terminal.out(
            String(
                format: "  post:   median %.2fs (min %.2f, max %.2f), %.0f lines/s; target < 10 s: %@", postMedian,
                post.min() ?? 0, post.max() ?? 0, Double(lines) / max(postMedian, 0.001),
                postMedian < 10 ? "ok" : "MISSED"))
    }
}
