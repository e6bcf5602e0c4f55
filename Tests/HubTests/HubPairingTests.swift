import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Sync
import Testing

@testable import Hub

#if canImport(Glibc)
    import Glibc
#endif

/// Pairing nobody can race or block: wrong codes are counted before they are checked, per address with
/// growing delays and overall, and a right code typed on another device pairs whatever was guessed. And the
/// conventions around it: a bearer request needs no CSRF token, a cookie request does; the CSV download
/// writes formula cells as text.
@Suite struct HubPairingTests {
    static let widget = "0012345678905"

    /// 100 wrong codes at once from one address: exactly the first five are checked, the rest refused.
    @Test func concurrentWrongCodesFromOneAddressAreCheckedOnlyFiveTimes() async throws {
        try await HubShop.inMemory { shop in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for guess in 0..<100 {
                    group.addTask {
                        try await shop.request(
                            "POST", "/api/v1/pair",
                            body: ["code": .string(String(format: "ZZZZ-%04d", guess)), "device_name": "guesser"]
                        ).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 422 }.count == 5, "checked: \(statuses)")
            #expect(statuses.filter { $0 == 429 }.count == 95, "refused: \(statuses)")
            #expect(try await shop.database.devices().isEmpty)
        }
    }

    /// After the first five, each wrong code from an address waits twice as long as the one before.
    @Test func theWaitsGrowWithEachWrongCode() async throws {
        try await HubShop.inMemory { shop in
            func guess() async throws -> HubShop.Answer {
                try await shop.request("POST", "/api/v1/pair", body: ["code": "ZZZZ-ZZZZ", "device_name": "guesser"])
            }
            for _ in 0..<5 { #expect(try await guess().status == 422) }
            var waits: [Int] = []
            for _ in 0..<3 {
                let refused = try await guess()
                #expect(refused.status == 429)
                #expect(refused.json["error"]?.stringValue?.contains("Too many wrong pairing codes") == true)
                let wait = try #require(Int(refused.header("Retry-After") ?? ""))
                waits.append(wait)
                shop.clock.advance(by: .seconds(Int64(wait)))
                #expect(try await guess().status == 422)
            }
            #expect(waits == [30, 60, 120])
        }
    }

    /// 100 wrong codes at once from twenty addresses: thirty are answered as wrong, the rest 429; then a right
    /// code from another address pairs, while a wrong one from a fresh address is answered 429.
    @Test func aHundredWrongCodesFromManyAddressesDoNotBlockTheRightCode() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let port = try #require(try shop.baseURL.port)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for guess in 0..<100 {
                    group.addTask {
                        try await Self.pair(
                            String(format: "ZZZZ-%04d", guess), from: "127.0.0.\(2 + guess % 20)", port: port)
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 422 }.count == 30, "\(statuses)")
            #expect(statuses.filter { $0 == 429 }.count == 70, "\(statuses)")

