import CatalogCore
import Foundation
import Hub
import Store
import Testing

/// Nobody gets in who should not: every route but pairing needs a paired device, every change its CSRF
/// token, a code pairs once within ten minutes, guessing is slowed, and a revoked device is shut out.
@Suite struct HubAccessTests {
    static let widget = "0012345678905"

    @Test func everyRouteRefusesARequestWithoutAPairedDevice() async throws {
        let shop = try await HubShop.start()
        defer { Task { await shop.stop() } }
        let before = try await shop.database.scans(limit: 10).count
        for (method, path, body) in [
            ("GET", "/api/v1/search?q=widget", nil), ("GET", "/api/v1/variations/\(Self.widget)", nil),
            ("POST", "/api/v1/scans", ["id": "a1", "code": .string(Self.widget)] as JSONValue),
            ("POST", "/api/v1/reorder", ["code": .string(Self.widget)] as JSONValue), ("GET", "/api/v1/events", nil),
            ("GET", "/api/v1/sync", nil), ("POST", "/api/v1/sync", [:] as JSONValue), ("GET", "/api/v1/devices", nil),
            ("GET", "/api/v1/labels/templates", nil), ("GET", "/api/v1/printers", nil),
            ("GET", "/api/v1/labels/preview?code=\(Self.widget)", nil),
            ("POST", "/api/v1/labels/print", ["code": .string(Self.widget)] as JSONValue),
            ("POST", "/api/v1/variations/\(Self.widget)/price", ["price": "0.01"] as JSONValue),
            ("GET", "/api/v1/counters", nil), ("POST", "/api/v1/counters/till/mode", ["mode": "reorder"] as JSONValue),
            ("GET", "/api/v1/reorder", nil), ("POST", "/api/v1/reorder/1/quantity", ["quantity": 2] as JSONValue),
            ("DELETE", "/api/v1/reorder/1", nil), ("POST", "/api/v1/reorder/suggest", [:] as JSONValue),
            ("POST", "/api/v1/reorder/order", ["vendor": "Acme"] as JSONValue),
            ("GET", "/api/v1/reorder/export.pdf", nil), ("GET", "/api/v1/reorder/export.csv", nil),
            ("POST", "/api/v1/reorder/1/receive", ["quantity": 1] as JSONValue), ("GET", "/api/v1/labels/stale", nil),
            ("POST", "/api/v1/labels/print-stale", ["variation_ids": ["x"]] as JSONValue),
            ("GET", "/api/v1/outbox", nil), ("POST", "/api/v1/outbox/1/resolve", ["keep": "mine"] as JSONValue),
            ("GET", "/api/v1/history", nil),
        ] as [(String, String, JSONValue?)] {
            let answer = try await shop.request(method, path, body: body)
            #expect(answer.status == 401, "\(method) \(path)")
            #expect(answer.json["error"]?.stringValue?.contains("catalog devices pair") == true, "\(method) \(path)")
            let forged = try await shop.request(method, path, body: body, cookie: "not-a-token", csrf: "x")
            #expect(forged.status == 401, "\(method) \(path) with a made-up cookie")
        }
        // A path no route has is the JSON error, for a paired device (an unpaired one is refused first).
        let device = try await shop.pair()
        let nowhere = try await shop.request("GET", "/api/v1/nowhere", device: device)
        #expect(nowhere.status == 404)
        #expect(nowhere.json["error"]?.stringValue?.contains("docs/api.md") == true)
        #expect(nowhere.header("Server-Timing")?.hasPrefix("app;dur=") == true)
        // A browser asking for the counter screen is shown how to pair, still with 401.
        let page = try await shop.request("GET", "/", accept: "text/html")
        #expect(page.status == 401)
        #expect(page.text.contains("Pair this device"))
        #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        #expect(try await shop.database.scans(limit: 10).count == before)
        #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)
    }

