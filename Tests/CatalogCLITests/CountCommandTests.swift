import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// `catalog count`: sessions at a location, counted into by hand and by the scanner's count mode, from
/// several processes at once, through the real binary and a real store.
@Suite struct CountCommandTests {
    static let widget = "0012345678905"

    @Test func aCountAddsUpSetsCorrectsAndKeepsToItsScope() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let place = ["CATALOG_LOCATION": "High Street"]
            let none = try await shop.catalog("count", "add", Self.widget, environment: place)
            #expect(none.status == 1)
            #expect(none.stderr.contains("No count is open at High Street: start one with catalog count start"))

            let started = try await shop.catalog(
                "count", "start", "--category", "Hardware", "--name", "Hardware shelf", "--json", environment: place)
            #expect(started.status == 0, "\(started.all)")
            let session = try JSONValue.parse(started.stdout)
            #expect(session["scope"] == "areas" && session["name"] == "Hardware shelf")
            #expect(session["areas"]?[0]?["name"] == "Hardware" && session["areas"]?[0]?["kind"] == "category")

            let first = try await shop.catalog("count", "add", Self.widget, "--json", environment: place)
            #expect(first.status == 0, "\(first.all)")
            let line = try JSONValue.parse(first.stdout)
            #expect(line["counted"] == 1 && line["item_name"] == "Acme Blue Widget")
            // What Square expected was read when the line was first counted.
            #expect(line["expected"] != nil && line["expected"] != .null, "\(first.stdout)")
            let more = try await shop.catalog("count", "add", Self.widget, "--qty", "11", environment: place)
            #expect(more.stdout.contains("count = 12"), "\(more.all)")
            let back = try await shop.catalog("count", "add", Self.widget, "--qty=-2", "--json", environment: place)
            #expect(try JSONValue.parse(back.stdout)["counted"] == 10)
            let tooFar = try await shop.catalog("count", "add", Self.widget, "--qty=-11", environment: place)
            #expect(tooFar.status == 65 && tooFar.stderr.contains("below zero"), "\(tooFar.all)")
            let set = try await shop.catalog(
                "count", "add", Self.widget, "--qty", "7", "--set", "--json", environment: place)
            #expect(try JSONValue.parse(set.stdout)["counted"] == 7)

