import CatalogApp
import CatalogCore
import Foundation

/// What `catalog-bench serve` measured, and its report.
struct BenchServeResults {
    let variations: Int
    /// The hub's log line saying it had searched ahead before anything was measured (nil: it did not say so).
    var warmed: String?
    var searchServer: [Double] = []
    var searchRoundTrip: [Double] = []
    var searchFailures = 0
    /// The bytes of the page and of each asset it loads.
    var loadParts: [(name: String, bytes: Int)] = []
    /// What the browser itself counted as loaded, in bytes.
    var browserBytes: Int?
    /// Milliseconds from navigation to the load event, and to the first contentful paint.
    var renderLoad: [Double] = []
    var renderPaint: [Double] = []
    var load: (clients: Int, counters: Int, rate: Int, seconds: Int) = (0, 0, 0, 0)
    var posted = 0
    var postFailures = 0
    var postRoundTrip: [Double] = []
    var subscribers = 0
    var lost = 0
    var duplicated = 0
    var outOfOrder = 0
    var eventLatency: [Double] = []
    var memoryKilobytes: [Int] = []
    var typing: (typists: Int, keys: Int) = (0, 0)
    /// The round trips of the searches typed during the load, answered ones only.
    var typedSearches: [Double] = []
    /// The hub's own time for each typed search (its `Server-Timing`).
    var typedServer: [Double] = []
    /// Of it, the time SQLite statements ran, and the time spent getting to a connection and back.
    var typedDatabase: [Double] = []
    var typedDatabaseWait: [Double] = []
    /// The typed searches the hub took longest over, with the seconds into the load each was sent.
    var slowestTyped: [(search: TypedSearch, second: Double)] = []
    /// Typed searches not answered (an error, a timeout or a status other than 200).
    var typedFailures = 0
    /// The round trip of one search after the load; nil when it was not answered.
    var searchAfterLoad: Double?
    /// The full sync run during the load: how long it took and how it ended (nil when none ran).
    var fullSync: (seconds: Double, status: Int32)?
    /// The webhooks posted in a burst during the load, and how many the hub answered 200.
    var webhooks = (sent: 0, answered: 0)

    /// The processor the hub and the bench itself used during the load, in cores (1.0: one core all along).
    var cpu: (hub: Double, bench: Double)?
    /// The load's figures before, during and after the full sync (nil when none ran).
    var phases: Phases?

    /// One search typed during the load: when it was sent, its round trip in milliseconds (nil when not
    /// answered with 200) and the hub's own time.
    struct TypedSearch: Sendable {
        /// What was typed so far.
        let text: String
        let at: ContinuousClock.Instant
        let ms: Double?
        let server: Double?
        /// The hub's time in SQLite statements, and getting to a connection and back (`Server-Timing`).
        let database: Double?
        let databaseWait: Double?
    }

    /// The scan and search figures of the load split at the full sync: before it, while it runs, after it.
    struct Phases {
        /// Seconds into the load the sync started and ended.
        let from: Double
        let to: Double
        var events: [[Double]] = [[], [], []]
        var typed: [[Double]] = [[], [], []]
        var typedServer: [[Double]] = [[], [], []]
        /// Of the hub's time, in SQLite statements and getting to a connection and back.
        var typedDatabase: [[Double]] = [[], [], []]
        var typedDatabaseWait: [[Double]] = [[], [], []]

        init(from: Double, to: Double) { (self.from, self.to) = (from, to) }

        func phase(_ seconds: Double) -> Int { seconds < from ? 0 : seconds < to ? 1 : 2 }
        mutating func add(event ms: Double, at seconds: Double) { events[phase(seconds)].append(ms) }
        mutating func add(_ search: TypedSearch, from start: ContinuousClock.Instant) {
            let at = phase((search.at - start).seconds)
            if let ms = search.ms { typed[at].append(ms) }
            if let server = search.server { typedServer[at].append(server) }
            if let database = search.database { typedDatabase[at].append(database) }
            if let wait = search.databaseWait { typedDatabaseWait[at].append(wait) }
        }

        var names: [String] {
            [
                String(format: "before the sync (0-%.0f s)", from), String(format: "during it (%.0f-%.0f s)", from, to),
                String(format: "after it (%.0f s on)", to),
            ]
        }
    }

    init(variations: Int) { self.variations = variations }

    static func p(_ values: [Double], _ fraction: Double) -> Double { BenchSearchResults.percentile(values, fraction) }
    static func ms(_ value: Double) -> String {
        value < 10 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
    }

    var firstLoadBytes: Int { loadParts.reduce(0) { $0 + $1.bytes } }

