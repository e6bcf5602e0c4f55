import CatalogApp
import CatalogCore
import Foundation
import Store

/// What `catalog-bench search` measured, and its report.
struct BenchSearchResults {
    let queries: [BenchQuery]
    /// Milliseconds per query, every run.
    var latencies: [BenchQuery.Kind: [Double]] = [:]
    /// The rank (0-based) of the intended item among the distinct items returned, or nil when missing.
    var ranks: [Int?]
    var rebuildSeconds: [Double] = []
    var processMS: [Double] = []
    /// Milliseconds per whole `catalog --version` process: the start-up cost alone.
    var versionMS: [Double] = []
    /// What the peer engine answered to the same queries, when it was measured.
    var peer: BenchPeer?

    init(queries: [BenchQuery]) {
        self.queries = queries
        ranks = Array(repeating: nil, count: queries.count)
    }

    mutating func record(_ index: Int, elapsed: Duration, outcome: SearchOutcome, run: Int) {
        let query = queries[index]
        latencies[query.kind, default: []].append(Self.milliseconds(elapsed))
        guard run == 1 else { return }
        var items: [String] = []
        for hit in outcome.hits where items.last != hit.variation.itemID {
            items.append(hit.variation.itemID)
        }
        ranks[index] = items.firstIndex(of: query.itemID)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        duration.seconds * 1000
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// hit@k for one kind (every query when nil): the share of its queries whose intended item is among
    /// the first `k` items, by `ranks` (the catalog's own, else the peer's).
    func hitRate(_ kind: BenchQuery.Kind?, within k: Int, ranks: [Int?]? = nil) -> Double {
        let ranks = ranks ?? self.ranks
        let indices = queries.indices.filter { kind == nil || queries[$0].kind == kind }
        guard !indices.isEmpty else { return 0 }
        return Double(indices.filter { (ranks[$0] ?? .max) < k }.count) / Double(indices.count)
    }

    /// The peer's milliseconds for the queries of one kind (every text kind when nil), every timed pass.
    func peerLatencies(_ kind: BenchQuery.Kind?) -> [Double] {
        guard let peer else { return [] }
        return queries.indices.filter { index in kind.map { queries[index].kind == $0 } ?? queries[index].kind.isText }
            .flatMap { peer.milliseconds[$0] }
    }

    /// The kinds asked (those left out with --kind are not reported).
    var askedKinds: [BenchQuery.Kind] {
        let asked = Set(queries.map(\.kind))
        return BenchQuery.Kind.allCases.filter(asked.contains)
    }

    /// Whether a kind meets issue 41's quality target: hit@1 at least 99.5% and hit@10 100%.
    func meetsQualityTarget(_ kind: BenchQuery.Kind) -> Bool {
        hitRate(kind, within: 1) >= 0.995 && hitRate(kind, within: 10) == 1
    }

    /// Every latency of the kinds answered through the word index.
    var textLatencies: [Double] { BenchQuery.Kind.allCases.filter(\.isText).flatMap { latencies[$0] ?? [] } }

    /// A few of the queries of one kind that missed, for reading what went wrong.
    func misses(_ kind: BenchQuery.Kind, limit: Int) -> [String] {
        queries.indices.filter { queries[$0].kind == kind && ranks[$0] != 0 }.prefix(limit).map { index in
            "\(queries[index].text) (intended item at \(ranks[index].map { String($0 + 1) } ?? "none"))"
        }
    }

    func json(variations: Int) -> JSONValue {
        func number(_ value: Double, _ digits: Int = 3) -> JSONValue { .number(String(format: "%.\(digits)f", value)) }
        var kinds = JSONObject()
        var peerKinds = JSONObject()
        let peerRanks = peer?.ranks(of: queries)
        for kind in askedKinds {
            let values = latencies[kind] ?? []
            kinds[kind.rawValue] = [
                "queries": .int(queries.filter { $0.kind == kind }.count),
                "p50_ms": number(Self.percentile(values, 0.5)), "p99_ms": number(Self.percentile(values, 0.99)),
                "hit_at_1": number(hitRate(kind, within: 1), 4), "hit_at_10": number(hitRate(kind, within: 10), 4),
            ]
            guard let peerRanks else { continue }
            let peerValues = peerLatencies(kind)
            peerKinds[kind.rawValue] = [
                "p50_ms": number(Self.percentile(peerValues, 0.5)),
                "p99_ms": number(Self.percentile(peerValues, 0.99)),
                "hit_at_1": number(hitRate(kind, within: 1, ranks: peerRanks), 4),
                "hit_at_10": number(hitRate(kind, within: 10, ranks: peerRanks), 4),
            ]
        }
        let peerFigures: JSONValue =
            peer.map { peer in
                [
                    "engine": .string(peer.engine), "index_seconds": number(peer.indexSeconds, 2),
                    "kinds": .object(peerKinds),
                    "overall": [
                        "hit_at_1": number(hitRate(nil, within: 1, ranks: peerRanks), 4),
                        "hit_at_10": number(hitRate(nil, within: 10, ranks: peerRanks), 4),
                        "text_p50_ms": number(Self.percentile(peerLatencies(nil), 0.5)),
                        "text_p99_ms": number(Self.percentile(peerLatencies(nil), 0.99)),
                    ],
                ]
            } ?? .null
        return [
            "peer": peerFigures,
            "variations": .int(variations), "queries": .int(queries.count), "kinds": .object(kinds),
            "overall": [
                "hit_at_1": number(hitRate(nil, within: 1), 4), "hit_at_10": number(hitRate(nil, within: 10), 4),
                "text_p50_ms": number(Self.percentile(textLatencies, 0.5)),
                "text_p99_ms": number(Self.percentile(textLatencies, 0.99)),
            ],
            "rebuild_seconds_median": rebuildSeconds.isEmpty ? .null : number(Self.percentile(rebuildSeconds, 0.5)),
            "process_ms_median": number(Self.percentile(processMS, 0.5), 1),
            "process_ms_min": number(processMS.min() ?? 0, 1), "process_ms_max": number(processMS.max() ?? 0, 1),
            "version_ms_median": number(Self.percentile(versionMS, 0.5), 1),
            "version_ms_min": number(versionMS.min() ?? 0, 1), "version_ms_max": number(versionMS.max() ?? 0, 1),
        ]
    }

    func text(variations: Int, misses shown: Int) -> String {
        func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }
        var lines = ["search benchmark: \(Terminal.count(variations)) variations, \(queries.count) queries"]
        for kind in askedKinds {
            let values = latencies[kind] ?? []
            let p50 = Self.percentile(values, 0.5)
            let p99 = Self.percentile(values, 0.99)
            var target: String
            switch kind {
            case .sku, .barcode: target = "target p99 < 0.2 ms: \(verdict(p99 < 0.2))"
            default: target = "target p50 < 1 ms, p99 < 5 ms: \(verdict(p50 < 1 && p99 < 5))"
            }
            target += "; hit@1 >= 99.5% and hit@10 100%: \(verdict(meetsQualityTarget(kind)))"
            lines.append(
                String(
                    format: "  %@ p50 %.3f ms, p99 %.3f ms; hit@1 %.1f%%, hit@10 %.1f%% (%d); %@",
                    Terminal.column(kind.rawValue, 13), p50, p99,
                    hitRate(kind, within: 1) * 100, hitRate(kind, within: 10) * 100,
                    queries.filter { $0.kind == kind }.count, target))
        }
        let text = textLatencies
        lines.append(
            String(
                format: "  overall       hit@1 %.1f%%, hit@10 %.1f%%; word queries p50 %.3f ms, p99 %.3f ms",
                hitRate(nil, within: 1) * 100, hitRate(nil, within: 10) * 100, Self.percentile(text, 0.5),
                Self.percentile(text, 0.99)))
        lines += peerLines()
        let process = Self.percentile(processMS, 0.5)
        lines.append(
            String(
                format: "  whole `catalog search` process: median %.1f ms (min %.1f, max %.1f) over %d runs; "
                    + "target < 12 ms: %@",
                process, processMS.min() ?? 0, processMS.max() ?? 0, processMS.count, verdict(process < 12)))
        let version = Self.percentile(versionMS, 0.5)
        lines.append(
            String(
                format: "  whole `catalog --version` process: median %.1f ms (min %.1f, max %.1f); target < 6 ms: %@",
                version, versionMS.min() ?? 0, versionMS.max() ?? 0, verdict(version < 6)))
        let rebuild = Self.percentile(rebuildSeconds, 0.5)
        if !rebuildSeconds.isEmpty {
            lines.append(
                String(
                    format: "  index rebuild: median %.2f s (min %.2f, max %.2f); target < 4 s: %@", rebuild,
                    rebuildSeconds.min() ?? 0, rebuildSeconds.max() ?? 0, verdict(rebuild < 4)))
        }
        for kind in BenchQuery.Kind.allCases where kind.isText {
            let missed = misses(kind, limit: shown)
            if !missed.isEmpty {
                lines.append("  \(kind.rawValue) misses, first few: " + missed.joined(separator: "; "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The peer's figures beside the catalog's, kind by kind.
    func peerLines() -> [String] {
        guard let peer else { return [] }
        let peerRanks = peer.ranks(of: queries)
        var lines = [
            String(
                format: "  side by side with %@ (Python, the same shop and queries; index built in %.2f s):",
                peer.engine, peer.indexSeconds),
            "  " + Terminal.column("kind", 13)
                + " catalog hit@1 / hit@10 / p50 / p99     peer hit@1 / hit@10 / p50 / p99",
        ]
        for kind in askedKinds + [nil] {
            let own = kind.map { latencies[$0] ?? [] } ?? textLatencies
            let theirs = peerLatencies(kind)
            lines.append(
                String(
                    format: "  %@ %6.1f%% / %5.1f%% / %.2f / %.2f ms     %6.1f%% / %5.1f%% / %.2f / %.2f ms",
                    Terminal.column(kind?.rawValue ?? "all", 13), hitRate(kind, within: 1) * 100,
                    hitRate(kind, within: 10) * 100, Self.percentile(own, 0.5), Self.percentile(own, 0.99),
                    hitRate(kind, within: 1, ranks: peerRanks) * 100,
                    hitRate(kind, within: 10, ranks: peerRanks) * 100, Self.percentile(theirs, 0.5),
                    Self.percentile(theirs, 0.99)))
        }
        return lines
    }
}
