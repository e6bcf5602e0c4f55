import CatalogApp
import CatalogCore
import Foundation
import Store

/// The peer `catalog-bench search` measures beside the catalog's own engine: a tuned tantivy
/// (`scripts/bench/tantivy_peer.py`), asked the same queries about the same shop.
struct BenchPeer {
    /// The engine and its version, as the script names them.
    var engine: String
    var indexSeconds: Double
    /// Item ids returned per query, best first, in the queries' order.
    var hits: [[String]]
    /// Milliseconds per query and timed pass, in the queries' order.
    var milliseconds: [[Double]]

    /// The script, found from this source file: catalog-bench is run from a checkout.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/bench/tantivy_peer.py").path

    /// The Python that runs it: CATALOG_BENCH_PYTHON, else the checkout's test virtualenv (where
    /// `scripts/setup.sh --with-test-tools` installs tantivy), else python3 on PATH.
    static func python(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let chosen = environment["CATALOG_BENCH_PYTHON"], !chosen.isEmpty { return chosen }
        let venv = URL(fileURLWithPath: script).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }

    /// Runs the peer on `variations` (the shop's active ones) and `queries`, `runs` timed passes after one
    /// to warm up. Returns nil, having said why on stderr, when tantivy is not installed.
    static func run(
        variations: [VariationSummary], queries: [BenchQuery], runs: Int, in folder: URL
    ) throws -> BenchPeer? {
        let items = folder.appendingPathComponent("peer-items.jsonl")
        let asked = folder.appendingPathComponent("peer-queries.tsv")
        try itemLines(variations).write(to: items, atomically: true, encoding: .utf8)
        try queries.map { "\($0.kind.rawValue)\t\($0.itemID)\t\($0.text)\n" }.joined()
            .write(to: asked, atomically: true, encoding: .utf8)
        let interpreter = python()
        let process = Process()
        // Through env, so a bare name is found on PATH as a shell would find it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            interpreter, script, "--items", items.path, "--queries", asked.path, "--runs", String(runs),
        ]
        let output = folder.appendingPathComponent("peer-output.json")
        // When it cannot be made, opening it for writing below says so.
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.standardError
        Terminal.error("bench: asking the same queries of the peer (\(script)) ...")
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: break
        case 69:
            Terminal.error(
                "bench: the peer was not measured: tantivy is not installed for \(interpreter) "
                    + "(scripts/setup.sh --with-test-tools installs it into .venv).")
            return nil
        case 127:
            Terminal.error("bench: the peer was not measured: there is no \(interpreter) to run it with.")
            return nil
        default:
            throw AppError(
                "The tantivy peer (\(script)) failed with status \(process.terminationStatus): its error is above.",
                exitCode: .internalError)
        }
        let answer = try JSONValue.parse(Data(contentsOf: output))
        guard let results = answer["results"]?.arrayValue, results.count == queries.count else {
            throw AppError(
                "The tantivy peer answered \(output.path) without one result per query.", exitCode: .internalError)
        }
        return BenchPeer(
            engine: answer["engine"]?.stringValue ?? "tantivy",
            indexSeconds: answer["index_seconds"]?.doubleValue ?? 0,
            hits: results.map { ($0["hits"]?.arrayValue ?? []).compactMap(\.stringValue) },
            milliseconds: results.map { ($0["ms"]?.arrayValue ?? []).compactMap(\.doubleValue) })
    }

    /// One JSON line per item: its name, variation names, SKUs, barcodes and category.
    static func itemLines(_ variations: [VariationSummary]) -> String {
        BenchQueryGenerator.items(of: variations).map { item in
            let line: JSONValue = [
                "id": .string(item.id), "name": .string(item.name),
                "variations": .array(item.variations.compactMap(\.variationName).map(JSONValue.string)),
                "skus": .array(item.variations.compactMap(\.sku).map(JSONValue.string)),
                "codes": .array(item.variations.compactMap(\.upc).map(JSONValue.string)),
                "category": item.variations.first?.category.map(JSONValue.string) ?? .null,
            ]
            return line.jsonString + "\n"
        }.joined()
    }

    /// The rank (0-based) of each query's intended item among the peer's hits, or nil when missing.
    func ranks(of queries: [BenchQuery]) -> [Int?] {
        zip(queries, hits).map { query, hits in hits.firstIndex(of: query.itemID) }
    }
}
