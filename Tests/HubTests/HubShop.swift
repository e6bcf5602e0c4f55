import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Sandbox
import Store
import Sync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo shop in the sandbox, synced into a scratch database, and a hub serving it on 127.0.0.1 (a free
/// port), with a clock the test moves. Requests go over real HTTP.
struct HubShop {
    static let token = "hub-test-token-7c1d"
    let server: SandboxServer
    let hub: HubServer
    let folder: URL
    let clock: TestClock
    let database: CatalogDatabase
    let context: AppContext

    /// `squareToken: false` starts the hub with no Square token (the replica is still synced first).
    static func start(location: String? = "High Street", squareToken: Bool = true) async throws -> HubShop {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try await SandboxServer.start(SandboxConfiguration(port: 0, token: token, seed: .demo))
        let clock = TestClock()
        let path = folder.appendingPathComponent("catalog.sqlite").path
        let database = try CatalogDatabase(path: path, clock: clock)
        let settings = try Settings.resolve(
            SettingsOverrides(database: path, squareBaseURL: server.baseURL.absoluteString),
            environment: ["HOME": folder.path, "SQUARE_ACCESS_TOKEN": token, "CATALOG_COUNTER": "hub-test"])
        let context = AppContext(
            settings: settings, clock: clock, environment: [:], openDatabase: { _ in database })
        _ = try await SyncEngine(database: database, client: try context.makeClient()).run(full: true)
        var hubContext = context
        if !squareToken {
            hubContext.settings = try Settings.resolve(
                SettingsOverrides(database: path, squareBaseURL: server.baseURL.absoluteString),
                environment: ["HOME": folder.path, "CATALOG_COUNTER": "hub-test"])
        }
        let hub = try await HubServer.start(
            HubConfiguration(host: "127.0.0.1", port: 0, location: location, syncInterval: nil, syncOnStart: false),
            context: hubContext)
        return HubShop(
            server: server, hub: hub, folder: folder, clock: clock, database: database, context: context)
    }

    /// A new pairing code, as `catalog devices pair` makes one.
    func pairingCode() async throws -> String {
        try await DeviceKeys.makePairingCode(in: database, now: clock.now())
    }

    /// Pairs a device named `name` through the API: its token and CSRF token.
    func pair(_ name: String = "Till 1") async throws -> Device {
        let answer = try await request(
            "POST", "/api/v1/pair", body: ["code": .string(try await pairingCode()), "device_name": .string(name)])
        guard answer.status == 201, let token = answer.json["token"]?.stringValue,
            let csrf = answer.json["csrf_token"]?.stringValue
        else { throw HubTestError("pairing failed: \(answer.status) \(answer.text)") }
        return Device(token: token, csrf: csrf)
    }

    struct Device {
        var token: String
        var csrf: String
    }

    struct Answer {
        var status: Int
        var headers: [String: String]
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
        var json: JSONValue { (try? JSONValue.parse(text)) ?? .null }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// One request to the hub; `device` sends its token as a bearer (or `cookie` as the device cookie) and,
    /// unless `csrf` says otherwise, its CSRF token.
    func request(
        _ method: String, _ path: String, body: JSONValue? = nil, device: Device? = nil, cookie: String? = nil,
        csrf: String? = nil, accept: String = "application/json"
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: hub.baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let device { request.setValue("Bearer \(device.token)", forHTTPHeaderField: "Authorization") }
        if let cookie { request.setValue("catalog_device=\(cookie)", forHTTPHeaderField: "Cookie") }
        if let csrf = csrf ?? device?.csrf { request.setValue(csrf, forHTTPHeaderField: "X-CSRF-Token") }
        if let body {
            request.httpBody = body.jsonData
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return Answer(status: http.statusCode, headers: headers, bytes: [UInt8](data))
    }

    func stop() async {
        await hub.stop()
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

struct HubTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
