import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Store
import Testing

@testable import CatalogCLI

/// `catalog scan --events FILE`: a recorded stream through the command (in this process) and a real store.
@Suite struct ScanReplayTests {
    /// Key events typing `texts` at scanner speed, each ended by Enter, one second apart.
    static func stream(_ texts: [String]) -> [UInt8] {
        InputEventWriter.encode(TypedScans.events(typing: texts, scanGap: .seconds(1)))
    }

    /// Syncs the demo shop and returns a notebook variation with an EAN-13 barcode, and that barcode.
    static func syncedNotebook(_ shop: DemoShop) async throws -> (item: JSONValue, ean: String) {
        _ = try await shop.catalog("sync")
        let found = try JSONValue.parse(try await shop.catalog("search", "notebook", "--json").stdout).arrayValue ?? []
        let item = try #require(found.first { ($0["gtin"]?.stringValue ?? "").hasPrefix("05") })
        return (item, String(item["gtin"]!.stringValue!.dropFirst()))
    }

    @Test func badCommandsAndSharedCodesAreRefusedNotGuessed() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let (_, ean) = try await Self.syncedNotebook(shop)
            // Two variations share one SKU (allowed on purpose); scanning it names neither.
            let hits =
                try JSONValue.parse(try await shop.catalog("search", "notebook", "--json").stdout).arrayValue ?? []
            #expect(hits.count >= 2)
            for hit in hits.prefix(2) {
                let id = try #require(hit["variation_id"]?.stringValue)
                let edited = try await shop.catalog("edit", id, "--sku", "SHARED-7", "--allow-duplicate")
                #expect(edited.status == 0, "\(edited.all)")
            }
            let file = shop.folder.appendingPathComponent("scans.bin")
            try Data(Self.stream(["CATALOG:MODE:REORDER", "CATALOG:QTY:0", "CATALOG:QTY:-5", "SHARED-7", ean]))
                .write(to: file)