            // A book is not hardware: refused, and nothing is counted for it.
            let books = try JSONValue.parse(try await shop.catalog("search", "ledger", "--json").stdout)
            let book = try #require(books.arrayValue?.first?["variation_id"]?.stringValue)
            let outside = try await shop.catalog("count", "add", book, environment: place)
            #expect(
                outside.status == 65 && outside.stderr.contains("not in this count's areas (Hardware)"),
                "\(outside.all)")

            let shown = try await shop.catalog("count", "show", "--json", environment: place)
            let lines = shown.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0)) }
            #expect(lines.count == 1 && lines.first??["counted"] == 7)

            // Another count open at the same place makes the choice explicit.
            _ = try await shop.catalog("count", "start", environment: place)
            let which = try await shop.catalog("count", "add", Self.widget, environment: place)
            #expect(which.status == 64 && which.stderr.contains("--session"), "\(which.all)")
            let cancelled = try await shop.catalog(
                "count", "cancel", "--session", String(session["id"]?.int64Value ?? 0), environment: place)
            #expect(cancelled.status == 0, "\(cancelled.all)")
            let after = try await shop.catalog(
                "count", "add", Self.widget, "--session", String(session["id"]?.int64Value ?? 0), environment: place)
            #expect(after.status == 65 && after.stderr.contains("cancelled"), "\(after.all)")
        }
    }

    @Test func twoScannersCountingIntoOneCountAtOnceCountEveryScan() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let place = ["CATALOG_LOCATION": "High Street"]
            let started = try await shop.catalog("count", "start", environment: place)
            #expect(started.status == 0, "\(started.all)")
            // Each scanner: count mode, a case of 6 once, then 24 single scans.
            let scans = ["CATALOG:MODE:COUNT", "CATALOG:QTY:6", Self.widget] + Array(repeating: Self.widget, count: 24)
            let file = shop.folder.appendingPathComponent("count.bin")
            try Data(ScanReplayTests.stream(scans)).write(to: file)
            let running = try (0..<2).map { index in
                try CLI.launch(
                    ["scan", "--events", file.path, "--json"],
                    environment: shop.environment.merging(place.merging(["CATALOG_COUNTER": "till-\(index)"]) { $1 }) {
                        $1
                    }, folder: shop.folder)
            }
            for process in running {
                let result = try await process.finish()
                #expect(result.status == 0, "\(result.all)")
                let answers = result.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
                #expect(answers.filter { $0["action"]?.stringValue?.hasPrefix("count +") == true }.count == 25)
            }
            let shown = try await shop.catalog("count", "show", "--json", environment: place)
            let line = try JSONValue.parse(String(shown.stdout.split(separator: "\n").first ?? ""))
            #expect(line["counted"] == 60, "every scan of both scanners counts: 2 × (6 + 24)")
        }
    }

    @Test func aReviewSetsTheCountAgainstWhatSquareExpectsWithTheVarianceAtCost() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let place = ["CATALOG_LOCATION": "High Street"]
            _ = try await shop.catalog("count", "start", "--category", "Hardware", environment: place)
            let first = try JSONValue.parse(
                try await shop.catalog("count", "add", Self.widget, "--qty", "11", "--json", environment: place).stdout)
            let expected = try #require(first["expected"]?.doubleValue)
            _ = try await shop.catalog("count", "add", "05012345003627", "--qty", "3", environment: place)

            let reviewed = try await shop.catalog("count", "review", "--json", environment: place)
            #expect(reviewed.status == 0, "\(reviewed.all)")
            let review = try JSONValue.parse(reviewed.stdout)
            #expect(review["expected_read_now"] == true)
            let lines = review["lines"]?.arrayValue ?? []
            #expect(lines.count == 2)
            let widget = try #require(lines.first { $0["variation_id"] == first["variation_id"] })
            #expect(widget["counted"] == 11 && widget["expected"]?.doubleValue == expected)
            #expect(widget["variance"]?.doubleValue == 11 - expected)
            let unitCost = try #require(widget["unit_cost"]?["amount"]?.doubleValue)
            #expect(widget["variance_cost"]?["amount"]?.doubleValue == (11 - expected) * unitCost)
            // Every other Hardware variation is listed as not counted; none of the counted ones is.
            let notCounted = review["not_counted"]?.arrayValue ?? []
            #expect(
                !notCounted.isEmpty && notCounted.allSatisfy { $0["category"] == "Hardware" && $0["counted"] == .null })
            #expect(!notCounted.contains { $0["variation_id"] == first["variation_id"] })
            #expect(review["totals"]?["lines"] == 2 && review["totals"]?["counted"] == 14)
            #expect(review["by_vendor"]?.arrayValue?.map { $0["name"] } == ["Acme Supply"])

            // Square out of reach: the review says so and uses what was read at the first count.
            let offline = try await shop.catalog(
                "count", "review", "--json",
                environment: place.merging(["SQUARE_BASE_URL": "http://127.0.0.1:9"]) { $1 })
            #expect(offline.status == 0, "\(offline.all)")
            let stale = try JSONValue.parse(offline.stdout)
            #expect(stale["expected_read_now"] == false)
            #expect(
                stale["lines"]?.arrayValue?.first { $0["variation_id"] == first["variation_id"] }?["expected"]?
                    .doubleValue == expected)
            let text = try await shop.catalog("count", "review", environment: place)
            #expect(text.stdout.contains("Not counted (") && text.stdout.contains("at cost"), "\(text.stdout)")

            // The exports read back: CSV rows with the review's figures, JSON with its totals.
            let csvFile = shop.folder.appendingPathComponent("count.csv").path
            let exported = try await shop.catalog(
                "count", "export", "--format", "csv", "--output", csvFile, environment: place)
            #expect(exported.status == 0, "\(exported.all)")
            let table = try CSVReader.read(try String(contentsOfFile: csvFile, encoding: .utf8))
            #expect(table.rows.first?.fields.first == "status" && table.rows.first?.fields.count == 16)
            #expect(table.rows.first?.fields.suffix(2) == ["area", "value"])
            let counted = table.rows.dropFirst().filter { $0.fields.first == "counted" }
            #expect(counted.count == 2)
            let widgetRow = try #require(counted.first { $0.fields[1] == first["variation_id"]?.stringValue })
            #expect(widgetRow.fields[7] == "11" && Double(widgetRow.fields[9]) == 11 - expected)
            // Its value at cost: what was counted at the vendor's unit cost.
            if let cost = Double(widgetRow.fields[10]) {
                #expect(Double(widgetRow.fields[15]) == (cost * 11 * 100).rounded() / 100, "\(widgetRow.fields)")
            }
            #expect(widgetRow.fields[14] == "Hardware", "\(widgetRow.fields)")
            #expect(table.rows.dropFirst().filter { $0.fields.first == "not counted" }.count == notCounted.count)
            let jsonExport = try await shop.catalog("count", "export", "--format", "json", environment: place)
            #expect(try JSONValue.parse(jsonExport.stdout)["totals"]?["counted"] == 14)
            let badFormat = try await shop.catalog("count", "export", "--format", "xls", environment: place)
            #expect(badFormat.status == 64)
            // The PDF report: the totals first, each counted line with its count and Square's figure, and
            // what was not counted.
            let pdf = shop.folder.appendingPathComponent("count.pdf").path
            let drawn = try await shop.catalog(
                "count", "export", "--format", "pdf", "--paper", "a4", "--output", pdf, environment: place)
            #expect(drawn.status == 0, "\(drawn.all)")
            let extracted = try await CLI.run(["-layout", pdf, "-"], folder: shop.folder, binary: "/usr/bin/pdftotext")
            #expect(extracted.status == 0, "\(extracted.all)")
            let report = extracted.stdout
            #expect(report.contains("Stock count:") && report.contains("Whole count"), "\(report)")
            #expect(report.contains("2 lines, 14 counted against"), "\(report)")
            #expect(report.contains("Acme Blue Widget") && report.contains("Variance for Hardware"), "\(report)")
            #expect(report.contains("By area") && report.contains("worth"), "\(report)")
            #expect(
                report.contains(
                    "Expected \(Int(expected)), variance \(11 - Int(expected) > 0 ? "+" : "")\(11 - Int(expected))"),
                "\(report)")
            #expect(report.contains("Not counted") && report.contains("never posted as zero"), "\(report)")
        }
    }

    @Test func aCountOfTwoMillionIsShownInFull() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let place = ["CATALOG_LOCATION": "High Street"]
            #expect(try await shop.catalog("count", "start", environment: place).status == 0)
            for _ in 0..<2 {
                let added = try await shop.catalog(
                    "count", "add", DemoCodes.small, "--qty", "1000000", environment: place)
                #expect(added.status == 0, "\(added.all)")
            }
            let shown = try await shop.catalog("count", "show", environment: place)
            #expect(shown.status == 0 && shown.stdout.contains("2,000,000 "), "\(shown.all)")
        }
    }
}
