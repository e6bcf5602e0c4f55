import CatalogApp
import CatalogCore
import Foundation
import Hub
import SquareAPI
import Store
import Sync
import Testing

/// Roles and staff: every changing route, read from the router, refused to a counter device when only a
/// manager may make it (and nothing changed), made by a manager device or with a manager's PIN; wrong PINs
/// counted and locked out; each write and scan recorded with its device and staff member; a counter device
/// acting only for its own counter.
@Suite struct HubRolesTests {
    static let widget = HubAccessTests.widget
    /// The changes only a manager may make (docs/hub.md): what the hub must refuse a counter device.
    static let managerOnly: Set<String> = [
        "POST /api/v1/variations/{code}/price", "POST /api/v1/reorder/{id}/receive", "POST /api/v1/outbox/{id}/resolve",
        "POST /api/v1/plans/{id}/cancel", "POST /api/v1/plans", "POST /api/v1/counts",
        "POST /api/v1/counts/{id}/areas/{area}/done", "POST /api/v1/counts/{id}/areas/{area}/recount",
        "POST /api/v1/counts/{id}/recount", "POST /api/v1/counts/{id}/post", "POST /api/v1/counts/{id}/cancel",
    ]

    /// `method path` from `device`, with `staff`'s name and `pin` when given.
    static func send(
        _ shop: HubShop, _ method: String, _ path: String, body: JSONValue? = nil, device: HubShop.Device,
        staff: String? = nil, pin: String? = nil
    ) async throws -> HubShop.Answer {
        var headers = ["Accept": "application/json", "Authorization": "Bearer \(device.token)"]
        if let staff { headers["X-Staff-Name"] = staff }
        if let pin { headers["X-Staff-PIN"] = pin }
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await shop.send(method, path, headers: headers, body: body.map { [UInt8]($0.jsonData) })
    }

