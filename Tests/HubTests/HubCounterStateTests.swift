import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// A counter's state is the hub's, kept in its database: its mode survives a page reload and a hub restart,
/// goes back to lookup after ten idle minutes (and says so), only modes that can work are offered, and a scan
/// made in a mode while the hub was away is handled in that mode and logged with when it was made.
@Suite struct HubCounterStateTests {
    static let widget = "0012345678905"

    @Test func aCountersModeSurvivesAHubRestartAndIsHandledAsKept() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "reorder"], device: device)
            #expect(switched.status == 200 && switched.json["mode"] == "reorder", "\(switched.text)")
            try await shop.restarted { again in
                let state = try await again.request("GET", "/api/v1/counters/till-4", device: device)
                #expect(state.json["mode"] == "reorder", "\(state.text)")
                let scan = try await again.request(
                    "POST", "/api/v1/scans", body: ["id": "k-1", "code": .string(Self.widget), "counter": "till-4"],
                    device: device)
                #expect(scan.json["action"] == "reorder +1 = 1", "\(scan.text)")
                let listed = try await again.request("GET", "/api/v1/counters", device: device)
                #expect(listed.json.arrayValue?.map { $0["mode"] } == ["reorder"], "\(listed.text)")
            }
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [1])
        }
    }

    @Test func aModeOtherThanLookupGoesBackAfterTenIdleMinutesAndSaysSo() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "reorder"], device: device)
            let lookupAt = try #require(switched.json["lookup_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
            #expect(lookupAt.seconds - shop.clock.now().seconds == 600, "\(switched.text)")
            // Nine minutes on, a scan keeps it in reorder mode and moves the time on.
            shop.clock.advance(by: .seconds(540))
            let kept = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "i-1", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(kept.json["action"] == "reorder +1 = 1" && kept.json["mode_reset"] == nil, "\(kept.text)")
            // Ten more minutes without a scan: the next scan is a lookup, and its answer says why.
            shop.clock.advance(by: .seconds(600))
            let after = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "i-2", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(after.json["action"] == "found" && after.json["mode"] == "lookup", "\(after.text)")
            #expect(
                after.json["mode_reset"] == "Back to lookup: no scan for 10 minutes in reorder mode.", "\(after.text)")
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [1])
            let state = try await shop.request("GET", "/api/v1/counters/till-4", device: device)
            #expect(state.json["mode"] == "lookup" && state.json["lookup_at"] == .null, "\(state.text)")
        }
    }

    @Test func onlyModesThatCanWorkAreOfferedWithTheReasonForTheOthers() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let state = try await shop.request("GET", "/api/v1/counters/till-4", device: device)
            let modes = Dictionary(
                (state.json["modes"]?.arrayValue ?? []).compactMap { mode in
                    mode["mode"]?.stringValue.map { ($0, mode) }
                }
            ) { first, _ in first }
            #expect(modes["lookup"]?["available"] == true && modes["reorder"]?["available"] == true)
            #expect(modes["receive"]?["available"] == true, "\(state.text)")
            #expect(modes["count"]?["available"] == false, "\(state.text)")
            #expect(modes["count"]?["reason"] == "no count is open at High Street", "\(state.text)")
            let refused = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "count"], device: device)
            #expect(
                refused.status == 422 && refused.text.contains("no count is open at High Street"), "\(refused.text)")

            _ = try await CountWorkflow(context: shop.context).start(name: "Shelves", location: "High Street")
            let open = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "count"], device: device)
            #expect(open.status == 200 && open.json["mode"] == "count", "\(open.text)")
        }
    }

    @Test func aScanKeptWhileTheHubWasAwayIsHandledInItsModeAndLoggedWithItsTime() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let made = Timestamp(seconds: shop.clock.now().seconds - 120)
            // The counter is in lookup at the hub; the scan says it was made in reorder mode two minutes ago.
            let kept = try await shop.request(
                "POST", "/api/v1/scans",
                body: [
                    "id": "w-1", "code": .string(Self.widget), "counter": "till-4", "mode": "reorder",
                    "scanned_at": .string(made.rfc3339),
                ], device: device)
            #expect(kept.status == 201 && kept.json["action"] == "reorder +1 = 1", "\(kept.text)")
            #expect(kept.json["scanned_at"] == .string(made.rfc3339), "\(kept.text)")
            // Posted again (the answer was lost): answered again, added once.
            let again = try await shop.request(
                "POST", "/api/v1/scans",
                body: [
                    "id": "w-1", "code": .string(Self.widget), "counter": "till-4", "mode": "reorder",
                    "scanned_at": .string(made.rfc3339),
                ], device: device)
            #expect(again.json["repeated"] == true)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [1])
            // Made in count mode, which is off now (no count open): kept in the log as refused, never a lookup.
            let off = try await shop.request(
                "POST", "/api/v1/scans",
                body: ["id": "w-2", "code": .string(Self.widget), "counter": "till-4", "mode": "count"],
                device: device)
            #expect(off.json["failed"] == true, "\(off.text)")
            #expect(
                off.json["action"]?.stringValue?.hasPrefix("refused: scanned in count mode, which is off now") == true,
                "\(off.text)")

            let log = try await shop.request("GET", "/api/v1/scans?limit=5", device: device)
            let rows = log.json.arrayValue ?? []
            #expect(rows.map { $0["scan_id"] } == ["w-2", "w-1"], "\(log.text)")
            #expect(rows.last?["mode"] == "reorder" && rows.last?["scanned_at"] == .string(made.rfc3339))
            #expect(rows.last?["received_at"] == .string(shop.clock.now().rfc3339), "\(log.text)")
            #expect(rows.last?["answer"]?["action"] == "reorder +1 = 1")
            let first = try #require(rows.last?["id"]?.int64Value)
            let since = try await shop.request("GET", "/api/v1/scans?since=\(first)", device: device)
            #expect(since.json.arrayValue?.map { $0["scan_id"] } == ["w-2"], "\(since.text)")
            let bad = try await shop.request("GET", "/api/v1/scans?limit=lots", device: device)
            #expect(bad.status == 400 && bad.text.contains("limit must be a whole number"), "\(bad.text)")
            let badTime = try await shop.request(
                "POST", "/api/v1/scans",
                body: ["id": "w-3", "code": .string(Self.widget), "counter": "till-4", "scanned_at": "yesterday"],
                device: device)
            #expect(badTime.status == 400 && badTime.text.contains("scanned_at"), "\(badTime.text)")
        }
    }

    @Test func theCounterPageIsToldTheShopsWedgeScannerRule() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let page = try await shop.request("GET", "/", device: device, accept: "text/html")
            #expect(page.text.contains("<meta name=\"scan-min-length\" content=\"6\">"), "\(page.text)")
            try await shop.restarted(wedge: (8, 30)) { again in
                let changed = try await again.request("GET", "/", device: device, accept: "text/html")
                #expect(changed.text.contains("<meta name=\"scan-min-length\" content=\"8\">"))
                #expect(changed.text.contains("<meta name=\"scan-max-gap-ms\" content=\"30\">"), "\(changed.text)")
            }
        }
    }
}
