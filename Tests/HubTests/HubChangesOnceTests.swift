import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import SquareAPI
import Store
import Sync
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every change at most once (an `Idempotency-Key` sent again gets the first answer and changes nothing),
/// and every device bounded: body size, print copies, history page size, open event streams.
@Suite struct HubChangesOnceTests {
    static let widget = HubAccessTests.widget

    /// `method path` from `device` with `key` as its Idempotency-Key.
    static func keyed(
        _ shop: HubShop, _ method: String, _ path: String, body: JSONValue? = nil, device: HubShop.Device,
        key: String
    ) async throws -> HubShop.Answer {
        var headers = [
            "Accept": "application/json", "Authorization": "Bearer \(device.token)", "Idempotency-Key": key,
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await shop.send(method, path, headers: headers, body: body.map { [UInt8]($0.jsonData) })
    }

    /// An answer without `repeated`, to compare a repeat with the first.
    static func plain(_ answer: HubShop.Answer) -> JSONValue {
        var json = answer.json
        if case .object = json { json["repeated"] = nil }
        return json
    }

    /// What a change would leave behind: the history, the reorder list, the counters' modes, the scan log.
    static func state(_ shop: HubShop, _ device: HubShop.Device) async throws -> [JSONValue] {
        var state: [JSONValue] = []
        for path in ["/api/v1/history?limit=500", "/api/v1/reorder", "/api/v1/counters", "/api/v1/scans?limit=500"] {
            state.append(try await shop.request("GET", path, device: device).json)
        }
        return state
    }

    /// The changing routes, read from the hub's router: every POST, PUT, PATCH and DELETE under /api/ but
    /// pairing (which has no device yet).
    static func changingRoutes(_ shop: HubShop) -> [String] {
        shop.hub.routes.filter { route in
            ["POST ", "PUT ", "PATCH ", "DELETE "].contains { route.hasPrefix($0) }
                && route.split(separator: " ").last?.hasPrefix("/api/") == true && route != "POST /api/v1/pair"
        }
    }

    /// Bodies that change something; other changes send `{}`.
    static let bodies: [String: JSONValue] = [
        "POST /api/v1/scans": ["id": "once-1", "code": .string(widget)],
        "POST /api/v1/reorder": ["code": .string(widget), "quantity": 2],
        "POST /api/v1/reorder/{id}/quantity": ["quantity": 5],
        "POST /api/v1/counters/{name}/mode": ["mode": "reorder"],
        "POST /api/v1/variations/{code}/price": ["price": "5.55"],
        "POST /api/v1/variations/{code}/barcode": ["gtin": "0012345678905"],
        "POST /api/v1/items": ["request_id": "once-item", "name": "Once Only Mug", "price": "3.00"],
        "POST /api/v1/labels/print": ["code": .string(widget)],
        "POST /api/v1/plans": ["csv": "barcode,price\n0012345678905,5.55\n", "at": "2099-01-04 08:00", "name": "Once"],
        "POST /api/v1/outbox/{id}/resolve": ["keep": "mine"],
        "POST /api/v1/counts": ["name": "Once", "codes": [.string(widget)]],
    ]

    @Test func everyChangingRouteFromTheRouterAnswersARepeatWithItsFirstAnswer() async throws {
        // About 300 requests from one device (each route twice, the state read around each): on a quick run
        // that is more than the default rate's four seconds' worth, and a 429 is not what this test is about.
        try await HubShop.inMemory(deviceRate: 1000) { shop in
            let device = try await shop.pair()
            let routes = Self.changingRoutes(shop)
            for named in [
                "POST /api/v1/variations/{code}/price", "POST /api/v1/variations/{code}/barcode", "POST /api/v1/items",
                "POST /api/v1/reorder", "POST /api/v1/reorder/{id}/quantity", "DELETE /api/v1/reorder/{id}",
                "POST /api/v1/labels/print", "POST /api/v1/sync", "POST /api/v1/outbox/{id}/resolve",
                "POST /api/v1/counters/{name}/mode",
            ] {
                #expect(routes.contains(named), "\(named) not among \(routes)")
            }
            // A line for the reorder routes' {id} (1) to act on.
            _ = try await shop.request("POST", "/api/v1/reorder", body: ["code": .string(Self.widget)], device: device)
            for route in routes {
                guard let (method, path) = HubAccessTests.request(route) else { continue }
                let body = Self.bodies[route] ?? [:]
                let key = "once \(route)"
                let first = try await Self.keyed(shop, method, path, body: body, device: device, key: key)
                await shop.hub.sync.waitUntilIdle()
                let before = try await Self.state(shop, device)
                let again = try await Self.keyed(shop, method, path, body: body, device: device, key: key)
                await shop.hub.sync.waitUntilIdle()
                #expect(again.status == first.status, "\(route): \(first.text) then \(again.text)")
                #expect(Self.plain(again) == Self.plain(first), "\(route): \(first.text) then \(again.text)")
                // An answer kept says it is a repeat; an error was not kept (it changed nothing).
                #expect((again.json["repeated"] == true) == (first.status < 400), "\(route): \(again.text)")
                #expect(try await Self.state(shop, device) == before, "\(route) changed something when repeated")
            }
        }
    }

    @Test func aRepeatChangesNothingAndAKeyIsForOneChange() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let other = try await shop.pair("Till 2")
            let price = "/api/v1/variations/\(Self.widget)/price"

            // A price change sent again after another change does not put the first price back.
            let first = try await Self.keyed(shop, "POST", price, body: ["price": "5.55"], device: device, key: "p1")
            #expect(first.status == 200, "\(first.text)")
            #expect(try await shop.request("POST", price, body: ["price": "6.66"], device: device).status == 200)
            let again = try await Self.keyed(shop, "POST", price, body: ["price": "5.55"], device: device, key: "p1")
            #expect(again.status == 200 && again.json["repeated"] == true && Self.plain(again) == first.json)
            #expect(try await Lookup.single(Self.widget, in: shop.database).price?.amount == 666)
            // The same key from another device is that device's own.
            let theirs = try await Self.keyed(shop, "POST", price, body: ["price": "7.77"], device: other, key: "p1")
            #expect(theirs.status == 200 && theirs.json["repeated"] == nil, "\(theirs.text)")

            // Reorder: added once, its quantity set once, removed once.
            let add = try await Self.keyed(
                shop, "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": 2], device: device,
                key: "r1")
            #expect(add.status == 201, "\(add.text)")
            #expect(
                try await Self.keyed(
                    shop, "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": 2],
                    device: device, key: "r1"
                ).json["repeated"] == true)
            var lines = try await shop.database.reorderLines(statuses: [.wanted])
            #expect(lines.map(\.quantity) == [2])
            let id = try #require(lines.first?.id)
            let set = "/api/v1/reorder/\(id)/quantity"
            #expect(
                try await Self.keyed(shop, "POST", set, body: ["quantity": 5], device: device, key: "q1").status == 200)
            #expect(try await shop.request("POST", set, body: ["quantity": 9], device: device).status == 200)
            #expect(
                try await Self.keyed(shop, "POST", set, body: ["quantity": 5], device: device, key: "q1").status == 200)
            lines = try await shop.database.reorderLines(statuses: [.wanted])
            #expect(lines.map(\.quantity) == [9])

            // The same key for another change is refused, and changes nothing.
            let reused = try await Self.keyed(
                shop, "POST", "/api/v1/counters/till/mode", body: ["mode": "reorder"], device: device, key: "q1")
            #expect(reused.status == 422, "\(reused.text)")
            #expect(reused.json["error"]?.stringValue?.contains("already used for another change") == true)
            let modes = try await shop.request("GET", "/api/v1/counters", device: device)
            #expect(modes.json.arrayValue?.contains { $0["mode"] == "reorder" } == false, "\(modes.text)")

            // A counter's mode set once: sent again after it was changed back, it stays changed back.
            let mode = "/api/v1/counters/till/mode"
            #expect(
                try await Self.keyed(shop, "POST", mode, body: ["mode": "reorder"], device: device, key: "m1").status
                    < 300)
            #expect(try await shop.request("POST", mode, body: ["mode": "lookup"], device: device).status < 300)
            #expect(
                try await Self.keyed(shop, "POST", mode, body: ["mode": "reorder"], device: device, key: "m1").json[
                    "repeated"] == true)
            #expect(try await shop.database.counterState("till")?.mode == "lookup")

            // Removed once: a line added since is not removed by the repeat.
            let remove = "/api/v1/reorder/\(id)"
            #expect(try await Self.keyed(shop, "DELETE", remove, device: device, key: "d1").status == 200)
            _ = try await shop.request("POST", "/api/v1/reorder", body: ["code": .string(Self.widget)], device: device)
            #expect(try await Self.keyed(shop, "DELETE", remove, device: device, key: "d1").json["repeated"] == true)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).count == 1)

            // A key over 100 characters is refused before anything is done.
            let long = try await Self.keyed(
                shop, "POST", "/api/v1/reorder", body: ["code": .string(Self.widget)], device: device,
                key: String(repeating: "k", count: 101))
            #expect(long.status == 400 && long.json["error"]?.stringValue?.contains("Idempotency-Key") == true)

            // Answers are kept 24 hours: a day later the same key is a new change.
            shop.clock.advance(by: .seconds(24 * 3600 + 61))
            let later = try await Self.keyed(shop, "POST", price, body: ["price": "5.55"], device: device, key: "p1")
            #expect(later.status == 200 && later.json["repeated"] == nil, "\(later.text)")
        }
    }

    @Test func repeatsSentAtOnceAreDoneOnce() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let answers = try await withThrowingTaskGroup(of: HubShop.Answer.self) { group in
                for _ in 1...5 {
                    group.addTask {
                        try await Self.keyed(
                            shop, "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": 3],
                            device: device, key: "at-once")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.status) == Array(repeating: 201, count: 5), "\(answers.map(\.text))")
            #expect(answers.filter { $0.json["repeated"] == true }.count == 4)
            #expect(Set(answers.map(Self.plain)).count == 1)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [3])
        }
    }

    @Test func anOutboxConflictResolvedTwiceUnderOneKeyIsResolvedOnce() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            _ = try await shop.priceConflict(
                Self.widget, mine: Money(amount: 777, currency: "GBP").json,
                theirs: Money(amount: 1234, currency: "GBP").json)
            let id = try #require(try await shop.request("GET", "/api/v1/outbox", device: device).json[0]?["id"])
            let path = "/api/v1/outbox/\(id)/resolve"

            let first = try await Self.keyed(shop, "POST", path, body: ["keep": "mine"], device: device, key: "o1")
            #expect(first.status == 200, "\(first.text)")
            let history = try await shop.request("GET", "/api/v1/history?limit=500", device: device).json
            let again = try await Self.keyed(shop, "POST", path, body: ["keep": "mine"], device: device, key: "o1")
            #expect(again.status == 200 && again.json["repeated"] == true && Self.plain(again) == first.json)
            #expect(try await shop.request("GET", "/api/v1/history?limit=500", device: device).json == history)
            // Without the key, the second is refused: the entry is resolved already.
            #expect(try await shop.request("POST", path, body: ["keep": "mine"], device: device).status == 422)
        }
    }

    @Test func aDeviceIsBoundedInBodySizeCopiesAndPageSize() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let big: JSONValue = [
                "code": .string(Self.widget), "padding": .string(String(repeating: "x", count: 70_000)),
            ]
            let tooBig = try await shop.request("POST", "/api/v1/reorder", body: big, device: device)
            #expect(tooBig.status == 413, "\(tooBig.text)")
            #expect(tooBig.json["error"]?.stringValue?.contains("larger than the hub takes") == true)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)
            // Pairing (open to anybody) is bounded too.
            #expect(try await shop.request("POST", "/api/v1/pair", body: big).status == 413)

            let copies = try await shop.request(
                "POST", "/api/v1/labels/print", body: ["code": .string(Self.widget), "copies": 101], device: device)
            #expect(copies.status == 422, "\(copies.text)")
            #expect(copies.json["error"]?.stringValue == #""copies" must be a whole number from 1 to 100."#)
            let hundred = try await shop.request(
                "POST", "/api/v1/labels/print", body: ["code": .string(Self.widget), "copies": 100], device: device)
            #expect(hundred.json["error"]?.stringValue?.contains("copies") != true, "\(hundred.text)")

            #expect(try await shop.request("GET", "/api/v1/history?limit=500", device: device).status == 200)
            let history = try await shop.request("GET", "/api/v1/history?limit=501", device: device)
            #expect(history.status == 400)
            #expect(history.json["error"]?.stringValue == "limit must be a whole number from 1 to 500, such as 50.")
        }
    }

    @Test func aDeviceHasAtMostEightEventStreamsOpenAndANinthClosesItsOldest() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let device = try await shop.pair()
            let other = try await shop.pair("Till 2")
            let url = URL(string: try shop.baseURL.absoluteString + "/api/v1/events")!
            // The oldest: its answer ends when the hub closes it.
            let oldest = Task { try await shop.request("GET", "/api/v1/events", device: device, seconds: 60) }
            try await Task.sleep(for: .seconds(1))
            var readers: [EventReader] = []
            defer { readers.forEach { $0.stop() } }
            // Another device's streams are its own: they close none of this one's.
            let theirs = EventReader(url: url, token: other.token)
            readers.append(theirs)
            try await theirs.waitUntilConnected()
            for _ in 1...7 {
                let reader = EventReader(url: url, token: device.token)
                readers.append(reader)
                try await reader.waitUntilConnected()
            }
            let ninth = EventReader(url: url, token: device.token)
            readers.append(ninth)
            try await ninth.waitUntilConnected()
            let closed = try await oldest.value
            #expect(closed.status == 200 && closed.text.hasPrefix(": connected"), "\(closed.text)")
            // The newer ones stay open: an event reaches the ninth.
            _ = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "streams-1", "code": .string(Self.widget)], device: device)
            #expect(try await ninth.events(count: 1).first?.name == "scan")
        }
    }

    @Test func aHubWithAPageOpenStopsAtOnceAndEndsThePagesStream() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            guard case .listening(let hub) = shop.transport else { throw HubTestError("the hub does not listen") }
            let device = try await shop.pair()
            let open = Task { try await shop.request("GET", "/api/v1/events", device: device, seconds: 60) }
            // The stream is open once the hub counts its subscriber.
            let deadline = ContinuousClock.now + .seconds(10)
            while await hub.events.subscriberCount == 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await hub.events.subscriberCount == 1)
            let started = ContinuousClock.now
            await hub.stop()
            // A stream never ends by itself: before the hub ended it, a stop waited the server's whole grace
            // period (2 s) for it, every time a page was open.
            let took = ContinuousClock.now - started
            #expect(took < .seconds(1.5), "the stop took \(took)")
            let ended = try await open.value
            #expect(ended.status == 200 && ended.text.hasPrefix(": connected"), "\(ended.text)")
            // One opened while the hub stops ends at once.
            for await _ in await hub.events.subscribe() { Issue.record("an event on a stream opened after the stop") }
        }
    }
}

