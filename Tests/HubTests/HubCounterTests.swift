import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Sandbox
import Store
import Sync
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hub answers with the application's own rules: the search and lookup JSON the command line prints,
/// each posted scan handled once by its counter's session and streamed to every subscriber.
@Suite struct HubCounterTests {
    static let widget = "0012345678905"

    @Test func searchAndLookupGiveTheSameJSONAsTheCommandLine() async throws {
        // The hub and the built `catalog` binary read one database file at one location, at the same time of
        // day (a sale runs by the date).
        try await HubShop.inMemory(liveClock: true) { shop in
            let device = try await shop.pair()
            var codes = [Self.widget]
            for (query, limit) in [("hamer", 5), ("ballpoint pens", 6), (Self.widget, 20)] {
                let path = "/api/v1/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                let answer = try await shop.request("GET", path + "&limit=\(limit)", device: device)
                #expect(answer.status == 200, "\(query): \(answer.text)")
                let printed = try await shop.catalog(
                    "search", query, "--limit", "\(limit)", "--location", "High Street", "--json")
                #expect(answer.json == (try JSONValue.parse(printed)), "\(query)")
                #expect(answer.json.arrayValue?.isEmpty == false, "\(query)")
                codes += answer.json.arrayValue?.prefix(1).compactMap { $0["sku"]?.stringValue } ?? []
            }
            let hammer = try await shop.request("GET", "/api/v1/search?q=hamer&limit=5", device: device)
            #expect(hammer.json[0]?["item_name"]?.stringValue == "Claw Hammer")
            #expect(hammer.json[0]?["location"]?["name"]?.stringValue == "High Street")

            // `catalog show --json` prints one object per line, the hub an array of them.
            for code in codes {
                let shown = try await shop.request("GET", "/api/v1/variations/\(code)", device: device)
                #expect(shown.status == 200, "\(code): \(shown.text)")
                let printed = try await shop.catalog("show", code, "--location", "High Street", "--json")
                #expect(shown.json == (try HubShop.lines(printed)), "\(code)")
                #expect(shown.json.arrayValue?.isEmpty == false, "\(code)")
            }
            let widget = try await shop.request("GET", "/api/v1/variations/\(Self.widget)", device: device)
            #expect(widget.json[0]?["item_name"]?.stringValue == "Acme Blue Widget")

            let missing = try await shop.request("GET", "/api/v1/variations/4006381333932", device: device)
            #expect(missing.status == 422)
            #expect(missing.json["error"]?.stringValue?.contains("check digit") == true)
            let unknown = try await shop.request("GET", "/api/v1/variations/NO-SUCH-SKU-9", device: device)
            #expect(unknown.status == 404)
            #expect(unknown.json["error"]?.stringValue?.contains("press Sync now on the Sync page") == true)
            let badLimit = try await shop.request("GET", "/api/v1/search?q=hammer&limit=0", device: device)
            #expect(badLimit.status == 400)
        }
    }