    /// Adds `name` to the staff as `role` with `pin`, as `catalog staff add` does.
    static func addStaff(_ shop: HubShop, _ name: String, _ role: Role, pin: String) async throws {
        #expect(
            try await shop.database.addStaff(name: name, role: role, pin: StaffPINs.keep(pin), now: shop.clock.now()))
    }

    /// The paired device named `name`.
    static func device(_ shop: HubShop, _ name: String) async throws -> PairedDevice {
        try #require(try await shop.database.devices().first { $0.name == name })
    }

    @Test func everyChangingRouteFromTheRouterIsRefusedToACounterDeviceWhenOnlyAManagerMayMakeIt() async throws {
        try await HubShop.inMemory { shop in
            let manager = try await shop.pair("Office", role: .manager)
            // Named as the counter the routes' {name} fills in ("till"): acting for its own counter.
            let counter = try await shop.pair("till", role: .counter)
            try await Self.addStaff(shop, "Sam", .manager, pin: "4827")
            let routes = HubChangesOnceTests.changingRoutes(shop)
            #expect(Self.managerOnly.isSubset(of: Set(routes)), "\(routes)")
            // A line for the reorder routes' {id} (1) to act on.
            _ = try await shop.request("POST", "/api/v1/reorder", body: ["code": .string(Self.widget)], device: manager)
            for route in routes {
                guard let (method, path) = HubAccessTests.request(route) else { continue }
                let body = HubChangesOnceTests.bodies[route] ?? [:]
                await shop.hub.sync.waitUntilIdle()
                let before = try await HubChangesOnceTests.state(shop, manager)
                let price = try await Lookup.single(Self.widget, in: shop.database).price
                let asCounter = try await Self.send(shop, method, path, body: body, device: counter)
                await shop.hub.sync.waitUntilIdle()
                guard Self.managerOnly.contains(route) else {
                    #expect(asCounter.status != 403, "\(route) refused to a counter device: \(asCounter.text)")
                    continue
                }
                #expect(asCounter.status == 403, "\(route): \(asCounter.status) \(asCounter.text)")
                #expect(asCounter.json["needs"] == "manager", "\(route): \(asCounter.text)")
                #expect(
                    asCounter.json["error"]?.stringValue?.hasPrefix("Only a manager can ") == true,
                    "\(route): \(asCounter.text)")
                #expect(try await HubChangesOnceTests.state(shop, manager) == before, "\(route) changed something")
                #expect(try await Lookup.single(Self.widget, in: shop.database).price == price, "\(route)")
                // A manager's PIN on the counter device, and a manager device, get past the role check.
                let withPIN = try await Self.send(
                    shop, method, path, body: body, device: counter, staff: "Sam", pin: "4827")
                #expect(withPIN.status != 403, "\(route) with a manager's PIN: \(withPIN.text)")
                let asManager = try await Self.send(shop, method, path, body: body, device: manager)
                #expect(asManager.status != 403, "\(route) from a manager device: \(asManager.text)")
                await shop.hub.sync.waitUntilIdle()
            }
        }
    }

    @Test func aPriceChangeWithAManagersPINIsMadeAndRecordedWithTheDeviceAndTheStaffMember() async throws {
        try await HubShop.inMemory { shop in
            let counter = try await shop.pair("Till 3", role: .counter)
            try await Self.addStaff(shop, "Sam", .manager, pin: "4827")
            try await Self.addStaff(shop, "Kim", .counter, pin: "5081")
            let till = try await Self.device(shop, "Till 3")
            #expect(till.role == .counter)
            let price = "/api/v1/variations/\(Self.widget)/price"

            let refused = try await Self.send(shop, "POST", price, body: ["price": "5.55"], device: counter)
            #expect(refused.status == 403)
            #expect(
                refused.json["error"]?.stringValue
                    == "Only a manager can change a price. This is not a manager’s device: enter a manager’s name and "
                    + "PIN. Nothing was changed.")
            // A counter staff member's right PIN says who, but is not a manager's.
            let kim = try await Self.send(
                shop, "POST", price, body: ["price": "5.55"], device: counter, staff: "Kim", pin: "5081")
            #expect(kim.status == 403 && kim.json["error"]?.stringValue?.contains("Kim is not a manager") == true)
            #expect(try await shop.database.history(objectIDs: nil, since: nil, limit: 10).isEmpty)

            let made = try await Self.send(
                shop, "POST", price, body: ["price": "5.55"], device: counter, staff: "sam", pin: "4827")
            #expect(made.status == 200, "\(made.text)")
            #expect(try await Lookup.single(Self.widget, in: shop.database).price?.amount == 555)
            let row = try #require(try await shop.database.history(objectIDs: nil, since: nil, limit: 10).first)
            #expect(row.field == "price" && row.deviceID == till.id && row.staff == "Sam", "\(row)")
            // The hub's history says so too.
            let history = try await shop.request("GET", "/api/v1/history?limit=5", device: counter).json
            #expect(history[0]?["device_id"] == .int(till.id) && history[0]?["staff"] == "Sam", "\(history)")
            #expect(history[0]?["device"] == "Till 3", "\(history)")
            // catalog history says who, and on which device.
            let printed = try await shop.catalog("history", "--limit", "1")
            #expect(printed.contains("by Sam on Till 3"), "\(printed)")
            let json = try JSONValue.parse(try await shop.catalog("history", "--limit", "1", "--json"))
            #expect(json["device"] == "Till 3" && json["staff"] == "Sam" && json["device_id"] == .int(till.id))

            // A scan records its device, and the staff member whose PIN came with it.
            let scan = try await Self.send(
                shop, "POST", "/api/v1/scans", body: ["id": "roles-1", "code": .string(Self.widget)], device: counter,
                staff: "Kim", pin: "5081")
            #expect(scan.status == 201, "\(scan.text)")
            let logged = try #require(try await shop.database.scans(limit: 1).first)
            #expect(logged.scanID == "roles-1" && logged.deviceID == till.id && logged.staff == "Kim", "\(logged)")
            let log = try await shop.request("GET", "/api/v1/scans?limit=1", device: counter).json
            #expect(log[0]?["device_id"] == .int(till.id) && log[0]?["staff"] == "Kim", "\(log)")
        }
    }

    @Test func wrongPINsAreRefusedCountedAndLockThePINAfterFive() async throws {
        try await HubShop.inMemory { shop in
            let counter = try await shop.pair("Till 3", role: .counter)
            try await Self.addStaff(shop, "Sam", .manager, pin: "4827")
            let price = "/api/v1/variations/\(Self.widget)/price"
            func change(_ pin: String, staff: String = "Sam") async throws -> HubShop.Answer {
                try await Self.send(
                    shop, "POST", price, body: ["price": "6.66"], device: counter, staff: staff, pin: pin)
            }
            let nobody = try await change("4827", staff: "Nobody")
            #expect(nobody.status == 403 && nobody.json["error"]?.stringValue?.contains("Nobody on the staff") == true)
            for tried in 1...4 {
                let wrong = try await change("9999")
                #expect(wrong.status == 403, "\(wrong.text)")
                #expect(wrong.json["error"]?.stringValue?.contains("That is not Sam’s PIN") == true, "\(wrong.text)")
                #expect(try await shop.database.staff().first?.failures == tried)
            }
            let fifth = try await change("9999")
            #expect(
                fifth.status == 403 && fifth.json["error"]?.stringValue?.contains("locked") == true, "\(fifth.text)")
            // Locked: even the right PIN is refused, and nothing is changed.
            let right = try await change("4827")
            #expect(right.status == 403, "\(right.text)")
            #expect(
                right.json["error"]?.stringValue?.hasPrefix(
                    "Sam’s PIN is locked after 5 wrong tries: try again in 5 "
                        + "minutes") == true, "\(right.text)")
            #expect(try await Lookup.single(Self.widget, in: shop.database).price?.amount != 666)
            // Five more wrong PINs once it opens again lock it for longer: 10 minutes.
            shop.clock.advance(by: .seconds(301))
            for _ in 1...5 { _ = try await change("9999") }
            shop.clock.advance(by: .seconds(301))
            let still = try await change("4827")
            #expect(
                still.status == 403 && still.json["error"]?.stringValue?.contains("locked") == true, "\(still.text)")
            // Once it opens, the right PIN works, and the count starts again.
            shop.clock.advance(by: .seconds(300))
            #expect(try await change("4827").status == 200)
            let sam = try #require(try await shop.database.staff().first)
            #expect(sam.failures == 0 && sam.lockedUntil == nil, "\(sam)")
            #expect(try await Lookup.single(Self.widget, in: shop.database).price?.amount == 666)
        }
    }

    @Test func wrongPINsSentAtOnceAreCountedOneByOne() async throws {
        try await HubShop.inMemory { shop in
            let counter = try await shop.pair("Till 3", role: .counter)
            try await Self.addStaff(shop, "Sam", .manager, pin: "4827")
            let price = "/api/v1/variations/\(Self.widget)/price"
            let answers = try await withThrowingTaskGroup(of: HubShop.Answer.self) { group in
                for _ in 1...20 {
                    group.addTask {
                        try await Self.send(
                            shop, "POST", price, body: ["price": "6.66"], device: counter, staff: "Sam", pin: "9999")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == 403 })
            // Four said the PIN was wrong; the fifth locked it, and the rest were not compared: one lockout of
            // 5 minutes, not four growing ones.
            #expect(answers.filter { $0.text.contains("That is not Sam’s PIN") }.count == 4, "\(answers.map(\.text))")
            let right = try await Self.send(
                shop, "POST", price, body: ["price": "6.66"], device: counter, staff: "Sam", pin: "4827")
            #expect(right.json["error"]?.stringValue?.contains("try again in 5 minutes") == true, "\(right.text)")
        }
    }

    @Test func aSyncADeviceAsksForDoesNotMakeItWhoMadeTheChangesTheSyncSends() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair("Till 5", role: .counter)
            // A price change queued on the hub's computer while Square could not be reached: nobody's device.
            let variation = try await Lookup.single(Self.widget, in: shop.database)
            let offline = shop.offlineEditor(counter: "office")
            _ = try await offline.edit(
                variationID: variation.variationID, itemID: variation.itemID, label: variation.label,
                edits: [FieldEdit(.price, Money(amount: 777, currency: "GBP").json)])
            #expect(try await shop.database.history(objectIDs: nil, since: nil, limit: 10).isEmpty)
            #expect(try await shop.request("POST", "/api/v1/sync", device: device).status < 300)
            await shop.hub.sync.waitUntilIdle()
            let row = try #require(try await shop.database.history(objectIDs: nil, since: nil, limit: 10).first)
            #expect(row.field == "price" && row.deviceID == nil && row.staff == nil, "\(row)")
        }
    }

    @Test func aCounterDeviceActsOnlyForItsOwnCounterAndReceivesOnlyWithAManager() async throws {
        try await HubShop.inMemory { shop in
            let counter = try await shop.pair("till", role: .counter)
            let manager = try await shop.pair("Office", role: .manager)
            try await Self.addStaff(shop, "Sam", .manager, pin: "4827")

            let other = try await Self.send(
                shop, "POST", "/api/v1/scans", body: ["id": "b-1", "code": .string(Self.widget), "counter": "till-2"],
                device: counter)
            #expect(other.status == 403, "\(other.text)")
            #expect(other.json["error"]?.stringValue?.contains("only for that counter, not “till-2”") == true)
            #expect(try await shop.database.scan(scanID: "b-1") == nil)
            let mode = try await Self.send(
                shop, "POST", "/api/v1/counters/till-2/mode", body: ["mode": "reorder"], device: counter)
            #expect(mode.status == 403, "\(mode.text)")
            #expect(try await shop.database.counterState("till-2") == nil)
            let undo = try await Self.send(
                shop, "POST", "/api/v1/scans/b-1/undo", body: ["counter": "till-2"], device: counter)
            #expect(undo.status == 403, "\(undo.text)")

            // Its own counter: scans and modes; receive mode only with a manager.
            let own = try await Self.send(
                shop, "POST", "/api/v1/scans", body: ["id": "b-2", "code": .string(Self.widget)], device: counter)
            #expect(own.status == 201 && own.json["counter"] == "till", "\(own.text)")
            let receive = try await Self.send(
                shop, "POST", "/api/v1/counters/till/mode", body: ["mode": "receive"], device: counter)
            #expect(receive.status == 403 && receive.json["error"]?.stringValue?.contains("receive stock") == true)
            #expect(try await shop.database.counterState("till")?.mode != "receive")
            let scanned = try await Self.send(
                shop, "POST", "/api/v1/scans",
                body: ["id": "b-3", "code": .string(Self.widget), "mode": "receive"], device: counter)
            #expect(scanned.status == 403, "\(scanned.text)")
            #expect(try await shop.database.scan(scanID: "b-3") == nil)
            let withPIN = try await Self.send(
                shop, "POST", "/api/v1/counters/till/mode", body: ["mode": "receive"], device: counter, staff: "Sam",
                pin: "4827")
            #expect(withPIN.status < 300 && withPIN.json["mode"] == "receive", "\(withPIN.text)")
            #expect(
                try await Self.send(
                    shop, "POST", "/api/v1/counters/till/mode", body: ["mode": "reorder"], device: counter
                )
                .status < 300)

            // A manager acts for any counter.
            let managed = try await Self.send(
                shop, "POST", "/api/v1/counters/till-2/mode", body: ["mode": "reorder"], device: manager)
            #expect(managed.status < 300, "\(managed.text)")
            #expect(try await shop.database.counterState("till-2")?.mode == "reorder")
        }
    }
}
