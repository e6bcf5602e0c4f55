import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// Nobody gets in who should not: every route but pairing needs a paired device, every change its CSRF
/// token, a code pairs once within ten minutes, guessing is slowed, and a revoked device is shut out.
@Suite struct HubAccessTests {
    static let widget = "0012345678905"

    /// The routes docs/api.md and docs/hub.md name as open to anybody: the pairing page and its API, the
    /// page's files, the health check, and Square's webhook (which carries Square's signature instead).
    static let open: Set<String> = [
        "GET /pair", "POST /api/v1/pair", "GET /assets/{name}", "GET /api/v1/health", "POST /webhooks/square",
    ]

    /// Bodies that would change something if the hub let them through; other changes send `{}`.
    static let bodies: [String: JSONValue] = [
        "POST /api/v1/scans": ["id": "a1", "code": .string(widget)],
        "POST /api/v1/reorder": ["code": .string(widget)],
        "POST /api/v1/counters/{name}/mode": ["mode": "reorder"],
        "POST /api/v1/variations/{code}/price": ["price": "0.01"],
    ]

    /// The method and path of a request to `route` ("POST /api/v1/reorder/{id}/quantity"), its parameters
    /// filled in with values the demo shop has; nil (and an issue) for a parameter this test cannot fill.
    static func request(_ route: String) -> (method: String, path: String)? {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].contains("*") else {
            Issue.record("route \(route) has a wildcard this test does not fill")
            return nil
        }
        let values = [
            "code": widget, "id": "1", "area": "1", "page": "reorder",
            "name": parts[1].hasPrefix("/assets/") ? "hub.css" : "till",
        ]
        var path = parts[1]
        for match in parts[1].matches(of: /\{(\w+)\}/) {
            guard let value = values[String(match.output.1)] else {
                Issue.record("route \(route) has a parameter {\(match.output.1)} this test does not fill")
                return nil
            }
            path = path.replacingOccurrences(of: String(match.output.0), with: value)
        }
        return (parts[0], path)
    }

    /// A token of a paired device's shape (256 random bits, base64url) that no device was given.
    static func forgedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `method path` asked for with `who`'s token as a bearer token and as the cookie, or with nothing for nil:
    /// each answer, and an issue for one not complete within 10 seconds (a refusal comes at once; an event
    /// stream let through never ends).
    static func answers(
        _ shop: HubShop, _ method: String, _ path: String, body: JSONValue?, as who: HubShop.Device?
    ) async -> [(how: String, answer: HubShop.Answer)] {
        var answers: [(how: String, answer: HubShop.Answer)] = []
        for how in who == nil ? ["nothing"] : ["bearer", "cookie"] {
            do {
                answers.append(
                    (
                        how,
                        how == "cookie"
                            ? try await shop.request(
                                method, path, body: body, cookie: who?.token, csrf: who?.csrf, seconds: 10)
                            : try await shop.request(method, path, body: body, device: who, seconds: 10)
                    ))
            } catch {
                Issue.record("\(method) \(path) with \(how): \(error)")
            }
        }
        return answers
    }

    @Test func everyRouteRefusesNoDeviceARevokedDeviceAndAForgedToken() async throws {
        let shop = try await HubShop.start(webhook: ("https://shop.example/webhooks/square", "signature-key"))
        try await cleaningUp({ await shop.stop() }) {
            let device = try await shop.pair()
            let revoked = try await shop.pair("Till 2")
            #expect(try await shop.request("GET", "/api/v1/me", device: revoked).json["name"] == "Till 2")
            _ = try await shop.database.revokeDevices("Till 2", now: shop.clock.now())
            let forged = HubShop.Device(token: Self.forgedToken(), csrf: String(Self.forgedToken().prefix(32)))
            #expect(forged.token.count == device.token.count)

            // The routes the hub itself has, HEAD beside each GET.
            let routes = shop.hub.routes
            #expect(routes.count >= 50, "\(routes)")
            #expect(Self.open.isSubset(of: routes), "the open routes are not all there: \(routes)")
            for route in ["GET /api/v1/me", "POST /api/v1/scans", "GET /office/{page}", "HEAD /api/v1/search"] {
                #expect(routes.contains(route), "\(route) is not in \(routes)")
            }
            // HEAD is GET without the body: the HEAD of an open GET is open too (checked below).
            let openHeads = Set(Self.open.filter { $0.hasPrefix("GET ") }.map { "HEAD " + $0.dropFirst(4) })
            #expect(openHeads.isSubset(of: routes), "\(routes)")
            let guarded = routes.filter { !Self.open.contains($0) && !openHeads.contains($0) }
            let before = try await shop.database.scans(limit: 10).count
            let price = try await Lookup.single(Self.widget, in: shop.database).price
            for route in guarded {
                guard let (method, path) = Self.request(route) else { continue }
                let body: JSONValue? = method == "GET" || method == "HEAD" ? .none : Self.bodies[route] ?? [:]
                for (credential, who, says) in [
                    ("no credential", nil, "a new pairing code from whoever looks after the hub"),
                    ("a revoked device's token", revoked, "not valid"), ("a forged token", forged, "not valid"),
                ] as [(String, HubShop.Device?, String)] {
                    for (how, answer) in await Self.answers(shop, method, path, body: body, as: who) {
                        let said = "\(route) with \(credential) (\(how))"
                        #expect(answer.status == 401, "\(said)")
                        #expect(answer.header("WWW-Authenticate") == "Bearer realm=\"catalog hub\"", "\(said)")
                        if method != "HEAD" {
                            #expect(
                                answer.json["error"]?.stringValue?.contains(says) == true, "\(said): \(answer.text)")
                        }
                    }
                }
            }
            // Nothing was changed by any of them.
            #expect(try await shop.database.scans(limit: 10).count == before)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)
            #expect(try await Lookup.single(Self.widget, in: shop.database).price == price)
            let counters = try await shop.request("GET", "/api/v1/counters", device: device)
            #expect(counters.json.arrayValue?.contains { $0["mode"] == "reorder" } == false, "\(counters.text)")

            // Each path reaches its route: a paired device is answered by it, not refused or told there is no
            // such route (a path no route has is refused with 401 too, so the refusals alone would not show it).
            for route in guarded where !route.hasPrefix("HEAD ") {
                guard let (method, path) = Self.request(route) else { continue }
                if route == "GET /api/v1/events" {
                    let reader = EventReader(
                        url: URL(string: try shop.baseURL.absoluteString + path)!, token: device.token)
                    try await reader.waitUntilConnected()
                    reader.stop()
                    continue
                }
                let body: JSONValue? = method == "GET" ? .none : [:]
                let answer = try await shop.request(method, path, body: body, device: device)
                #expect(answer.status != 401, "\(route) refused a paired device: \(answer.text)")
                #expect(
                    answer.json["error"]?.stringValue?.hasPrefix("There is no \(method) \(path) on the hub") != true,
                    "\(route)")
            }
            await shop.hub.sync.waitUntilIdle()
            // The open routes answer without a device, HEAD where GET is.
            for route in Self.open.union(openHeads) {
                guard let (method, path) = Self.request(route) else { continue }
                let answer = try await shop.request(method, path, body: method == "POST" ? [:] : .none)
                #expect(answer.header("WWW-Authenticate") == nil, "\(route): \(answer.status) \(answer.text)")
                #expect(answer.status != 401 || route == "POST /webhooks/square", "\(route): \(answer.text)")
            }

            // A path no route has is the JSON error, for a paired device (an unpaired one is refused first).
            let nowhere = try await shop.request("GET", "/api/v1/nowhere", device: device)
            #expect(nowhere.status == 404)
            #expect(nowhere.json["error"]?.stringValue?.contains("docs/api.md") == true)
            #expect(nowhere.header("Server-Timing")?.hasPrefix("app;dur=") == true)
            #expect(try await shop.request("GET", "/api/v1/nowhere", device: forged).status == 401)
            // A browser asking for the counter screen is shown how to pair, still with 401.
            let page = try await shop.request("GET", "/", accept: "text/html")
            #expect(page.status == 401)
            #expect(page.text.contains("Pair this device"))
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        }
    }

    @Test func aPairingCodePairsOnceAndOnlyForTenMinutes() async throws {
        try await HubShop.inMemory { shop in
            let code = try await shop.pairingCode()
            let paired = try await shop.request(
                "POST", "/api/v1/pair", body: ["code": .string(code.lowercased()), "device_name": "Till 1"])
            #expect(paired.status == 201)
            let token = try #require(paired.json["token"]?.stringValue)
            let setCookie = try #require(paired.header("Set-Cookie"))
            let cookie = try #require(setCookie.firstMatch(of: /catalog_device=([^;]*)/)?.output.1)
            #expect(cookie == token)
            #expect(setCookie.contains("HttpOnly"))
            #expect(setCookie.contains("SameSite=Strict"))
            #expect(try await shop.database.devices().map(\.name) == ["Till 1"])

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
            let search = try await shop.request("GET", "/api/v1/search?q=widget", cookie: String(cookie))
            #expect(search.status == 200)
            _ = try await shop.database.revokeDevices("Till 1", now: shop.clock.now())
            let revoked = try await shop.request("GET", "/api/v1/search?q=widget", cookie: String(cookie))
            #expect(revoked.status == 401)
            #expect(revoked.json["error"]?.stringValue?.contains("not valid") == true)

            // The database keeps digests only: after all those writes, neither the token (nor the cookie, were it
            // another value) nor the pairing code is anywhere in the file or its write-ahead log, while the
            // token's digest is, so the bytes read are where the device's row is.
            var bytes = try Data(contentsOf: URL(fileURLWithPath: shop.databasePath))
            bytes.append(FileManager.default.contents(atPath: shop.databasePath + "-wal") ?? Data())
            #expect(bytes.range(of: Data(DeviceKeys.digest(token).utf8)) != nil, "the device's row was not read")
            for secret in Set([token, String(cookie), code, DeviceKeys.normalisedCode(code)]) {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the database file")
            }
        }
    }

    @Test func guessingPairingCodesIsSlowedDown() async throws {
        try await HubShop.inMemory { shop in
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
    }

    @Test func aChangeWithoutTheDevicesCSRFTokenChangesNothing() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let body: JSONValue = ["code": .string(Self.widget), "quantity": 3]
            for csrf in ["", "0123456789abcdef0123456789abcdef"] {
                let refused = try await shop.request(
                    "POST", "/api/v1/reorder", body: body, cookie: device.token, csrf: csrf)
                #expect(refused.status == 403)
                #expect(refused.json["error"]?.stringValue?.contains("Nothing was changed") == true)
            }
            let noHeader = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "c1", "code": .string(Self.widget)], cookie: device.token,
                csrf: "")
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
}
