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

    /// `squareToken: false` starts the hub with no Square token (the replica is still synced first); `webhook`
    /// has it take Square's webhooks; `liveClock: true` has the hub and the database read the system clock, as
    /// a `catalog` command run beside it does (`clock` then moves nothing).
    static func start(
        location: String? = "High Street", squareToken: Bool = true,
        webhook: (notificationURL: String, signatureKey: String)? = nil, liveClock: Bool = false
    ) async throws -> HubShop {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try await SandboxServer.start(SandboxConfiguration(port: 0, token: token, seed: .demo))
        let clock = TestClock()
        let path = folder.appendingPathComponent("catalog.sqlite").path
        let time: any CatalogClock = liveClock ? SystemClock() : clock
        let database = try CatalogDatabase(path: path, clock: time)
        let settings = try Settings.resolve(
            SettingsOverrides(database: path, squareBaseURL: server.baseURL.absoluteString),
            environment: ["HOME": folder.path, "SQUARE_ACCESS_TOKEN": token, "CATALOG_COUNTER": "hub-test"])
        let context = AppContext(
            settings: settings, clock: time, environment: [:], openDatabase: { _ in database })
        _ = try await SyncEngine(database: database, client: try context.makeClient()).run(full: true)
        var hubContext = context
        if !squareToken {
            hubContext.settings = try Settings.resolve(
                SettingsOverrides(database: path, squareBaseURL: server.baseURL.absoluteString),
                environment: ["HOME": folder.path, "CATALOG_COUNTER": "hub-test"])
        }
        let hub = try await HubServer.start(
            HubConfiguration(
                host: "127.0.0.1", port: 0, location: location, syncInterval: nil, webhook: webhook, syncOnStart: false),
            context: hubContext)
        return HubShop(
            server: server, hub: hub, folder: folder, clock: clock, database: database, context: context)
    }

    /// A new pairing code, as `catalog devices pair` makes one.
    func pairingCode() async throws -> String {
        try await DeviceKeys.makePairingCode(in: database, now: database.clock.now())
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
    /// unless `csrf` says otherwise, its CSRF token. An answer not complete within `seconds` throws.
    func request(
        _ method: String, _ path: String, body: JSONValue? = nil, device: Device? = nil, cookie: String? = nil,
        csrf: String? = nil, accept: String = "application/json", seconds: Int = 30
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
        // An answer that never ends (an event stream the hub should have refused) fails the test instead of
        // holding it: the request is cancelled after `seconds`.
        let (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { [request] group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw HubTestError("\(method) \(path) was not answered within \(seconds) seconds")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return Answer(status: http.statusCode, headers: headers, bytes: [UInt8](data))
    }

    /// The database file (its write-ahead log is beside it, with `-wal`).
    var databasePath: String { folder.appendingPathComponent("catalog.sqlite").path }

    /// Runs the built `catalog` binary on this shop's database, with the hub's Square settings and a HOME of
    /// its own: what it prints on standard output (it must exit 0).
    func catalog(_ arguments: String...) async throws -> String {
        try await ChildProcess.output(
            Self.binary, arguments,
            environment: [
                "HOME": folder.path, "PATH": "/usr/bin:/bin", "CATALOG_DB": databasePath,
                "SQUARE_BASE_URL": server.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": Self.token,
                "CATALOG_COUNTER": "hub-test",
            ])
    }

    /// What a `catalog` command that prints one JSON object per line printed (`show --json`, `outbox --json`),
    /// as the one array the hub answers with.
    static func lines(_ printed: String) throws -> JSONValue {
        .array(try printed.split(separator: "\n").map { try JSONValue.parse(String($0)) })
    }

    /// The `catalog` binary: `CATALOG_BIN`, else the debug build of this package (`swift build --build-tests`
    /// builds it).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CATALOG_BIN"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/catalog").path
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
