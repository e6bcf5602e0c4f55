import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store
import Sync
import Webhooks

/// `catalog-bench serve`: the hub's targets on a synthetic shop, with the hub as a child process.
struct BenchServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Measure the hub (catalog serve): search through the API, the counter screen's first load, and scans under load.",
        discussion: """
            Syncs a synthetic shop from a sandbox child process into a fresh database, starts catalog serve on \
            it as another child process, waits until the hub has searched ahead the broad starts of words (as \
            a shop's hub has long before its first customer) and pairs with it. Then: --queries searches of \
            every kind through GET /api/v1/search, timed at the server (its Server-Timing header) and as round \
            trips; the counter screen's first load in bytes, and its render time in headless Chromium (when \
            chromium-driver is installed) over --loads loads; and the load: --clients subscribers to the \
            event stream while --counters counters each post --rate scans a second and --typists screens \
            search as someone types (a search per key, --keys a second, the next key when the answer is \
            back) for --seconds, checking that every subscriber gets every scan once and in each counter's \
            order and that every search is answered, timing each scan from its post to its event at each \
            subscriber and each search's round trip, and following the hub's memory; then one search after \
            the load, which must be answered at once. A third of the way into the load a full sync runs \
            (catalog sync --full on the hub's database, against the sandbox, which stays up) and --webhooks \
            signed Square webhooks (catalog and inventory events) arrive in a burst, as on a busy Saturday. \
            Targets: search p99 under 10 ms at the server; scan to event p99 under 100 ms (issue 41: under \
            50 ms); first load under 150 KB, rendered under 300 ms; the hub under 250 MB.
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

    @OptionGroup var load: BenchServeLoad

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard variations > 0, queries > 0, runs > 0, loads > 0, load.clients > 0, load.counters > 0, load.rate > 0,
            load.seconds > 0, load.keys > 0
        else { throw ValidationError("Every count must be positive.") }
        guard load.typists >= 0 else { throw ValidationError("--typists must be 0 or more.") }
    }

    func run() async throws {
        try await reportingErrors {
            let folder = try BenchWorkspace.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("hub.sqlite").path
            // The sandbox stays up: the hub syncs from it, and the load's full sync and webhooks reach it.
            let (sandbox, square) = try ServerProcess.forBenchmark(variations: variations)
            defer { sandbox.stop() }
            let database = try CatalogDatabase(path: path)
            Terminal.error(
                "bench: " + SyncWorkflow.line(try await SyncEngine(database: database, client: square).run()))
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

            // One client sends the typists' and the counters' requests, and the search timings as fast as the hub
            // answers: far past a device's rate in a shop, which the bench measures the hub's speed beyond.
            var arguments = [
                "serve", "--db", path, "--listen", "127.0.0.1:0", "--sync-every", "0", "--device-rate", "100000",
            ]
            if let here = shop.here { arguments += ["--location", here.id] }
            arguments += ["--notification-url", Self.notificationURL]
            let environment = [
                "HOME": folder.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin",
                "SQUARE_BASE_URL": sandbox.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": "bench-token",
                "SQUARE_WEBHOOK_SIGNATURE_KEY": Self.signatureKey,
            ]
            Terminal.error("bench: starting catalog serve ...")
            let hub = try ServerProcess(
                arguments: arguments, environment: environment, quiet: true, log: load.hubLog, watchLog: true)
            defer { hub.stop() }
            var results = BenchServeResults(variations: variations)
            // A shop's hub runs all day: it has searched ahead the broad starts of words (SearchWarmer) long before
            // its first customer, so the figures are a warm hub's, as scripts/bench/counter_page.py's are.
            Terminal.error("bench: waiting for the hub to search ahead ...")
            results.warmed = await hub.waitForLogLine(containing: Self.warmedLines, timeout: .seconds(300))
            if results.warmed == nil {
                Terminal.error("bench: the hub did not say it had searched ahead within 5 minutes; measuring anyway")
            }
            let client = try await HubBenchClient.pair(
                base: hub.baseURL, database: path, name: "bench", connections: load.counters + load.typists + 4)

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
                "bench: \(load.clients) subscribers, \(load.counters) counters × \(load.rate) scans/s, "
                    + "\(load.typists) typists × \(load.keys) keys/s for \(load.seconds) s ...")
            // Each subscriber is a screen of its own, as in a shop: the hub keeps at most 8 streams a device.
            var screens: [String] = []
            for index in 0..<load.clients {
                screens.append(
                    try await HubBenchClient.pair(
                        base: hub.baseURL, database: path, name: "screen \(index + 1)", connections: 1
                    ).token)
            }
            try await measureLoad(
                client: client, screens: screens, hub: hub, codes: codes, words: drawn.map(\.text),
                storm: (path, environment, active, shop.here?.id ?? shop.all.first?.id ?? ""), into: &results)
            try await measureSearchAfterLoad(client: client, text: drawn.first?.text ?? "a", into: &results)
            if output.json { Terminal.out(results.json) } else { Terminal.out(results.text) }
        }
    }

    /// What the hub's log says once it has searched ahead (SearchWarmer), or found nothing to.
    static let warmedLines = ["searched ahead in", "nothing to search ahead"]

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
    func measureLoad(
        client: HubBenchClient, screens: [String], hub: ServerProcess, codes: [String], words: [String],
        storm: (database: String, environment: [String: String], variations: [VariationSummary], location: String),
        into results: inout BenchServeResults
    ) async throws {
        let port = client.base.port ?? 80
        let readers = try screens.map { try EventStreamReader(port: port, token: $0) }
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
        let (rate, counters, seconds) = (load.rate, load.counters, load.seconds)
        let perCounter = rate * seconds
        let start = ContinuousClock.now + .milliseconds(200)
        let giveUp = start + .seconds(seconds + 5)
        let typing = Task {
            await Self.type(
                client: client, words: words, typists: load.typists, keys: load.keys, from: start,
                for: .seconds(seconds))
        }
        let (webhooks, fullSync) = (load.webhooks, load.fullSync)
        let stormAt = start + .seconds(Double(seconds) / 3)
        let syncing = Task { () -> (seconds: Double, status: Int32)? in
            guard fullSync else { return nil }
            try? await Task.sleep(until: stormAt, clock: .continuous)
            return await Self.runFullSync(database: storm.database, environment: storm.environment)
        }
        let usedBefore = (hub: Self.cpuSeconds(pid), bench: Self.cpuSeconds(getpid()))
        let burst = Task { () -> (sent: Int, answered: Int) in
            try? await Task.sleep(until: stormAt + .seconds(1), clock: .continuous)
            return await Self.postWebhooks(
                webhooks, client: client, variations: storm.variations, location: storm.location)
        }
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
                        // A hub that stopped answering is not waited on scan after scan: what is not sent by
                        // the end of the load (and a little after) counts as failed.
                        if at > giveUp {
                            posts.append((id, at, 0, false))
                            continue
                        }
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
        let typed = await typing.value
        results.fullSync = await syncing.value
        results.webhooks = await burst.value
        results.typedSearches = typed.compactMap(\.ms)
        results.typedFailures = typed.count { $0.ms == nil }
        results.typedServer = typed.compactMap(\.server)
        results.slowestTyped = typed.filter { $0.server != nil }.sorted { $0.server ?? 0 > $1.server ?? 0 }.prefix(8)
            .map { ($0, ($0.at - start).seconds) }
        results.typedDatabase = typed.compactMap(\.database)
        results.typedDatabaseWait = typed.compactMap(\.databaseWait)
        let loadSeconds = (ContinuousClock.now - start).seconds
        results.cpu = (
            hub: (Self.cpuSeconds(pid) - usedBefore.hub) / loadSeconds,
            bench: (Self.cpuSeconds(getpid()) - usedBefore.bench) / loadSeconds
        )
        // The load in three phases: before the full sync, while it runs (and the hub takes in what it wrote),
        // and after.
        if let fullSync = results.fullSync {
            let from = (stormAt - start).seconds
            results.phases = BenchServeResults.Phases(from: from, to: from + fullSync.seconds)
        }
        for search in typed { results.phases?.add(search, from: start) }
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
                    let ms = BenchSearchResults.milliseconds(arrival.at - at)
                    results.eventLatency.append(ms)
                    results.phases?.add(event: ms, at: (at - start).seconds)
                }
            }
        }
        results.load = (load.clients, counters, rate, seconds)
        results.typing = (load.typists, load.keys)
    }

    /// `typists` screens each typing `words` one after another, a search per key (the word so far), `keys` a
    /// second, the next key once the answer is back: when each search was sent, its round trip in
    /// milliseconds (nil for one not answered with 200) and the time the hub itself took (`Server-Timing`).
    static func type(
        client: HubBenchClient, words: [String], typists: Int, keys: Int, from start: ContinuousClock.Instant,
        for length: Duration
    ) async -> [BenchServeResults.TypedSearch] {
        guard typists > 0, !words.isEmpty else { return [] }
        let end = start + length
        return await withTaskGroup(of: [BenchServeResults.TypedSearch].self) { group in
            for typist in 0..<typists {
                group.addTask {
                    var timed: [BenchServeResults.TypedSearch] = []
                    // Screens start a little apart, and each types its own words.
                    var due = start + .milliseconds(typist * 1000 / typists / keys)
                    var word = typist * 7
                    while due < end {
                        let text = words[word % words.count]
                        word += 1
                        for length in 1...max(1, text.count) where due < end {
                            try? await Task.sleep(until: due, clock: .continuous)
                            let at = ContinuousClock.now
                            let typed = String(text.prefix(length))
                            let answer = try? await client.send("GET", searchPath(typed))
                            let ms =
                                answer?.status == 200 ? BenchSearchResults.milliseconds(ContinuousClock.now - at) : nil
                            timed.append(
                                BenchServeResults.TypedSearch(
                                    text: typed, at: at, ms: ms, server: answer?.serverMilliseconds,
                                    database: answer?.serverTiming("db"), databaseWait: answer?.serverTiming("dbwait")))
                            due = max(due + .milliseconds(1000 / keys), ContinuousClock.now)
                        }
                    }
                    return timed
                }
            }
            var all: [BenchServeResults.TypedSearch] = []
            for await timed in group { all += timed }
            return all
        }
    }

    static let notificationURL = "https://hub.bench.invalid/webhooks/square"
    static let signatureKey = "bench-signature-key"

    /// `catalog sync --full` on the hub's database as a child process: how long it took and its exit status.
    /// Waited on without holding a thread (the bench's own load runs on the same two).
    static func runFullSync(database: String, environment: [String: String]) async -> (seconds: Double, status: Int32) {
        let process = Process()
        do {
            process.executableURL = URL(fileURLWithPath: try CatalogBinary.path())
        } catch {
            return (0, -1)
        }
        process.arguments = ["sync", "--full", "--db", database]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        let status = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            process.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { done.resume(returning: -1) }
        }
        return ((ContinuousClock.now - started).seconds, status)
    }

    /// `count` signed Square webhooks posted to the hub 20 ms apart, as Square sends them when much changes at
    /// once: every fourth a catalog change (the hub syncs), the others stock counts of shop variations.
    static func postWebhooks(
        _ count: Int, client: HubBenchClient, variations: [VariationSummary], location: String
    ) async -> (
        sent: Int, answered: Int
    ) {
        guard count > 0, !variations.isEmpty else { return (0, 0) }
        var answered = 0
        for index in 0..<count {
            let now = Timestamp.now().rfc3339
            let event: JSONValue
            if index % 4 == 0 {
                event = [
                    "merchant_id": "MBENCH", "type": "catalog.version.updated", "event_id": .string("bench-\(index)"),
                    "created_at": .string(now),
                    "data": ["type": "catalog", "id": "", "object": ["catalog_version": ["updated_at": .string(now)]]],
                ]
            } else {
                let variation = variations[(index * 7919) % variations.count]
                event = [
                    "merchant_id": "MBENCH", "type": "inventory.count.updated", "event_id": .string("bench-\(index)"),
                    "created_at": .string(now),
                    "data": [
                        "type": "inventory_counts", "id": .string("bench-counts-\(index)"),
                        "object": [
                            "inventory_counts": [
                                [
                                    "catalog_object_id": .string(variation.variationID),
                                    "catalog_object_type": "ITEM_VARIATION", "state": "IN_STOCK",
                                    "location_id": .string(location),
                                    "quantity": .string(String(index % 40)), "calculated_at": .string(now),
                                ]
                            ]
                        ],
                    ],
                ]
            }
            let body = event.serializedBytes()
            let signature = WebhookSignature.expected(body: body, notificationURL: notificationURL, key: signatureKey)
            let answer = try? await client.send(
                "POST", "/webhooks/square", raw: body, headers: [WebhookSignature.headerName: signature])
            if answer?.status == 200 { answered += 1 }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return (count, answered)
    }

    /// One search once the load has ended: a hub that kept up answers it at once.
    func measureSearchAfterLoad(client: HubBenchClient, text: String, into results: inout BenchServeResults)
        async throws
    {
        let at = ContinuousClock.now
        let answer = try? await client.send("GET", Self.searchPath(text))
        results.searchAfterLoad =
            answer?.status == 200 ? BenchSearchResults.milliseconds(ContinuousClock.now - at) : nil
    }

    /// The processor time process `pid` has used so far (user and system), in seconds, from /proc.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        // After the name in brackets: state is field 3, utime and stime fields 14 and 15, in clock ticks.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The resident memory of process `pid`, from /proc.
    static func residentKilobytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
