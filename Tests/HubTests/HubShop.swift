import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Hummingbird
import HummingbirdTesting
import Sandbox
import Store
import Sync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo shop in the sandbox, synced into a scratch database, and a hub over it, with a clock the test
/// moves. `inMemory` hands requests straight to the hub's router (HummingbirdTesting's `.router`); `start`
/// serves the hub on 127.0.0.1 (a free port) and requests go over real HTTP, for what needs a socket: event
/// streams, HEAD, the remote counter's client.
struct HubShop: Sendable {
    static let token = "hub-test-token-7c1d"
    let server: SandboxServer
    /// The hub's routes, events, counters and sync.
    let hub: HubApplication
    /// How requests reach the hub: its listening server, or its router in memory.
    let transport: Transport
    let folder: URL
    let clock: TestClock
    let database: CatalogDatabase
    let context: AppContext

    enum Transport: Sendable {
        case listening(HubServer)
        case inMemory(any TestClientProtocol)
    }

    /// The listening hub's address; only a hub `start` started has one.
    var baseURL: URL {
        get throws {
            guard case .listening(let server) = transport else { throw HubTestError("an in-memory hub has no URL") }
            return server.baseURL
        }
    }

    /// Runs `body` with the shop's hub answering in memory, through its router, then cleans up. The options
    /// are `start`'s.
    static func inMemory(
        location: String? = "High Street", squareToken: Bool = true,
        webhook: (notificationURL: String, signatureKey: String)? = nil, liveClock: Bool = false,
        opensItsDatabase: Bool = false, deviceRate: Double = HubConfiguration.defaultDeviceRate,
        _ body: @Sendable (HubShop) async throws -> Void
    ) async throws {
        let (parts, prepared) = try await prepare(
            location: location, squareToken: squareToken, webhook: webhook, liveClock: liveClock)
        var configuration = prepared
        configuration.deviceRate = deviceRate
        // `opensItsDatabase`: the hub opens the file itself, as `catalog serve` does, instead of being handed
        // the test's database.
        let hubContext =
            opensItsDatabase
            ? AppContext(settings: parts.hubContext.settings, clock: parts.clock, environment: [:])
            : parts.hubContext
        let hub = try await HubApplication.make(configuration, context: hubContext)
        let shop = { @Sendable (client: any TestClientProtocol) in
            HubShop(
                server: parts.server, hub: hub, transport: .inMemory(client), folder: parts.folder,
                clock: parts.clock, database: parts.database, context: parts.context)
        }
        try await cleaningUp({ await removing(parts.server, parts.folder) }) {
            try await Application(responder: hub.responder).test(.router) { client in try await body(shop(client)) }
        }
    }

    /// The shop with its hub listening on 127.0.0.1. `squareToken: false` starts the hub with no Square token
    /// (the replica is still synced first); `webhook` has it take Square's webhooks; `liveClock: true` has the
    /// hub and the database read the system clock, as a `catalog` command run beside it does (`clock` then
    /// moves nothing).
    static func start(
        location: String? = "High Street", squareToken: Bool = true,
        webhook: (notificationURL: String, signatureKey: String)? = nil, liveClock: Bool = false
    ) async throws -> HubShop {
        let (parts, configuration) = try await prepare(
            location: location, squareToken: squareToken, webhook: webhook, liveClock: liveClock)
        let hub = try await HubApplication.make(configuration, context: parts.hubContext)
        return HubShop(
            server: parts.server, hub: hub,
            transport: .listening(try await HubServer.start(hub, configuration: configuration)), folder: parts.folder,
            clock: parts.clock, database: parts.database, context: parts.context)
    }