            let replay = try await shop.catalog("scan", "--events", file.path, "--json")
            #expect(replay.status == 0, "\(replay.all)")
            let lines = replay.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(lines.count == 5)
            for line in lines[1...3] {
                #expect(line["action"]?.stringValue?.hasPrefix("refused: ") == true, "\(line)")
            }
            #expect(lines[3]["action"]?.stringValue?.contains("2 variations") == true, "\(lines[3])")
            // The refused quantities did not carry over: the next good scan adds one.
            #expect(lines[4]["action"] == "reorder +1 = 1")
            let database = try CatalogDatabase(path: shop.database)
            #expect(try await database.reorderLines().count == 1)
            let unknown = try await shop.catalog("scans", "--unknown", "--json")
            #expect(unknown.stdout.isEmpty, "\(unknown.all)")
        }
    }

    @Test func foundUnknownAndCommandScansFromARecordedStream() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let (item, ean) = try await Self.syncedNotebook(shop)
            let file = shop.folder.appendingPathComponent("scans.bin")
            try Data(
                Self.stream([
                    ean, "NOPE-4711", "CATALOG:MODE:REORDER", "CATALOG:QTY:3", ean, ean, "NOPE-4711",
                    "CATALOG:MODE:LABEL",
                    "CATALOG:MODE:LOOKUP", ean,
                ])
            ).write(to: file)

            let replay = try await shop.catalog("scan", "--events", file.path, "--json")
            #expect(replay.status == 0, "\(replay.all)")
            let lines = replay.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(lines.count == 10)
            #expect(lines[0]["code"] == .string(ean))
            #expect(lines[0]["action"] == "found")
            #expect(lines[0]["match"]?["variation_id"] == item["variation_id"])
            #expect(lines[1]["action"] == "unknown")
            #expect(lines[1]["match"] == .null)
            #expect(lines[2]["action"] == "mode reorder")
            #expect(lines[3]["action"]?.stringValue?.hasPrefix("quantity 3") == true)
            // Reorder mode: the set quantity, then one; repeated scans add up on one line.
            #expect(lines[4]["mode"] == "reorder")
            #expect(lines[4]["action"] == "reorder +3 = 3")
            #expect(lines[5]["action"] == "reorder +1 = 4")
            #expect(lines[6]["action"] == "unknown")
            // Label mode without a template is refused and the counter stays in reorder mode.
            #expect(lines[7]["action"]?.stringValue?.hasPrefix("refused") == true)
            #expect(lines[8]["action"] == "mode lookup")
            #expect(lines[9]["action"] == "found")

            let database = try CatalogDatabase(path: shop.database)
            let list = try await database.reorderLines()
            #expect(list.count == 1)
            #expect(list.first?.variationID == item["variation_id"]?.stringValue)
            #expect(list.first?.quantity == 4)

            // The unknown code is in the scan log, ready for catalog item create --from-scan.
            let unknown = try await shop.catalog("scans", "--unknown", "--json")
            let unknownLines = unknown.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(unknownLines.count == 2)
            #expect(unknownLines.allSatisfy { $0["code"] == "NOPE-4711" })

            let text = try await shop.catalog("scan", "--events", file.path)
            #expect(text.stdout.hasPrefix("FOUND"))
            #expect(text.stdout.contains("UNKNOWN  NOPE-4711"))
        }
    }

    @Test func receiveModePostsEachScanToSquareOnce() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let (item, ean) = try await Self.syncedNotebook(shop)
            let variationID = try #require(item["variation_id"]?.stringValue)
            let locations = try await shop.client.listLocations()
            let high = try #require(locations.first { $0["name"] == "High Street" }?["id"]?.stringValue)
            func inStock() async throws -> Double {
                let page = try await shop.client.batchRetrieveInventoryCounts(
                    [
                        "catalog_object_ids": [.string(variationID)], "location_ids": [.string(high)],
                        "states": ["IN_STOCK"],
                    ])
                return Double(page.counts.first?["quantity"]?.stringValue ?? "0") ?? 0
            }
            let before = try await inStock()
            _ = try await shop.catalog("reorder", "add", ean, "--qty", "5")
            let file = shop.folder.appendingPathComponent("receive.bin")
            try Data(Self.stream(["CATALOG:MODE:RECEIVE", "CATALOG:QTY:3", ean, ean])).write(to: file)

            // Without a location there is nothing to receive into: refused plainly, nothing posted.
            let refused = try await shop.catalog("scan", "--events", file.path, "--mode", "receive")
            #expect(refused.status == 64, "\(refused.all)")
            #expect(refused.stderr.contains("several locations"))

            let replay = try await shop.catalog("scan", "--events", file.path, "--json", "--location", "High Street")
            #expect(replay.status == 0, "\(replay.all)")
            let lines = replay.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(lines.count == 4)
            #expect(lines[2]["action"]?.stringValue?.hasPrefix("received 3 at High Street") == true)
            #expect(lines[3]["action"]?.stringValue?.hasPrefix("received 1 at High Street") == true)
            #expect(try await inStock() == before + 4)
            // Each found line shows the stock Square reported at the counter's location.
            #expect(Double(lines[3]["match"]?["in_stock"]?.stringValue ?? "") == before + 4)
            let shown = try JSONValue.parse(try await shop.catalog("show", ean, "--json").stdout)
            #expect(Double(shown["in_stock"]?[high]?.stringValue ?? "") == before + 4)
            let database = try CatalogDatabase(path: shop.database)
            let wanted = try await database.reorderLines(statuses: [.wanted])
            #expect(wanted.first?.received == 4)
            #expect(wanted.first?.outstanding == 1)
        }
    }

    @Test func aRecordedFileReplaysInProcessAndStandardInputLaunchesTheBinary() async throws {
        let folder = try CLI.scratch()
        try await cleaningUp({ try? FileManager.default.removeItem(at: folder) }) {
            try Data(Self.stream(["CATALOG:MODE:REORDER"]) + [1, 2, 3]).write(
                to: folder.appendingPathComponent("a.bin"))
            let environment = CLI.environment(folder: folder, adding: ["CATALOG_DB": folder.path + "/catalog.sqlite"])
            // A relative path is found in the command's folder, and every message goes to its output.
            let replayed = await InProcess.run(
                ["scan", "--events", "a.bin", "--json"], environment: environment, directory: folder.path)
            let ran = try #require(replayed)
            #expect(ran.status == 0, "\(ran.stderr)")
            #expect(ran.stdout.contains("mode reorder"), "\(ran.stdout)")
            #expect(ran.stderr.contains("ended with 3 bytes of a partial record"), "\(ran.stderr)")
            let unread = await InProcess.run(
                ["scan", "--events", "nope.bin"], environment: environment, directory: folder.path)
            let missing = try #require(unread)
            #expect(missing.status == 66)
            #expect(missing.stderr.contains("Cannot read the event stream nope.bin"), "\(missing.stderr)")
            for arguments in [
                ["scan", "--events", "-"], ["scan"], ["scan", "--hub", "http://127.0.0.1:1", "--events", "a.bin"],
            ] {
                let launched = await InProcess.run(arguments, environment: environment, directory: folder.path)
                #expect(launched == nil, "\(arguments)")
            }
        }
    }
}
