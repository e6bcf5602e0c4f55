import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// `catalog-bench search`: search latency and quality on a synthetic shop catalog.
struct BenchSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Measure search speed and quality on a synthetic catalog.",
        discussion: """
            Starts `catalog sandbox` with a synthetic shop catalog in a child process, syncs it into a \
            fresh database, times rebuilding the search index, then runs --queries queries of each kind \
            drawn from the catalog with a fixed seed, without asking the engine: the exact name, a \
            prefix, one typo with a word left out, a SKU, a barcode, a typo that is another word of the \
            catalog, a word of the category added, a number with decimals typed to its whole part, the \
            words in another order, a misspelt word with a piece of a number with a point (`crisps \
            0` for Crisps 2.0), and a long word with two letters left out or swapped. Prints p50 and p99 \
            latency per kind, hit@1 and hit@10 at item level per kind and overall, the same for a tuned \
            tantivy asked the same queries (--peer), and the median time of a whole `catalog search` \
            process. Targets: barcode and SKU p99 under 0.2 ms; text p50 under 1 ms and p99 under 5 ms; \
            every kind hit@1 at least 99.5% and hit@10 100%; a whole process under 12 ms and `catalog \
            --version` under 6 ms; rebuilding the index under 4 s.
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 100_000

    @Option(help: "Queries of each kind.")
    var queries = 250

    @Option(help: "The seed the queries are drawn with.")
    var seed: UInt64 = 3

    @Option(help: "Timed passes over the queries.")
    var runs = 3

    @Option(help: "Timed rebuilds of the search index (0: keep the index as it is, with --database).")
    var rebuilds = 3

    @Option(help: "Whole `catalog search` processes to time.")
    var processes = 21

    @Option(help: "Write the queries drawn (kind, item id, text) to this file and the database to FILE.sqlite.")
    var saveQueries: String?

    @Option(help: "Queries that missed to print per kind.")
    var misses = 5

    @Option(
        help: ArgumentHelp(
            "The peer engine asked the same queries: tantivy or none.",
            discussion: """
                tantivy runs scripts/bench/tantivy_peer.py (a tuned tantivy index of the same shop) with \
                CATALOG_BENCH_PYTHON, else the checkout's .venv/bin/python, else python3; without tantivy \
                installed the peer is left out with a note.
                """))
    var peer: PeerChoice = .tantivy

    @Option(
        name: .customLong("kind"),
        help:
            "Run only queries of this kind (repeat for more): \(BenchQuery.Kind.allValueStrings.joined(separator: ", "))."
    )
    var kinds: [BenchQuery.Kind] = []

    @Option(
        help: ArgumentHelp(
            "Search this database instead of syncing a new synthetic shop (one --save-queries wrote).",
            discussion: """
                The queries saved beside it (the file named without `.sqlite`) are asked again, so the \
                figures of two builds compare like with like; --variations then only labels the figures.
                """,
            valueName: "file"))
    var database: String?

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations > 0, queries > 0, runs > 0, processes > 0 else {
            throw ValidationError("--variations, --queries, --runs and --processes must be positive.")
        }
        guard rebuilds > 0 || (rebuilds == 0 && database != nil) else {
            throw ValidationError("--rebuilds must be positive (0 is allowed only with --database).")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let folder = try PrivateFolder.make("catalog-bench")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = self.database ?? folder.appendingPathComponent("search.sqlite").path
            let database: CatalogDatabase
            if self.database != nil {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw AppError("No database at \(path): give a file --save-queries wrote.", exitCode: .usage)
                }
                database = try CatalogDatabase(path: path)
            } else {
                database = try await Self.load(variations: variations, into: path)
            }

            var rebuildSeconds: [Double] = []
            for run in stride(from: 1, through: rebuilds, by: 1) {
                let summary = try await database.reindex()
                Terminal.error(
                    "bench: index rebuild \(run)/\(rebuilds): \(Terminal.count(summary.items)) items in "
                        + String(format: "%.2fs", summary.elapsed))
                rebuildSeconds.append(summary.elapsed)
            }

            let drawn = try await queriesToAsk(database: database, path: path)
            if let saveQueries {
                // Kind, intended item and query per line, and the database beside them, so that a miss can be
                // replayed with `catalog search --db`.
                try drawn.map { "\($0.kind.rawValue)\t\($0.itemID)\t\($0.text)\n" }.joined()
                    .write(toFile: saveQueries, atomically: true, encoding: .utf8)
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try? FileManager.default.removeItem(atPath: saveQueries + ".sqlite" + suffix)
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: saveQueries + ".sqlite" + suffix)
                }
            }
            Terminal.error("bench: \(drawn.count) queries; warming up ...")
            var results = BenchSearchResults(queries: drawn)
            // Searches as a counter does: priced and ranked for its location (the shop's first one).
            let shop = try await Self.counterLocations(database)
            for query in drawn {
                _ = try await shop.search(SearchQuery(query.text), limit: 10, onlyHere: false, in: database)
            }
            for run in 1...runs {
                for (index, query) in drawn.enumerated() {
                    let parsed = SearchQuery(query.text)
                    let start = ContinuousClock.now
                    let outcome = try await shop.search(parsed, limit: 10, onlyHere: false, in: database)
                    results.record(index, elapsed: ContinuousClock.now - start, outcome: outcome, run: run)
                }
            }
            results.processMS = try Self.timeProcesses(count: processes) { index in
                let query = drawn[(index * 7919) % drawn.count]
                var arguments = ["search", "--db", path, "--limit", "10"]
                if let here = shop.here { arguments += ["--location", here.id] }
                return arguments + ["--", query.text]
            }
            results.versionMS = try Self.timeProcesses(count: processes) { _ in ["--version"] }
            results.rebuildSeconds = rebuildSeconds
            if peer == .tantivy {
                results.peer = try BenchPeer.run(
                    variations: try await database.activeVariations(), queries: drawn, runs: runs, in: folder)
            }
            if output.json {
                Terminal.out(results.json(variations: variations))
            } else {
                Terminal.out(results.text(variations: variations, misses: misses))
            }
        }
    }

    /// The queries of the kinds asked for: those saved beside a `--database` file when there are any (drawing
    /// them again takes minutes at 500,000 variations), else drawn from the catalog.
    func queriesToAsk(database: CatalogDatabase, path: String) async throws -> [BenchQuery] {
        let wanted = { (query: BenchQuery) in kinds.isEmpty || kinds.contains(query.kind) }
        if self.database != nil, path.hasSuffix(".sqlite") {
            let saved = String(path.dropLast(".sqlite".count))
            if let text = try? String(contentsOfFile: saved, encoding: .utf8) {
                let read = try text.split(separator: "\n").map { line in
                    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                    guard fields.count == 3, let kind = BenchQuery.Kind(rawValue: String(fields[0])) else {
                        throw AppError(
                            "\(saved): the line \"\(line)\" is not kind, item id and query.", exitCode: .dataError)
                    }
                    return BenchQuery(kind: kind, text: String(fields[2]), itemID: String(fields[1]))
                }.filter(wanted)
                if !read.isEmpty {
                    Terminal.error("bench: asking the \(read.count) queries saved in \(saved)")
                    return read
                }
            }
        }
        var generator = BenchQueryGenerator(variations: try await database.activeVariations(), seed: seed)
        return generator.queries(count: queries).filter(wanted)
    }

    /// The shop's locations with the first one as the counter's, as a counter PC is set up.
    static func counterLocations(_ database: CatalogDatabase) async throws -> ShopLocations {
        let all = try await database.locations().compactMap { location -> CounterLocation? in
            location["id"]?.stringValue.map { CounterLocation(id: $0, name: location["name"]?.stringValue ?? $0) }
        }
        return ShopLocations(all: all, here: all.first)
    }

    /// Syncs a synthetic catalog of `variations` from a sandbox child process into a new database.
    static func load(variations: Int, into path: String) async throws -> CatalogDatabase {
        let (sandbox, client) = try ServerProcess.forBenchmark(variations: variations)
        defer { sandbox.stop() }
        let database = try CatalogDatabase(path: path)
        let summary = try await SyncEngine(database: database, client: client).run(full: false)
        Terminal.error("bench: " + SyncWorkflow.line(summary))
        return database
    }

    /// Runs this `catalog` binary as a new process `count` times, with the arguments `arguments(i)`
    /// gives for run i, and returns each wall-clock time in milliseconds (start to exit). Started with
    /// `posix_spawn` and reaped with `waitpid`, as a shell or a script does: Foundation's `Process` added
    /// about 2 ms to each (its set-up, a thread watching for the exit, a run loop to wait in), a third of
    /// what `catalog --version` takes.
    static func timeProcesses(count: Int, arguments: (Int) -> [String]) throws -> [Double] {
        let executable = try CatalogBinary.path()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var times: [Double] = []
        for index in 0..<count {
            let argv = [executable] + arguments(index)
            let pointers = argv.map { strdup($0) } + [nil]
            defer { pointers.forEach { free($0) } }
            var pid: pid_t = 0
            let start = ContinuousClock.now
            let failed = posix_spawn(&pid, executable, &actions, nil, pointers, environ)
            guard failed == 0 else {
                throw AppError(
                    "\(executable) could not be started: \(String(cString: strerror(failed))).", exitCode: .unavailable)
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            times.append(BenchSearchResults.milliseconds(ContinuousClock.now - start))
        }
        return times
    }
}

extension BenchQuery.Kind: ExpressibleByArgument {}

/// The peer engines `catalog-bench search` can measure beside the catalog's own.
enum PeerChoice: String, ExpressibleByArgument, CaseIterable {
    case tantivy, none
}
