import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a counter screen does besides finding: switch its scanner's mode, preview a tag, change a price with
/// the price it saw, so a change made in Square meanwhile is a conflict and not overwritten.
@Suite struct HubActionsTests {
    static let widget = "0012345678905"

    @Test func aCountersModeIsSwitchedThroughTheAPIAndItsNextScanFollowsIt() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "reorder"], device: device)
            #expect(switched.status == 200)
            #expect(switched.json["counter"] == "till-4" && switched.json["mode"] == "reorder", "\(switched.json)")
            let scan = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "r-1", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(scan.json["action"]?.stringValue == "reorder +1 = 1")
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.counter) == ["till-4"])
            let listed = try await shop.request("GET", "/api/v1/counters", device: device)
            #expect(listed.json.arrayValue?.map { [$0["counter"], $0["mode"]] } == [["till-4", "reorder"]])
            let wrong = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "sell"], device: device)
            #expect(wrong.status == 400)
            #expect(
                wrong.json["error"]?.stringValue?.contains("lookup, reorder, label, receive, count, shelf or audit")
                    == true)
            // The same id again with another code is refused, not answered with the first scan's answer.
            let reused = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "r-1", "code": "05012345003627", "counter": "till-4"],
                device: device)
            #expect(reused.status == 422)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [1])
        }
    }

    @Test func aTagPreviewIsAPNGOfALibraryTemplateOnly() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let templates = try await shop.request("GET", "/api/v1/labels/templates", device: device)
            #expect(templates.json.arrayValue?.contains { $0["name"] == "shelf-2x1" } == true)
            let preview = try await shop.request(
                "GET", "/api/v1/labels/preview?code=\(Self.widget)&template=shelf-2x1", device: device,
                accept: "image/png")
            #expect(preview.status == 200)
            #expect(preview.header("Content-Type") == "image/png")
            #expect(preview.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(preview.bytes.count > 1000)
            let path = try await shop.request(
                "GET", "/api/v1/labels/preview?code=\(Self.widget)&template=%2Fetc%2Fpasswd", device: device)
            #expect(path.status == 404)
            let unknown = try await shop.request(
                "GET", "/api/v1/labels/preview?code=NO-SUCH-CODE&template=shelf-2x1", device: device)
            #expect(unknown.status == 404)
        }
    }

    @Test func aPriceChangedInSquareSinceItWasSeenIsAConflictAndNothingIsWritten() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let shown = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device).json[0]
            let base = try #require(shown?["base_price"])
            let amount = try #require(base["amount"]?.int64Value)
            let stale: JSONValue = ["amount": .int(Int(amount) - 1), "currency": base["currency"] ?? .null]
            let refused = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price",
                body: ["price": "9.99", "where": "everywhere", "seen": stale], device: device)
            #expect(refused.status == 409)
            #expect(refused.json["status"] == "conflict")
            #expect(refused.json["remote"]?["price"] == base)
            let unchanged = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device).json[0]
            #expect(unchanged?["base_price"] == base)

            let applied = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price",
                body: ["price": "9.99", "where": "everywhere", "seen": base], device: device)
            #expect(applied.status == 200)
            #expect(applied.json["status"] == "applied")
            #expect(applied.json["counter"] == "Till 1")
            let after = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device).json[0]
            #expect(after?["base_price"]?["amount"] == 999)
            let history = try await shop.database.history(limit: 5)
            #expect(history.first?.counter == "Till 1")

            let badSeen = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price", body: ["price": "9.99", "seen": "cheap"],
                device: device)
            #expect(badSeen.status == 400)
        }
    }
}