extension HubShop {
    /// The price of the variation `code` names changed to `mine` at a counter while Square could not be
    /// reached, then to `theirs` in Square, and the outbox sent: one conflict waiting in the outbox. The
    /// client that reaches the shop's Square.
    /// An editor on the hub's database whose Square cannot be reached: what it changes waits in the outbox.
    func offlineEditor(counter: String) -> Editor {
        Editor(
            database: database,
            client: SquareClient(
                configuration: SquareClientConfiguration(
                    baseURL: URL(string: "http://127.0.0.1:1")!, accessToken: HubShop.token, requestTimeout: 2,
                    retry: RetryPolicy(maxAttempts: 2, initialDelay: 0.01, maxDelay: 0.02))), counter: counter)
    }

    func priceConflict(_ code: String, mine: JSONValue, theirs: JSONValue) async throws -> SquareClient {
        let variation = try await Lookup.single(code, in: database)
        let offline = offlineEditor(counter: "till-1")
        _ = try await offline.edit(
            variationID: variation.variationID, itemID: variation.itemID, label: variation.label,
            edits: [FieldEdit(.price, mine)])
        let client = try context.makeClient()
        let current = try await client.retrieveCatalogObject(id: variation.variationID).object
        _ = try await client.upsertCatalogObject(EditField.price.setting(theirs, in: current))
        let sent = try await Editor(database: database, client: client, counter: "hub").sendOutbox()
        guard sent.conflicts == 1 else { throw HubTestError("expected one conflict, not \(sent.conflicts)") }
        return client
    }
}