    @Test func aPairingCodePairsOnceAndOnlyForTenMinutes() async throws {
        let shop = try await HubShop.start()
        defer { Task { await shop.stop() } }
        let code = try await shop.pairingCode()
        let paired = try await shop.request(
            "POST", "/api/v1/pair", body: ["code": .string(code.lowercased()), "device_name": "Till 1"])
        #expect(paired.status == 201)
        let cookie = try #require(paired.header("Set-Cookie"))
        #expect(cookie.contains("catalog_device=\(paired.json["token"]?.stringValue ?? "?")"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        // The database keeps digests only: the token is nowhere in the file's rows.
        let token = try #require(paired.json["token"]?.stringValue)
        #expect(try await shop.database.devices().map(\.name) == ["Till 1"])
        #expect(!(try await shop.database.devices().map(\.json.jsonString).joined()).contains(token))

        let again = try await shop.request(
            "POST", "/api/v1/pair", body: ["code": .string(code), "device_name": "Till 2"])
        #expect(again.status == 422)
        #expect(again.json["error"]?.stringValue?.contains("used already or older than ten minutes") == true)

        let late = try await shop.pairingCode()
        shop.clock.advance(by: .seconds(601))
        let tooLate = try await shop.request(
            "POST", "/api/v1/pair", body: ["code": .string(late), "device_name": "T3"])
        #expect(tooLate.status == 422)
        #expect(try await shop.database.devices().count == 1)

        // The device's cookie lets it in; revoked, it is shut out at once.
        let search = try await shop.request("GET", "/api/v1/search?q=widget", cookie: token)
        #expect(search.status == 200)
        _ = try await shop.database.revokeDevices("Till 1", now: shop.clock.now())
        let revoked = try await shop.request("GET", "/api/v1/search?q=widget", cookie: token)
        #expect(revoked.status == 401)
        #expect(revoked.json["error"]?.stringValue?.contains("not valid") == true)
    }

    @Test func guessingPairingCodesIsSlowedDown() async throws {
        let shop = try await HubShop.start()
        defer { Task { await shop.stop() } }
        for guess in 0..<5 {
            let answer = try await shop.request(
                "POST", "/api/v1/pair", body: ["code": .string("AAAA-AAA\(guess)"), "device_name": "guesser"])
            #expect(answer.status == 422)
        }
        let code = try await shop.pairingCode()
        let blocked = try await shop.request(
            "POST", "/api/v1/pair", body: ["code": .string(code), "device_name": "guesser"])
        #expect(blocked.status == 429)
        #expect(Int(blocked.header("Retry-After") ?? "") ?? 0 > 0)
        #expect(try await shop.database.devices().isEmpty)
        // Once the window has passed, a code pairs again.
        shop.clock.advance(by: .seconds(600))
        let fresh = try await shop.pairingCode()
        let paired = try await shop.request(
            "POST", "/api/v1/pair", body: ["code": .string(fresh), "device_name": "ok"])
        #expect(paired.status == 201)
    }

    @Test func aChangeWithoutTheDevicesCSRFTokenChangesNothing() async throws {
        let shop = try await HubShop.start()
        defer { Task { await shop.stop() } }
        let device = try await shop.pair()
        let body: JSONValue = ["code": .string(Self.widget), "quantity": 3]
        for csrf in ["", "0123456789abcdef0123456789abcdef"] {
            let refused = try await shop.request(
                "POST", "/api/v1/reorder", body: body, cookie: device.token, csrf: csrf)
            #expect(refused.status == 403)
            #expect(refused.json["error"]?.stringValue?.contains("Nothing was changed") == true)
        }
        let noHeader = try await shop.request(
            "POST", "/api/v1/scans", body: ["id": "c1", "code": .string(Self.widget)],
            device: HubShop.Device(token: device.token, csrf: ""))
        #expect(noHeader.status == 403)
        #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)
        #expect(try await shop.database.scan(scanID: "c1") == nil)

        let added = try await shop.request(
            "POST", "/api/v1/reorder", body: body, cookie: device.token, csrf: device.csrf)
        #expect(added.status == 201)
        let lines = try await shop.database.reorderLines(statuses: [.wanted])
        #expect(lines.map(\.quantity) == [3])
        #expect(lines.first?.counter == "Till 1")
    }
}
