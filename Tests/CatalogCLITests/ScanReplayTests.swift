import CatalogCore
import Foundation
import Scanner
import Store
import Testing

/// `catalog scan --events FILE`: a recorded stream through the real binary and a real store.
@Suite struct ScanReplayTests {
    /// Key events typing `texts` at scanner speed, each ended by Enter, one second apart.
    static func stream(_ texts: [String]) -> [UInt8] {
        InputEventWriter.encode(TypedScans.events(typing: texts, scanGap: .seconds(1)))
    }

    @Test func foundUnknownAndCommandScansFromARecordedStream() async throws {
        let shop = try await DemoShop.start()
        defer { Task { await shop.stop() } }
        _ = try await shop.catalog("sync")
        let found = try JSONValue.parse(try await shop.catalog("search", "notebook", "--json").stdout).arrayValue ?? []
        let item = try #require(found.first { ($0["gtin"]?.stringValue ?? "").hasPrefix("05") })
        let ean = String(item["gtin"]!.stringValue!.dropFirst())
        let file = shop.folder.appendingPathComponent("scans.bin")
        try Data(Self.stream([ean, "NOPE-4711", "CATALOG:MODE:REORDER", "CATALOG:QTY:3", ean])).write(to: file)

        let replay = try await shop.catalog("scan", "--events", file.path, "--json")
        #expect(replay.status == 0, "\(replay.all)")
        let lines = replay.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        #expect(lines.count == 5)
        #expect(lines[0]["code"] == .string(ean))
        #expect(lines[0]["action"] == "found")
        #expect(lines[0]["match"]?["variation_id"] == item["variation_id"])
        #expect(lines[1]["action"] == "unknown")
        #expect(lines[1]["match"] == .null)
        #expect(lines[2]["action"]?.stringValue?.hasPrefix("refused") == true)
        #expect(lines[3]["action"]?.stringValue?.hasPrefix("quantity 3") == true)
        #expect(lines[4]["mode"] == "lookup")

        // The unknown code is in the scan log, ready for catalog item create --from-scan.
        let unknown = try await shop.catalog("scans", "--unknown", "--json")
        #expect(try JSONValue.parse(unknown.stdout)["code"] == "NOPE-4711")

        let text = try await shop.catalog("scan", "--events", file.path)
        #expect(text.stdout.hasPrefix("FOUND"))
        #expect(text.stdout.contains("UNKNOWN  NOPE-4711"))
    }
}
