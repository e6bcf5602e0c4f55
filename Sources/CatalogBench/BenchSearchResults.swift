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
    /// the first `k` items.
    func hitRate(_ kind: BenchQuery.Kind?, within k: Int) -> Double {
        let indices = queries.indices.filter { kind == nil || queries[$0].kind == kind }
        guard !indices.isEmpty else { return 0 }
        return Double(indices.filter { (ranks[$0] ?? .max) < k }.count) / Double(indices.count)
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
        // Kinds left out with --kind are not reported.
        let asked = Set(queries.map(\.kind))
        for kind in BenchQuery.Kind.allCases where asked.contains(kind) {
            let values = latencies[kind] ?? []
            kinds[kind.rawValue] = [
                "queries": .int(queries.filter { $0.kind == kind }.count),
                "p50_ms": number(Self.percentile(values, 0.5)), "p99_ms": number(Self.percentile(values, 0.99)),
                "hit_at_1": number(hitRate(kind, within: 1), 4), "hit_at_10": number(hitRate(kind, within: 10), 4),
            ]
        }
        return [
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
        // Kinds left out with --kind are not reported.
        let asked = Set(queries.map(\.kind))
        for kind in BenchQuery.Kind.allCases where asked.contains(kind) {
            let values = latencies[kind] ?? []
            let p50 = Self.percentile(values, 0.5)
            let p99 = Self.percentile(values, 0.99)
            var target: String
            switch kind {
            case .sku, .barcode: target = "target p99 < 0.2 ms: \(verdict(p99 < 0.2))"
            default: target = "target p50 < 1 ms, p99 < 5 ms: \(verdict(p50 < 1 && p99 < 5))"
            }
            if [.catalogTypo, .category, .decimal, .anyOrder].contains(kind) {
                let good = hitRate(kind, within: 1) >= 0.995 && hitRate(kind, within: 10) == 1
                target += "; hit@1 >= 99.5% and hit@10 100%: \(verdict(good))"
            }
            lines.append(
                String(
                    format: "  %@ p50 %.3f ms, p99 %.3f ms; hit@1 %.1f%%, hit@10 %.1f%% (%d); %@",
                    Terminal.column(kind.rawValue, 12), p50, p99,
                    hitRate(kind, within: 1) * 100, hitRate(kind, within: 10) * 100,
                    queries.filter { $0.kind == kind }.count, target))
        }
        let text = textLatencies
        lines.append(
            String(
                format: "  overall      hit@1 %.1f%%, hit@10 %.1f%%; word queries p50 %.3f ms, p99 %.3f ms",
                hitRate(nil, within: 1) * 100, hitRate(nil, within: 10) * 100, Self.percentile(text, 0.5),
                Self.percentile(text, 0.99)))
        let typo1 = hitRate(.typo, within: 1)
        let typo10 = hitRate(.typo, within: 10)
        if asked.contains(.typo) {
            lines.append(
                "  typo quality: hit@1 target >= 97%: \(verdict(typo1 >= 0.97)); hit@10 target >= 99%: \(verdict(typo10 >= 0.99))"
            )
        }
        let process = Self.percentile(processMS, 0.5)
        lines.append(
            String(
                format: "  whole `catalog search` process: median %.1f ms (min %.1f, max %.1f) over %d runs; "
                    + "target < 25 ms: %@",
                process, processMS.min() ?? 0, processMS.max() ?? 0, processMS.count, verdict(process < 25)))
        let version = Self.percentile(versionMS, 0.5)
        lines.append(
            String(
                format: "  whole `catalog --version` process: median %.1f ms (min %.1f, max %.1f); target < 15 ms: %@",
                version, versionMS.min() ?? 0, versionMS.max() ?? 0, verdict(version < 15)))
        let rebuild = Self.percentile(rebuildSeconds, 0.5)
        if !rebuildSeconds.isEmpty {
            lines.append(
                String(
                    format: "  index rebuild: median %.2f s (min %.2f, max %.2f); target < 5 s: %@", rebuild,
                    rebuildSeconds.min() ?? 0, rebuildSeconds.max() ?? 0, verdict(rebuild < 5)))
        }
        for kind in BenchQuery.Kind.allCases where kind.isText {
            let missed = misses(kind, limit: shown)
            if !missed.isEmpty {
                lines.append("  \(kind.rawValue) misses, first few: " + missed.joined(separator: "; "))
            }
        }
        return lines.joined(separator: "\n")
    }
}