            // Past the overall limit a wrong code is 429 even from an address that guessed nothing…
            #expect(try await Self.pair("ZZZZ-ZZZZ", from: "127.0.0.99", port: port) == 429)
            // …and the right code pairs, from this machine and from a fresh address alike.
            #expect(try await Self.pair(try await shop.pairingCode(), from: "127.0.0.100", port: port) == 201)
            _ = try await shop.pair("Till 1")
            #expect(try await shop.database.devices().map(\.name) == ["phone", "Till 1"])
        }
    }

    @Test func addressesAreCountedByMachine() {
        #expect(PairingGate.key("192.168.1.20") == "192.168.1.20")
        #expect(PairingGate.key("::ffff:192.168.1.20") == "192.168.1.20")
        #expect(PairingGate.key("2001:db8:1:2::1") == PairingGate.key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))
        #expect(PairingGate.key("2001:db8:1:2::1") != PairingGate.key("2001:db8:1:3::1"))
        #expect(PairingGate.key("fe80::1%eth0") == PairingGate.key("fe80::2"))
    }

    /// A program's bearer token is enough for a change; a browser's cookie needs the CSRF token too.
    @Test func aBearerRequestNeedsNoCSRFTokenACookieRequestDoes() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let body = Array((["code": .string(Self.widget), "quantity": 2] as JSONValue).jsonData)
            let json = ["Content-Type": "application/json", "Accept": "application/json"]
            let cookie = try await shop.send(
                "POST", "/api/v1/reorder", headers: json.merging(["Cookie": "catalog_device=\(device.token)"]) { $1 },
                body: body)
            #expect(cookie.status == 403)
            #expect(cookie.json["error"]?.stringValue?.contains("Nothing was changed") == true)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).isEmpty)

            let bearer = try await shop.send(
                "POST", "/api/v1/reorder", headers: json.merging(["Authorization": "Bearer \(device.token)"]) { $1 },
                body: body)
            #expect(bearer.status == 201, "\(bearer.text)")
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [2])
        }
    }

    @Test func aBrowserGetsItsTokenOnlyAsTheCookieAProgramInTheAnswer() async throws {
        try await HubShop.inMemory { shop in
            let json = ["Content-Type": "application/json", "Accept": "application/json"]
            let fromPage = try await shop.send(
                "POST", "/api/v1/pair",
                headers: json.merging(["Sec-Fetch-Mode": "cors", "Origin": "http://127.0.0.1"]) { $1 },
                body: Array(
                    (["code": .string(try await shop.pairingCode()), "device_name": "Till 4"] as JSONValue).jsonData))
            #expect(fromPage.status == 201, "\(fromPage.text)")
            #expect(fromPage.json["token"] == nil && fromPage.json["csrf_token"] != nil, "\(fromPage.text)")
            let cookie = try #require(fromPage.header("Set-Cookie"))
            #expect(
                cookie.contains("catalog_device=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            // The cookie it was given works.
            let token = String(cookie.dropFirst("catalog_device=".count).prefix { $0 != ";" })
            #expect(try await shop.request("GET", "/api/v1/me", cookie: token).status == 200)

            let fromProgram = try await shop.send(
                "POST", "/api/v1/pair", headers: json,
                body: Array(
                    (["code": .string(try await shop.pairingCode()), "device_name": "Script"] as JSONValue).jsonData))
            #expect(fromProgram.status == 201 && fromProgram.json["token"]?.stringValue?.isEmpty == false)
        }
    }

    /// An item named like a formula is downloaded as text, as `--excel` writes it.
    @Test func theCSVDownloadWritesFormulaCellsAsText() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let client = try shop.context.makeClient()
            _ = try await client.upsertCatalogObject(
                SquareObjects.newItem(key: "formula", name: "=1+2 Widget", sku: "FORMULA-1", pence: 300))
            _ = try await SyncEngine(database: shop.database, client: client).run(full: true)
            let added = try await shop.request(
                "POST", "/api/v1/reorder", body: ["code": "FORMULA-1", "quantity": 1], device: device)
            #expect(added.status == 201, "\(added.text)")
            let csv = try await shop.request("GET", "/api/v1/reorder/export.csv", device: device, accept: "text/csv")
            #expect(csv.status == 200)
            #expect(csv.text.contains(",'=1+2 Widget,"), "\(csv.text)")
            #expect(!csv.text.contains(",=1+2"), "\(csv.text)")
            #expect(CSVWriter.formulaSafe("=1+2 Widget") == "'=1+2 Widget")
        }
    }

    /// `POST /api/v1/pair` with `code` from the local address `source` (Linux routes all of 127.0.0.0/8 to this
    /// machine, so the hub sees one address per source): the status the hub answered.
    static func pair(_ code: String, from source: String, port: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            // A thread of its own: a blocked thread of Dispatch's pool would starve the hub's tasks.
            Thread { continuation.resume(with: Result { try blockingPair(code, from: source, port: port) }) }.start()
        }
    }

    private static func blockingPair(_ code: String, from source: String, port: Int) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HubTestError("socket: \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func address(_ host: String, _ port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            return address
        }
        var local = address(source, 0)
        var remote = address("127.0.0.1", port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard
            withUnsafePointer(
                to: &local, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) } })
                == 0
        else { throw HubTestError("bind \(source): \(errno)") }
        guard
            withUnsafePointer(
                to: &remote, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, size) } })
                == 0
        else { throw HubTestError("connect from \(source): \(errno)") }
        let body = (["code": .string(code), "device_name": "phone"] as JSONValue).jsonData
        let request =
            Array(
                ("POST /api/v1/pair HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8)
            + Array(body)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw HubTestError("send from \(source): \(errno)")
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read <= 0 { break }
            answer += buffer[0..<read]
        }
        let statusLine = String(decoding: answer.prefix(while: { $0 != 13 }), as: UTF8.self)
        guard let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw HubTestError("no answer from the hub to \(source): \(statusLine)")
        }
        return status
    }
}
