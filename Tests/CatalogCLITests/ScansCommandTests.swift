import CatalogCore
import Foundation
import Store
import Testing

@Suite struct ScansCommandTests {
    @Test func listsTheScanLogAndTheUnknownCodes() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("catalog.sqlite").path
        let database = try CatalogDatabase(path: path)
        try await database.recordScan(
            ScanRecord(
                device: "/dev/input/event3", code: "4006381333931", gtin: "04006381333931", symbology: "EAN-13",
                variationID: "V1", mode: "lookup"))
        try await database.recordScan(
            ScanRecord(device: "/dev/input/event3", code: "9999999999994", symbology: "EAN-13", mode: "lookup"))
        let environment = ["CATALOG_DB": path]

        let all = try await CLI.run(["scans"], environment: environment, folder: folder)
        #expect(all.status == 0)
        #expect(all.stdout.split(separator: "\n").count == 2)
        #expect(all.stdout.contains("UNKNOWN"))

        let unknown = try await CLI.run(["scans", "--unknown", "--json"], environment: environment, folder: folder)
        let rows = unknown.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        #expect(rows.count == 1)
        #expect(rows.first?["code"] == "9999999999994")
        #expect(rows.first?["known"] == false)
        #expect(rows.first?["id"] == .int(2))
    }
}
