import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// Every body the API takes is read once into its own type: a body that is not a JSON object, lacks a field
/// or has one of the wrong type is a 400 that names the field (or says the body is not JSON), and nothing is
/// written.
@Suite struct HubBodyTests {
    static let widget = "0012345678905"

    /// `text` sent as it is, as a paired device's JSON body.
    static func raw(_ shop: HubShop, _ path: String, _ text: String, as device: HubShop.Device) async throws
        -> HubShop.Answer
    {
        try await shop.send(
            "POST", path,
            headers: [
                "Accept": "application/json", "Content-Type": "application/json",
                "Authorization": "Bearer \(device.token)", "X-CSRF-Token": device.csrf,
            ], body: Array(text.utf8))
    }

    /// The answer is the hub's 400, its message containing `says`.
    static func expectRefused(
        _ answer: HubShop.Answer, saying says: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == 400, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.json["status"] == .number("400"), "\(answer.text)", sourceLocation: sourceLocation)
        #expect(
            answer.json["error"]?.stringValue?.contains(says) == true, "\(answer.text) does not say \(says)",
            sourceLocation: sourceLocation)
    }

    @Test func aDeviceAskingFasterThanItsRateIsAnswered429AndTheOthersAreNot() async throws {
        try await HubShop.inMemory(deviceRate: 5) { shop in
            let fast = try await shop.pair("Runaway script")
            let other = try await shop.pair("Till 2")
            var refused: [HubShop.Answer] = []
            let began = ContinuousClock.now
            for _ in 0..<60 {
                let answer = try await shop.request("GET", "/api/v1/counters", device: fast)
                if answer.status == 429 { refused.append(answer) } else { #expect(answer.status == 200) }
            }
            // Twenty at once, then five a second: of sixty asked as fast as this machine asks them (slower
            // when the suite keeps it busy), all beyond that are refused.
            let seconds = (ContinuousClock.now - began).components.seconds + 1
            let allowed = 20 + 5 * Int(seconds)
            #expect(refused.count >= max(1, 60 - allowed), "\(refused.count) of 60 refused in under \(seconds) s")
            #expect(refused.first?.header("Retry-After") == "1")
            #expect(
                refused.first?.text.contains("faster than 5 times a second") == true, "\(refused.first?.text ?? "")")
            #expect(try await shop.request("GET", "/api/v1/counters", device: other).status == 200)
        }
    }

    @Test func aBadReorderOrScanBodyIsA400NamingTheFieldAndNothingIsWritten() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let malformed = try await Self.raw(
                shop, "/api/v1/reorder", #"{"code": "0012345678905", "quantity": "#, as: device)
            Self.expectRefused(malformed, saying: "The request body is not JSON")
            let notObject = try await Self.raw(shop, "/api/v1/reorder", #"["0012345678905"]"#, as: device)
            Self.expectRefused(notObject, saying: "must be a JSON object")
            let missing = try await shop.request("POST", "/api/v1/reorder", body: ["quantity": 2], device: device)
            Self.expectRefused(missing, saying: #"The request needs "code"."#)
            let wrongType = try await shop.request(
                "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": "two"], device: device)
            Self.expectRefused(wrongType, saying: #""quantity" must be a whole number, such as 6."#)
            let fraction = try await shop.request(
                "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": .number("1.5")],
                device: device)
            Self.expectRefused(fraction, saying: #""quantity" must be a whole number"#)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)

            let noID = try await shop.request(
                "POST", "/api/v1/scans", body: ["code": .string(Self.widget)], device: device)
            Self.expectRefused(noID, saying: #"The request needs "id"."#)
            let numberCode = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "b-1", "code": 12345], device: device)
            Self.expectRefused(numberCode, saying: #""code" must be text, such as "code": "…"."#)
            let nullCode = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "b-2", "code": .null], device: device)
            Self.expectRefused(nullCode, saying: #"The request needs "code"."#)
            #expect(try await shop.database.scans(limit: 10).isEmpty)
            #expect(try await shop.database.scan(scanID: "b-1") == nil)

            // A well-formed body with a field the hub does not know is read as before: the extra field is ignored.
            let added = try await shop.request(
                "POST", "/api/v1/reorder",
                body: ["code": .string(Self.widget), "quantity": .number("2.0"), "note": "x"],
                device: device)
            #expect(added.status == 201, "\(added.text)")
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [2])
        }
    }

    @Test func aBadPricePairingOrReorderLineBodyIsA400NamingTheFieldAndNothingIsWritten() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let price = try await Lookup.single(Self.widget, in: shop.database).price
            let path = "/api/v1/variations/\(Self.widget)/price"
            Self.expectRefused(
                try await shop.request("POST", path, body: ["where": "here"], device: device),
                saying: #"The request needs "price"."#)
            Self.expectRefused(
                try await shop.request("POST", path, body: ["price": .number("1.99")], device: device),
                saying: #""price" must be text"#)
            Self.expectRefused(
                try await shop.request("POST", path, body: ["price": "1.99", "where": "there"], device: device),
                saying: #""where" must be "here" or "everywhere"."#)
            Self.expectRefused(
                try await shop.request("POST", path, body: ["price": "1.99", "seen": "cheap"], device: device),
                saying: #""seen" must be the price shown"#)
            #expect(try await Lookup.single(Self.widget, in: shop.database).price == price)
            #expect(try await shop.database.history(limit: 10).isEmpty)

            Self.expectRefused(
                try await shop.request(
                    "POST", "/api/v1/pair", body: ["code": .string(try await shop.pairingCode()), "device_name": 7]),
                saying: #""device_name" must be text"#)
            Self.expectRefused(
                try await shop.request("POST", "/api/v1/pair", body: ["device_name": "Till 9"]),
                saying: #"The request needs "code"."#)
            #expect(try await shop.database.devices().map(\.name) == ["Till 1"])

            let line = try await shop.request(
                "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": 3], device: device)
            let id = try #require(line.json["id"]?.int64Value)
            Self.expectRefused(
                try await shop.request("POST", "/api/v1/reorder/\(id)/quantity", body: [:], device: device),
                saying: #"The request needs "quantity", such as 6 (0 takes the line off)."#)
            Self.expectRefused(
                try await shop.request(
                    "POST", "/api/v1/reorder/\(id)/quantity", body: ["quantity": true], device: device),
                saying: #""quantity" must be a whole number"#)
            Self.expectRefused(
                try await shop.request("POST", "/api/v1/reorder/suggest", body: ["apply": "yes"], device: device),
                saying: #""apply" must be true or false."#)
            Self.expectRefused(
                try await shop.request("POST", "/api/v1/reorder/order", body: ["vendor": .null], device: device),
                saying: #"The request needs "vendor"."#)
            Self.expectRefused(
                try await shop.request("POST", "/api/v1/outbox/1/resolve", body: ["keep": "theirs"], device: device),
                saying: #""keep" must be "mine""#)
            Self.expectRefused(
                try await shop.request(
                    "POST", "/api/v1/labels/print", body: ["code": .string(Self.widget), "copies": 0], device: device),
                saying: #""copies" must be a whole number from 1 to 100."#)
            Self.expectRefused(
                try await shop.request(
                    "POST", "/api/v1/labels/print-stale", body: ["variation_ids": "GK3"], device: device),
                saying: #""variation_ids" must list the stale tags to print"#)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [3])
            #expect(try await shop.database.reorderLines(statuses: [.ordered]).isEmpty)
        }
    }
}
