import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store

/// `catalog-bench search-limits`: how long search takes on what a person (or a stuck scanner) should never
/// type, the timings the search tests used to assert.
struct BenchSearchLimitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search-limits",
        abstract: "Measure search on hostile input: huge queries, long hyphenated words, a 100,000-letter name.",
        discussion: """
            Starts `catalog sandbox` with a synthetic catalog in a child process and syncs a fresh database, \
            then times --runs passes of: a query of 10,000 words and one word of 10,000 letters (both cut \
            before they reach the index; target under 2 s together), and a word of 2,000 letters in 50 \
            hyphenated parts and 200 `ab-` parts (cut to eight parts; target under 1 s together). Then, in a \
            database of its own, it indexes an item whose name holds one 100,000-letter word, searches for \
            it and rebuilds the index (no typo keys for such a word; target under 60 s in all). Prints the \
            median and the slowest run of each.
            """
    )

    @Option(help: "Variations in the synthetic catalog the queries run against.")
    var variations = 20_000

    @Option(help: "Timed passes of each kind.")
    var runs = 5

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations > 0, runs > 0 else { throw ValidationError("--variations and --runs must be positive.") }
    }

    /// One timed kind: what it asks, its target, and the seconds of each run.
    struct Figure {
        var name: String
        var key: String
        var target: Double
        var seconds: [Double] = []
        var median: Double { BenchSyncCommand.median(seconds) }
        var slowest: Double { seconds.max() ?? 0 }
    }

    func run() async throws {
        try await inWorkspace(variations: variations, name: "search-limits") { workspace in
            let (database, _) = try await workspace.syncedDatabase(named: "catalog.sqlite")
            var long = Figure(name: "10,000 words, then 10,000 letters", key: "long_queries", target: 2)
            var hyphenated = Figure(name: "2,000 letters in 50 parts, then 200 parts", key: "hyphenated", target: 1)
            var huge = Figure(name: "a 100,000-letter word indexed, found, reindexed", key: "huge_word", target: 60)
            for run in 1...runs {
                long.seconds.append(
                    try await Self.time {
                        _ = try await database.search(SearchQuery(Self.repeated("widget ", 10_000)))
                        _ = try await database.search(SearchQuery(Self.repeated("x", 10_000)))
                    })
                hyphenated.seconds.append(
                    try await Self.time {
                        _ = try await database.search(SearchQuery(Self.hyphenatedWord()))
                        _ = try await database.search(SearchQuery(Self.repeated("ab-", 200)))
                    })
                let scratch = try CatalogDatabase(
                    path: workspace.folder.appendingPathComponent("huge-\(run).sqlite").path)
                huge.seconds.append(try await Self.time { try await Self.indexHugeWord(in: scratch) })
                Terminal.error("bench: run \(run)/\(runs) done")
            }
            report([long, hyphenated, huge])
        }
    }

    func report(_ figures: [Figure]) {
        if output.json {
            var value: JSONValue = ["variations": .int(variations), "runs": .int(runs)]
            for figure in figures {
                value[figure.key + "_seconds_median"] = .number(String(format: "%.4f", figure.median))
                value[figure.key + "_seconds_max"] = .number(String(format: "%.4f", figure.slowest))
            }
            Terminal.out(value)
            return
        }
        Terminal.out("search limits: \(Terminal.count(variations)) variations, \(runs) runs")
        for figure in figures {
            let verdict = figure.slowest < figure.target ? "ok" : "MISSED"
            Terminal.out(
                String(
                    format: "  %@: median %.3fs, slowest %.3fs; target < %.0f s: %@", figure.name, figure.median,
                    figure.slowest, figure.target, verdict))
        }
    }

    static func time(_ body: () async throws -> Void) async throws -> Double {
        let started = ContinuousClock.now
        try await body()
        return (ContinuousClock.now - started).seconds
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// 2,000 letters with a hyphen every 40 (as `qwert-yuiop-...` typed into the search box).
    static func hyphenatedWord() -> String {
        var text = ""
        for index in 0..<2000 {
            if index > 0, index % 40 == 0 { text += "-" }
            text.append(Character(Unicode.Scalar(UInt8(97 + (index * 7 + index / 26) % 26))))
        }
        return text
    }

    /// Stores an item named `Enormous <100,000 letters> Teapot`, finds it by its other words and rebuilds the
    /// index; throws when it is not found.
    static func indexHugeWord(in database: CatalogDatabase) async throws {
        let huge = repeated("a", 50_000) + repeated("b", 50_000)
        let variation: JSONValue = [
            "type": "ITEM_VARIATION", "id": "V-HUGE", "version": 1, "is_deleted": false,
            "present_at_all_locations": true,
            "item_variation_data": [
                "item_id": "I-HUGE", "name": "Regular", "pricing_type": "FIXED_PRICING",
                "price_money": ["amount": 250, "currency": "USD"],
            ],
        ]
        let item: JSONValue = [
            "type": "ITEM", "id": "I-HUGE", "version": 1, "is_deleted": false, "present_at_all_locations": true,
            "item_data": ["name": .string("Enormous \(huge) Teapot"), "variations": [variation]],
        ]
        _ = try await database.apply([item])
        guard try await database.search(SearchQuery("enormus teapot")).hits.first?.variation.itemID == "I-HUGE"
        else {
            throw AppError("bench: the item with a 100,000-letter word was not found.", exitCode: .internalError)
        }
        _ = try await database.reindex()
    }
}
