import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// A counter counting stock at the hub is told when the open count's lines are getting old: with its mode,
/// in the list of counters, and with each scan's answer.
@Suite struct HubCountWarningTests {
    static let widget = "0012345678905"
    static let other = "05012345003627"

    @Test func aCounterInCountModeIsWarnedOfLinesCountedTwentyOneHoursAgo() async throws {
        try await HubShop.inMemory { shop in
            let counts = try CountWorkflow(context: shop.context)
            let session = try await counts.start(name: "Back shelf", location: "High Street")
            _ = try await counts.count(Self.widget, quantity: 3, in: session)
            let device = try await shop.pair()

            let fresh = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "count"], device: device)
            #expect(fresh.status == 200, "\(fresh.text)")
            #expect(fresh.json["count_warning"] == .null, "\(fresh.text)")

            shop.clock.advance(by: .seconds(21 * 3600))
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "count"], device: device)
            let warning = switched.json["count_warning"]
            #expect(warning?["lines_getting_old"] == 1 && warning?["post_within_minutes"] == 120, "\(switched.text)")
            #expect(
                warning?["message"]?.stringValue?.hasPrefix(
                    "1 line was counted 21 hours ago; post the count within 2 hours") == true, "\(switched.text)")
            let listed = try await shop.request("GET", "/api/v1/counters", device: device)
            #expect(listed.json.arrayValue?.first?["count_warning"] == warning, "\(listed.text)")

            // Counting another variation: the answer still warns of the old line.
            let scan = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "c-1", "code": .string(Self.other), "counter": "till-4"],
                device: device)
            #expect(scan.json["mode"] == "count" && scan.json["count_warning"] == warning, "\(scan.text)")
            // Counted again now, the line is no longer old.
            let recount = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "c-2", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(recount.json["count_warning"] == .null, "\(recount.text)")
            // Other modes carry no warning.
            let lookup = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "lookup"], device: device)
            #expect(lookup.json["mode"] == "lookup" && lookup.json["count_warning"] == nil, "\(lookup.text)")
        }
    }
}
