import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store

/// `catalog-bench serve`: the hub's targets on a synthetic shop, with the hub as a child process.
struct BenchServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Measure the hub (catalog serve): search through the API, the counter screen's first load, and scans under load.",
        discussion: """
            Syncs a synthetic shop from a sandbox child process into a fresh database, starts catalog serve on \
            it as another child process and pairs with it. Then: --queries searches of every kind through \
            GET /api/v1/search, timed at the server (its Server-Timing header) and as round trips; the \
            counter screen's first load in bytes, and its render time in headless Chromium (when \
            chromium-driver is installed) over --loads loads; and the load: --clients subscribers to the \
            event stream while --counters counters each post --rate scans a second for --seconds, \
            checking that every subscriber gets every scan once and in each counter's order, timing each \
            scan from its post to its event at each subscriber, and following the hub's memory. Targets: \
            search p99 under 10 ms at the server; scan to event p99 under 100 ms; first load under 150 KB, \
            rendered under 300 ms.
            """
    )

    @Option(help: "Variations in the synthetic catalog.")
    var variations = 100_000

    @Option(help: "Searches of each kind.")
    var queries = 100

    @Option(help: "Timed passes over the searches.")
    var runs = 3

    @Option(help: "Loads of the counter screen in the browser.")
    var loads = 11

    @Option(help: "Subscribers to the event stream during the load.")
    var clients = 20

    @Option(help: "Counters posting scans during the load.")
    var counters = 5

    @Option(help: "Scans a second each counter posts.")
    var rate = 10

    @Option(help: "How long the load lasts, in seconds.")
    var seconds = 120

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    func validate() throws {
        guard variations > 0, queries > 0, runs > 0, loads > 0, clients > 0, counters > 0, rate > 0, seconds > 0
        else { throw ValidationError("Every count must be positive.") }
    }

    func run() async throws {
        try await reportingErrors {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("hub.sqlite").path
            let database = try await BenchSearchCommand.load(variations: variations, into: path)
            let shop = try await BenchSearchCommand.counterLocations(database)
            let active = try await database.activeVariations()
            var generator = BenchQueryGenerator(variations: active, seed: 3)
            let drawn = generator.queries(count: queries)
            var random = SplitMix64(seed: 11)
            let withBarcodes = active.filter { $0.gtin != nil }
            let codes = (0..<1000).map { index -> String in
                // One scan in twenty is a code the shop does not have, as at a real counter.
                index % 20 == 19
                    ? "2\(String(format: "%011d", Int(random.next() % 99_999_999_999)))"
                    : withBarcodes[Int(random.next() % UInt64(withBarcodes.count))].gtin ?? ""
            }

            var arguments = ["serve", "--db", path, "--listen", "127.0.0.1:0", "--sync-every", "0"]
            if let here = shop.here { arguments += ["--location", here.id] }
            let environment = ["HOME": folder.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
            Terminal.error("bench: starting catalog serve ...")
            let hub = try ServerProcess(arguments: arguments, environment: environment, quiet: true)
            defer { hub.stop() }
            let client = try await HubBenchClient.pair(base: hub.baseURL, database: path, name: "bench")
            var results = BenchServeResults(variations: variations)

            Terminal.error("bench: \(drawn.count) searches × \(runs) through the API ...")
            for query in drawn { _ = try await client.send("GET", Self.searchPath(query.text)) }
            for _ in 1...runs {
                for query in drawn {
                    let start = ContinuousClock.now
                    let answer = try await client.send("GET", Self.searchPath(query.text))
                    results.searchRoundTrip.append(BenchSearchResults.milliseconds(ContinuousClock.now - start))
                    if let server = answer.serverMilliseconds { results.searchServer.append(server) }
                    if answer.status != 200 { results.searchFailures += 1 }
                }
            }

            Terminal.error("bench: the counter screen's first load ...")
            try await measureFirstLoad(client: client, into: &results)

            Terminal.error(
                "bench: \(clients) subscribers, \(counters) counters × \(rate) scans/s for \(seconds) s ...")
            try await measureLoad(client: client, hub: hub, codes: codes, into: &results)
            if json { Terminal.out(results.json) } else { Terminal.out(results.text) }
        }
    }

    static func searchPath(_ text: String) -> String {
        "/api/v1/search?limit=20&q=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
    }

    /// The bytes of the page and what it loads, and (in Chromium) how long it takes to show.
    func measureFirstLoad(client: HubBenchClient, into results: inout BenchServeResults) async throws {
        let page = try await client.send("GET", "/", accept: "text/html")
        results.loadParts = [("page", page.data.count)]
        let html = String(decoding: page.data, as: UTF8.self)
        for match in html.matches(of: /(?:href|src)="(\/assets\/[^"]+)"/) {
            let asset = try await client.send("GET", String(match.output.1))
            results.loadParts.append((String(match.output.1.dropFirst(8)), asset.data.count))
        }
        guard let browser = try await HeadlessChromium.start() else { return }
        do {
            try await browser.open(client.base.absoluteString + "/api/v1/health")
            try await browser.setCookie(name: "catalog_device", value: client.token)
            for _ in 0..<loads {
                try await browser.open(client.base.absoluteString + "/")
                let timing = try await browser.run(
                    """
                    const n = performance.getEntriesByType('navigation')[0];
                    const p = performance.getEntriesByName('first-contentful-paint')[0];
                    return {load: n.loadEventEnd, ready: n.domContentLoadedEventEnd, paint: p ? p.startTime : null,
                      bytes: performance.getEntriesByType('resource').concat([n]).reduce((s, e) => s + e.encodedBodySize, 0)};
                    """)
                if let load = timing["load"]?.doubleValue { results.renderLoad.append(load) }
                if let paint = timing["paint"]?.doubleValue { results.renderPaint.append(paint) }
                if let bytes = timing["bytes"]?.doubleValue { results.browserBytes = Int(bytes) }
            }
        } catch {
            // The browser's figures are missing from the report then; the rest still counts.
            Terminal.error("bench: the browser failed, so its figures are missing: \(AppError.from(error).description)")
        }
        await browser.stop()
    }

    /// The load: subscribers on the event stream, counters posting at a steady rate.
    func measureLoad(client: HubBenchClient, hub: ServerProcess, codes: [String], into results: inout BenchServeResults)
        async throws
    {
        let port = client.base.port ?? 80
        let readers = try (0..<clients).map { _ in try EventStreamReader(port: port, token: client.token) }
        defer { readers.forEach { $0.close() } }
        let deadline = ContinuousClock.now + .seconds(10)
        while readers.contains(where: { !$0.connected }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let pid = hub.process.processIdentifier
        let memory = Task { () -> [Int] in
            var samples: [Int] = []
            while !Task.isCancelled {
                if let kilobytes = Self.residentKilobytes(pid) { samples.append(kilobytes) }
                try? await Task.sleep(for: .seconds(5))
            }
            return samples
        }
        let (rate, counters, perCounter) = (self.rate, self.counters, self.rate * seconds)
        let start = ContinuousClock.now + .milliseconds(200)
        let sent = try await withThrowingTaskGroup(
            of: [(id: String, at: ContinuousClock.Instant, ms: Double, ok: Bool)].self
        ) { group in
            for counter in 0..<counters {
                group.addTask {
                    var posts: [(id: String, at: ContinuousClock.Instant, ms: Double, ok: Bool)] = []
                    for index in 0..<perCounter {
                        // Counters start a little apart, as real ones would.
                        let due = start + .milliseconds(counter * 1000 / counters / rate + index * 1000 / rate)
                        try await Task.sleep(until: due, clock: .continuous)
                        let id = "c\(counter)-\(index)"
                        let code = codes[(counter * 7919 + index * 31) % codes.count]
                        let at = ContinuousClock.now
                        let answer = try? await client.send(
                            "POST", "/api/v1/scans",
                            body: ["id": .string(id), "code": .string(code), "counter": .string("till-\(counter)")])
                        posts.append(
                            (id, at, BenchSearchResults.milliseconds(ContinuousClock.now - at), answer?.status == 201))
                    }
                    return posts
                }
            }
            var all: [(id: String, at: ContinuousClock.Instant, ms: Double, ok: Bool)] = []
            for try await posts in group { all += posts }
            return all
        }
        let posted = Dictionary(uniqueKeysWithValues: sent.filter(\.ok).map { ($0.id, $0.at) })
        let settle = ContinuousClock.now + .seconds(10)
        while readers.contains(where: { $0.seen.count < posted.count }), ContinuousClock.now < settle {
            try await Task.sleep(for: .milliseconds(50))
        }
        memory.cancel()
        results.memoryKilobytes = await memory.value
        results.posted = sent.count
        results.postFailures = sent.count - posted.count
        results.postRoundTrip = sent.map(\.ms)
        results.subscribers = readers.count
        for reader in readers {
            let seen = reader.seen
            let ids = seen.map(\.id)
            let unique = Set(ids)
            results.lost += posted.keys.filter { !unique.contains($0) }.count
            results.duplicated += ids.count - unique.count
            // Each counter's scans arrive in the order they were posted.
            var last: [String: Int] = [:]
            for id in ids {
                let parts = id.split(separator: "-")
                guard parts.count == 2, let index = Int(parts[1]) else { continue }
                if let previous = last[String(parts[0])], previous > index { results.outOfOrder += 1 }
                last[String(parts[0])] = index
            }
            for arrival in seen {
                if let at = posted[arrival.id] {
                    results.eventLatency.append(BenchSearchResults.milliseconds(arrival.at - at))
                }
            }
        }
        results.load = (clients, counters, rate, seconds)
    }

    /// The resident memory of process `pid`, from /proc.
    static func residentKilobytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
