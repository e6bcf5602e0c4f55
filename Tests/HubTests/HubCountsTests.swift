import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// Stocktakes run from the hub: a manager starts a blind count of three areas, three counters count one
/// area each at the same moment through the API, none of them sees a stock figure or the review, each area
/// is marked counted and accepted, and the count is posted: Square holds what was counted.
@Suite struct HubCountsTests {
    static let widget = "0012345678905"

    @Test func threeCountersCountThreeAreasOfABlindCountAtOnce() async throws {
        try await HubShop.inMemory { shop in
            let manager = try await shop.pair("Office", role: .manager)
            let tills = [
                try await shop.pair("till-1", role: .counter), try await shop.pair("till-2", role: .counter),
                try await shop.pair("till-3", role: .counter),
            ]
            let stationery = try #require(try await shop.database.categories(named: "Stationery").first)
            let pen = try #require(
                try await shop.database.variations(inCategories: [stationery.id]).first { $0.sku != nil })
            let tea = "TR-TTE-78816-250G"
            let body: JSONValue = [
                "name": "Saturday", "categories": ["Stationery", "Hardware"], "codes": [.string(tea)], "blind": true,
            ]
            let refused = try await shop.request("POST", "/api/v1/counts", body: body, device: tills[0])
            #expect(refused.status == 403 && refused.json["needs"] == "manager", "\(refused.text)")
            let started = try await shop.request("POST", "/api/v1/counts", body: body, device: manager)
            #expect(started.status == 201 && started.json["blind"] == true, "\(started.text)")
            let id = try #require(started.json["id"]?.int64Value)
            let areas = started.json["areas"]?.arrayValue ?? []
            #expect(areas.compactMap { $0["name"]?.stringValue } == ["Stationery", "Hardware", "1 listed item"])

            // Each counter in count mode scans its own area, all at once.
            for (index, till) in tills.enumerated() {
                let mode = try await shop.request(
                    "POST", "/api/v1/counters/till-\(index + 1)/mode", body: ["mode": "count"], device: till)
                #expect(mode.json["mode"] == "count", "\(mode.text)")
            }
            let codes = [try #require(pen.sku), Self.widget, tea]
            let answers = try await withThrowingTaskGroup(of: JSONValue.self) { group in
                for (index, code) in codes.enumerated() {
                    for scan in 0..<5 {
                        group.addTask {
                            try await shop.request(
                                "POST", "/api/v1/scans",
                                body: [
                                    "id": .string("c\(index)-\(scan)"), "code": .string(code),
                                    "counter": .string("till-\(index + 1)"),
                                ], device: tills[index]
                            ).json
                        }
                    }
                }
                var all: [JSONValue] = []
                for try await answer in group { all.append(answer) }
                return all
            }
            #expect(answers.count == 15 && answers.allSatisfy { $0["result"]?["kind"] == "counted" }, "\(answers)")
            // Blind: no answer, card, search row or lookup shows a counter the stock.
            for answer in answers {
                #expect(answer["card"]?["stock"] == nil && answer["card"]?["in_stock"] == nil, "\(answer)")
            }
            let searched = try await shop.request("GET", "/api/v1/search?q=\(Self.widget)", device: tills[1])
            #expect(searched.json[0]?["stock_here"] == .null, "\(searched.text)")
            let looked = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: tills[1])
            #expect(looked.json[0]?["stock"] == nil && looked.json[0]?["variation_id"] != nil, "\(looked.text)")
            // The manager's device, not counting, sees it.
            let office = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: manager)
            #expect(office.json[0]?["stock"] != nil, "\(office.text)")
            let hidden = try await shop.request("GET", "/api/v1/counts/\(id)/review", device: tills[0])
            #expect(hidden.status == 403, "\(hidden.text)")
            let lines = try await shop.request("GET", "/api/v1/counts/\(id)", device: tills[0])
            #expect(
                (lines.json["lines"]?.arrayValue ?? []).allSatisfy { $0["expected"] == .null }
                    && lines.json["lines"]?.arrayValue?.count == 3, "\(lines.text)")

            // A second person helps with the first area: both counts add up, and the review says who counted what.
            for scan in 0..<2 {
                let helped = try await shop.request(
                    "POST", "/api/v1/scans",
                    body: ["id": .string("help-\(scan)"), "code": .string(codes[0]), "counter": "till-2"],
                    device: tills[1])
                #expect(helped.json["result"]?["kind"] == "counted", "\(helped.text)")
            }
            // Every count added up, each in its area.
            let progress = try await shop.request("GET", "/api/v1/counts/\(id)", device: manager)
            #expect(
                progress.json["areas"]?.arrayValue?.map { $0["counted"] } == [1, 1, 1]
                    && progress.json["units"] == 17, "\(progress.text)")
            let review = try await shop.request("GET", "/api/v1/counts/\(id)/review", device: manager)
            #expect(review.status == 200 && review.json["lines"]?.arrayValue?.count == 3, "\(review.text)")
            #expect(review.json["lines"]?.arrayValue?.allSatisfy { $0["expected"] != .null } == true)
            let shared = review.json["lines"]?.arrayValue?.first { $0["variation_id"]?.stringValue == pen.variationID }
            #expect(
                shared?["counted_by"]
                    == [["counter": "till-1", "quantity": 5], ["counter": "till-2", "quantity": 2]],
                "\(shared ?? .null)")

            // The accountant's files: the lines as CSV and the report as PDF, a blind count's to a manager only.
            let csvRefused = try await shop.request("GET", "/api/v1/counts/\(id)/export.csv", device: tills[0])
            #expect(csvRefused.status == 403, "\(csvRefused.text)")
            let csv = try await shop.request("GET", "/api/v1/counts/\(id)/export.csv", device: manager)
            #expect(csv.status == 200 && csv.header("Content-Type")?.hasPrefix("text/csv") == true)
            let rows = try CSVReader.read(csv.text).rows
            #expect(
                rows.first?.fields.suffix(2) == ["area", "value"] && rows.contains { $0.fields.contains("Hardware") })
            let pdf = try await shop.request("GET", "/api/v1/counts/\(id)/export.pdf", device: manager)
            #expect(pdf.status == 200 && pdf.bytes.starts(with: Array("%PDF".utf8)), "\(pdf.status)")

            // Each counter says its area is counted; only the manager accepts one.
            for (index, area) in areas.enumerated() {
                let areaID = try #require(area["id"]?.int64Value)
                let path = "/api/v1/counts/\(id)/areas/\(areaID)"
                let counted = try await shop.request("POST", path + "/counted", body: [:], device: tills[index])
                #expect(counted.json["status"] == "counted", "\(counted.text)")
                let notYours = try await shop.request("POST", path + "/done", body: [:], device: tills[index])
                #expect(notYours.status == 403, "\(notYours.text)")
            }
            let lastArea = try #require(areas.last?["id"]?.int64Value)
            let done = try await shop.request(
                "POST", "/api/v1/counts/\(id)/areas/\(lastArea)/done", body: [:], device: manager)
            #expect(done.json["status"] == "done" && done.json["proposed_zeros"] == [], "\(done.text)")

            let posted = try await shop.request(
                "POST", "/api/v1/counts/\(id)/post", body: ["zero_uncounted": false], device: manager)
            #expect(posted.status == 200 && posted.json["complete"] == true, "\(posted.text)")
            let here = try #require(try await shop.context.location("High Street", in: shop.database))
            for (code, counted) in zip(codes, ["7", "5", "5"]) {
                let variation = try await Lookup.single(code, in: shop.database)
                #expect(try await HubStockReadTests.square(shop, variation.variationID, at: here.id) == counted)
            }
        }
    }
}