    /// What both ways share: the sandbox, the synced database, the contexts and the hub's configuration.
    private static func prepare(
        location: String?, squareToken: Bool, webhook: (notificationURL: String, signatureKey: String)?,
        liveClock: Bool
    ) async throws -> (
        parts: (
            server: SandboxServer, folder: URL, clock: TestClock, database: CatalogDatabase, context: AppContext,
            hubContext: AppContext
        ),
        configuration: HubConfiguration
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clock = TestClock()
        let time: any CatalogClock = liveClock ? SystemClock() : clock
        // Square's clock reads an hour past the hub's, so what the hub stamps, as a test moves its clock on, is
        // within Square's 24 hours and never in Square's future.
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: token, seed: .demo,
                clockOffset: SandboxConfiguration.clockOffset(
                    makingNow: Timestamp(seconds: time.now().seconds + 3600).rfc3339)))
        let path = folder.appendingPathComponent("catalog.sqlite").path
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
        let configuration = HubConfiguration(
            host: "127.0.0.1", port: 0, location: location, syncInterval: nil, webhook: webhook, syncOnStart: false)
        return ((server, folder, clock, database, context, hubContext), configuration)
    }

    /// Runs `body` with a second hub over the same database, as after `catalog serve` is restarted: what the
    /// hub kept in its database is all it knows (the first stays as it was, for the test to compare).
    func restarted(
        location: String? = "High Street", wedge: (minimumLength: Int, maximumGapMs: Int) = (6, 25),
        _ body: @Sendable (HubShop) async throws -> Void
    ) async throws {
        let configuration = HubConfiguration(
            host: "127.0.0.1", port: 0, location: location, syncInterval: nil, syncOnStart: false, wedge: wedge)
        let again = try await HubApplication.make(configuration, context: context)
        try await Application(responder: again.responder).test(.router) { client in
            try await body(
                HubShop(
                    server: server, hub: again, transport: .inMemory(client), folder: folder, clock: clock,
                    database: database, context: context))
        }
    }

    /// A new pairing code, as `catalog devices pair` makes one (`--role counter` unless said).
    func pairingCode(role: Role = .counter) async throws -> String {
        try await DeviceKeys.makePairingCode(in: database, now: database.clock.now(), role: role)
    }

    /// Pairs a device named `name` through the API as `role`: its token and CSRF token. A manager unless said,
    /// so a test about something else may make any change (HubRolesTests pairs counters).
    func pair(_ name: String = "Till 1", role: Role = .manager) async throws -> Device {
        let answer = try await request(
            "POST", "/api/v1/pair",
            body: ["code": .string(try await pairingCode(role: role)), "device_name": .string(name)])
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
        var headers = ["Accept": accept]
        if let device { headers["Authorization"] = "Bearer \(device.token)" }
        if let cookie { headers["Cookie"] = "catalog_device=\(cookie)" }
        if let csrf = csrf ?? device?.csrf { headers["X-CSRF-Token"] = csrf }
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await send(method, path, headers: headers, body: body.map { [UInt8]($0.jsonData) }, seconds: seconds)
    }

    /// `method path` with exactly `headers` and `body` (a body that is not JSON, say), answered within
    /// `seconds` (an answer that never ends, such as an event stream the hub should have refused, fails the
    /// test instead of holding it).
    func send(
        _ method: String, _ path: String, headers: [String: String], body: [UInt8]?, seconds: Int = 30
    ) async throws -> Answer {
        try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask {
                switch transport {
                case .listening(let server):
                    try await Self.overHTTP(method, server.baseURL.absoluteString + path, headers: headers, body: body)
                case .inMemory(let client):
                    try await Self.inMemory(client, method, path, headers: headers, body: body)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw HubTestError("\(method) \(path) was not answered within \(seconds) seconds")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private static func overHTTP(_ method: String, _ url: String, headers: [String: String], body: [UInt8]?)
        async throws -> Answer
    {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return Answer(status: http.statusCode, headers: fields, bytes: [UInt8](data))
    }

    private static func inMemory(
        _ client: any TestClientProtocol, _ method: String, _ path: String, headers: [String: String],
        body: [UInt8]?
    ) async throws -> Answer {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPFields.Element.Name(name)!] = value }
        let answer = try await client.execute(
            uri: path, method: HTTPRequest.Method(method)!, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        var named: [String: String] = [:]
        for field in answer.headers { named[field.name.rawName] = field.value }
        return Answer(status: Int(answer.status.code), headers: named, bytes: Array(answer.body.readableBytesView))
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
        if case .listening(let hub) = transport { await hub.stop() }
        await Self.removing(server, folder)
    }

    /// Stops the sandbox and removes the shop's folder.
    private static func removing(_ server: SandboxServer, _ folder: URL) async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

struct HubTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