    /// What the hub said about searching ahead, without its log's prefix.
    var warmedText: String {
        guard let warmed else { return "did not say it had searched ahead (measured cold)" }
        return "said: " + (warmed.range(of: "search: ").map { String(warmed[$0.upperBound...]) } ?? warmed)
    }

    var text: String {
        var lines = ["catalog serve on \(Terminal.count(variations)) variations:"]
        lines.append("  before measuring, the hub " + warmedText)
        lines.append(
            "  search through the API (\(searchServer.count) requests): at the server p50 \(Self.ms(Self.p(searchServer, 0.5))), "
                + "p99 \(Self.ms(Self.p(searchServer, 0.99))) (target p99 < 10 ms); round trip p50 "
                + "\(Self.ms(Self.p(searchRoundTrip, 0.5))), p99 \(Self.ms(Self.p(searchRoundTrip, 0.99)))"
                + (searchFailures > 0 ? "; \(searchFailures) FAILED" : ""))
        let parts = loadParts.map { "\($0.name) \(Self.kilobytes($0.bytes))" }.joined(separator: ", ")
        lines.append(
            "  counter screen first load: \(Self.kilobytes(firstLoadBytes)) (\(parts)) (target < 150 KB)"
                + (browserBytes.map { "; the browser counted \(Self.kilobytes($0))" } ?? ""))
        if renderLoad.isEmpty {
            lines.append("  render time: not measured (no chromedriver)")
        } else {
            lines.append(
                "  rendered in Chromium (\(renderLoad.count) loads): load event median \(Self.ms(Self.p(renderLoad, 0.5))), "
                    + "max \(Self.ms(renderLoad.max() ?? 0)) (target < 300 ms); first paint median "
                    + "\(Self.ms(Self.p(renderPaint, 0.5)))")
        }
        lines.append(
            "  load: \(load.clients) subscribers, \(load.counters) counters × \(load.rate) scans/s for \(load.seconds) s: "
                + "\(posted) scans posted (\(postFailures) failed); across all subscribers \(lost) lost, "
                + "\(duplicated) duplicated, \(outOfOrder) out of order")
        if typing.typists > 0 {
            lines.append(
                "  typed searches: \(typing.typists) screens × \(typing.keys) keys/s: \(typedSearches.count) answered, "
                    + "\(typedFailures) not answered; at the server p50 \(Self.ms(Self.p(typedServer, 0.5))), p99 "
                    + "\(Self.ms(Self.p(typedServer, 0.99))) (target p99 < 10 ms; in SQLite p50 "
                    + "\(Self.ms(Self.p(typedDatabase, 0.5))), p99 \(Self.ms(Self.p(typedDatabase, 0.99))), getting to it "
                    + "p50 \(Self.ms(Self.p(typedDatabaseWait, 0.5))), p99 \(Self.ms(Self.p(typedDatabaseWait, 0.99)))); "
                    + "round trip p50 "
                    + "\(Self.ms(Self.p(typedSearches, 0.5))), p99 \(Self.ms(Self.p(typedSearches, 0.99))), max "
                    + "\(Self.ms(typedSearches.max() ?? 0))")
            let slowest = slowestTyped.map { search, second in
                "“\(search.text)” \(Self.ms(search.server ?? 0)) (SQLite \(Self.ms(search.database ?? 0)), "
                    + String(format: "%.0f s in)", second)
            }
            if !slowest.isEmpty { lines.append("    the slowest at the server: " + slowest.joined(separator: ", ")) }
        }
        if let fullSync {
            lines.append(
                "  a full sync during the load: " + String(format: "%.1f s", fullSync.seconds)
                    + (fullSync.status == 0 ? "" : ", FAILED with exit \(fullSync.status)"))
        }
        if webhooks.sent > 0 {
            lines.append(
                "  a webhook burst during the load: \(webhooks.sent) posted, \(webhooks.answered) answered 200"
                    + (webhooks.answered < webhooks.sent ? " (SOME NOT ANSWERED)" : ""))
        }
        lines.append(
            "  a search after the load: " + (searchAfterLoad.map { "answered in \(Self.ms($0))" } ?? "NOT ANSWERED"))
        lines.append(
            "  scan posted to event at a subscriber: p50 \(Self.ms(Self.p(eventLatency, 0.5))), p99 "
                + "\(Self.ms(Self.p(eventLatency, 0.99))), max \(Self.ms(eventLatency.max() ?? 0)) (target p99 < 50 ms); "
                + "post round trip p99 \(Self.ms(Self.p(postRoundTrip, 0.99)))")
        if let phases {
            for (index, name) in phases.names.enumerated() {
                let (events, typed, server) = (phases.events[index], phases.typed[index], phases.typedServer[index])
                let (database, wait) = (phases.typedDatabase[index], phases.typedDatabaseWait[index])
                lines.append(
                    "    \(name): scan to event p50 \(Self.ms(Self.p(events, 0.5))), p99 \(Self.ms(Self.p(events, 0.99))); "
                        + "typed search at the server p50 \(Self.ms(Self.p(server, 0.5))), p99 \(Self.ms(Self.p(server, 0.99))) "
                        + "(SQLite p99 \(Self.ms(Self.p(database, 0.99))), getting to it p99 \(Self.ms(Self.p(wait, 0.99)))), "
                        + "round trip p50 \(Self.ms(Self.p(typed, 0.5))), p99 \(Self.ms(Self.p(typed, 0.99)))")
            }
        }
        if let cpu {
            lines.append(
                String(
                    format: "  processor during the load: the hub %.2f cores, the bench's own clients %.2f (of %d)",
                    cpu.hub,
                    cpu.bench, ProcessInfo.processInfo.activeProcessorCount))
        }
        if let first = memoryKilobytes.first, let last = memoryKilobytes.last {
            lines.append(
                "  hub memory (resident) during the load: \(Self.megabytes(first)) at the start, \(Self.megabytes(last)) "
                    + "at the end, \(Self.megabytes(memoryKilobytes.max() ?? last)) at most (\(memoryKilobytes.count) samples)"
            )
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        func number(_ value: Double) -> JSONValue { .number(String(format: "%.3f", value)) }
        func percentiles(_ values: [Double]) -> JSONValue {
            ["p50": number(Self.p(values, 0.5)), "p99": number(Self.p(values, 0.99)), "count": .int(values.count)]
        }
        return [
            "variations": .int(variations), "warmed": warmed.map { .string($0) } ?? .null,
            "search_server_ms": percentiles(searchServer), "search_round_trip_ms": percentiles(searchRoundTrip),
            "search_failures": .int(searchFailures),
            "first_load_bytes": .int(firstLoadBytes),
            "first_load_parts": .object(JSONObject(loadParts.map { (key: $0.name, value: .int($0.bytes)) })),
            "render_load_ms": percentiles(renderLoad), "render_first_paint_ms": percentiles(renderPaint),
            "load": [
                "subscribers": .int(load.clients), "counters": .int(load.counters), "rate": .int(load.rate),
                "seconds": .int(load.seconds),
            ],
            "posted": .int(posted), "post_failures": .int(postFailures), "lost": .int(lost),
            "duplicated": .int(duplicated), "out_of_order": .int(outOfOrder),
            "event_latency_ms": percentiles(eventLatency), "post_round_trip_ms": percentiles(postRoundTrip),
            "memory_kb": .array(memoryKilobytes.map { .int($0) }),
            "typing": ["typists": .int(typing.typists), "keys_per_second": .int(typing.keys)],
            "typed_search_ms": percentiles(typedSearches), "typed_search_server_ms": percentiles(typedServer),
            "typed_search_database_ms": percentiles(typedDatabase),
            "typed_search_database_wait_ms": percentiles(typedDatabaseWait), "typed_failures": .int(typedFailures),
            "slowest_typed": .array(
                slowestTyped.map {
                    [
                        "text": .string($0.search.text), "server_ms": number($0.search.server ?? 0),
                        "second": number($0.second),
                    ]
                }),
            "search_after_load_ms": searchAfterLoad.map(number) ?? .null,
            "full_sync": fullSync.map { ["seconds": number($0.seconds), "status": .int(Int64($0.status))] } ?? .null,
            "webhooks": ["sent": .int(webhooks.sent), "answered": .int(webhooks.answered)],
            "phases": phases.map { phases in
                .array(
                    (0..<3).map { index in
                        [
                            "name": .string(phases.names[index]), "event_latency_ms": percentiles(phases.events[index]),
                            "typed_search_ms": percentiles(phases.typed[index]),
                            "typed_search_server_ms": percentiles(phases.typedServer[index]),
                            "typed_search_database_ms": percentiles(phases.typedDatabase[index]),
                            "typed_search_database_wait_ms": percentiles(phases.typedDatabaseWait[index]),
                        ]
                    })
            } ?? .null,
            "cpu_cores": cpu.map { ["hub": number($0.hub), "bench": number($0.bench)] } ?? .null,
        ]
    }

    static func kilobytes(_ bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1024) }
    static func megabytes(_ kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }
}