    @Test func aScanPostedTwiceIsAnsweredTwiceAndCountedOnce() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let mode = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "m1", "code": "CATALOG:MODE:REORDER", "counter": "till-2"],
                device: device)
            #expect(mode.json["action"]?.stringValue == "mode reorder")
            let scan: JSONValue = ["id": "s-1", "code": .string(Self.widget), "counter": "till-2"]
            let first = try await shop.request("POST", "/api/v1/scans", body: scan, device: device)
            let second = try await shop.request("POST", "/api/v1/scans", body: scan, device: device)
            #expect(first.status == 201)
            #expect(second.status == 200)
            #expect(first.json["action"]?.stringValue == "reorder +1 = 1")
            #expect(second.json["repeated"] == .bool(true))
            var same = second.json
            same["repeated"] = .bool(false)
            #expect(same == first.json)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [1])
            let logged = try await shop.database.scans(limit: 10).filter { $0.scanID == "s-1" }
            #expect(logged.count == 1)
            #expect(logged.first?.counter == "till-2")

            // Another counter has its own session: still in lookup mode.
            let other = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "s-2", "code": .string(Self.widget), "counter": "till-3"],
                device: device)
            #expect(other.json["action"]?.stringValue == "found")
            #expect(other.json["match"]?["location"]?["name"]?.stringValue == "High Street")
            let bad = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "", "code": .string(Self.widget)], device: device)
            #expect(bad.status == 400)
            #expect(bad.json["error"]?.stringValue?.contains("id") == true)
            let notJSON = try await shop.request("POST", "/api/v1/scans", body: nil, device: device)
            #expect(notJSON.status == 400)
        }
    }

    @Test func aScanOfAnItemASyncHeldBackSaysSoAndWhy() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let widget = try #require(try await Lookup.matches(Self.widget, in: shop.database).first)
            // A new item in Square, and both it and the widget's item damaged in Square's answers.
            let client = try shop.context.makeClient()
            let created = try await client.upsertCatalogObject(
                SquareObjects.newItem(key: "held", name: "Held Thing", sku: "HELD-THING-1", pence: 300))
            let heldID = try #require(created.object["id"]?.stringValue)
            await shop.server.setFaults(SandboxFaults(badObjects: [widget.itemID, heldID]))
            let synced = try await SyncEngine(database: shop.database, client: client).run(full: true)
            #expect(Set(synced.problems.map(\.id)).isSuperset(of: [widget.itemID, heldID]))

            // The widget is the last good copy, marked held back; the new item's code is held back, not unknown.
            let found = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "h-1", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(found.json["match"]?["item_name"]?.stringValue == "Acme Blue Widget")
            #expect(found.json["held_back"]?["id"]?.stringValue == widget.itemID, "\(found.json)")
            #expect(found.json["held_back"]?["reason"]?.stringValue?.isEmpty == false)
            let held = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "h-2", "code": "HELD-THING-1", "counter": "till-4"],
                device: device)
            #expect(held.json["match"] == .null && held.json["action"]?.stringValue == "held back", "\(held.json)")
            #expect(held.json["held_back"]?["id"]?.stringValue == heldID)
            #expect(held.json["failed"] == .bool(true))
            let shown = try await shop.request("GET", "/api/v1/variations/HELD-THING-1", device: device)
            #expect(shown.status == 422)
            #expect(shown.json["error"]?.stringValue?.contains("is in Square but not stored here yet") == true)
        }
    }

    @Test func everySubscriberSeesEachScanInOrder() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let device = try await shop.pair()
            let first = EventReader(
                url: URL(string: try shop.baseURL.absoluteString + "/api/v1/events")!, token: device.token)
            let second = EventReader(
                url: URL(string: try shop.baseURL.absoluteString + "/api/v1/events")!, token: device.token)
            try await first.waitUntilConnected()
            try await second.waitUntilConnected()
            for index in 1...5 {
                _ = try await shop.request(
                    "POST", "/api/v1/scans", body: ["id": .string("e\(index)"), "code": .string(Self.widget)],
                    device: device)
            }
            for reader in [first, second] {
                let events = try await reader.events(count: 5)
                #expect(events.map(\.name) == Array(repeating: "scan", count: 5))
                #expect(events.compactMap { $0.data["id"]?.stringValue } == ["e1", "e2", "e3", "e4", "e5"])
                #expect(events.allSatisfy { $0.data["match"]?["item_name"]?.stringValue == "Acme Blue Widget" })
                reader.stop()
            }
        }
    }
}

/// Reads a Server-Sent Events stream over HTTP as it arrives.
final class EventReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Event {
        var name: String
        var data: JSONValue
    }

    private let lock = NSLock()
    private var buffer = ""
    private var connected = false
    private var session: URLSession!
    private var task: URLSessionDataTask!

    init(url: URL, token: String) {
        super.init()
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        task = session.dataTask(with: request)
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            buffer += String(decoding: data, as: UTF8.self)
            if buffer.contains(": connected") { connected = true }
        }
    }

    func waitUntilConnected() async throws {
        for _ in 0..<500 {
            if lock.withLock({ connected }) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HubTestError("the event stream did not connect")
    }

    /// The first `count` events, waiting up to 10 s for them.
    func events(count: Int) async throws -> [Event] {
        for _ in 0..<1000 {
            let events = parsed()
            if events.count >= count { return Array(events.prefix(count)) }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HubTestError("only \(parsed().count) of \(count) events arrived")
    }

    private func parsed() -> [Event] {
        let text = lock.withLock { buffer }
        return text.components(separatedBy: "\n\n").compactMap { block in
            var name = "message"
            var data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data += line.dropFirst(6) }
            }
            guard !data.isEmpty, let json = try? JSONValue.parse(data) else { return nil }
            return Event(name: name, data: json)
        }
    }

    func stop() {
        task.cancel()
        session.invalidateAndCancel()
    }
}
