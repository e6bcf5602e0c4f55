import CatalogApp
import CatalogCore
import Foundation
import HTTPServing
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Logging
import Store
import Webhooks

/// `catalog serve`: the shop's hub. One process on one machine in the shop keeps the replica current and
/// the shop's shared lists in its SQLite file, and serves the counter screen, the back office and the API
/// to paired devices on the shop's network.
public final class HubServer: Sendable {
    public let host: String
    public let port: Int
    /// Whether the hub speaks HTTPS.
    public let secure: Bool
    /// The hub's event stream (scans, syncs, pairings).
    public let events: HubEvents
    /// The hub's counters.
    public let desk: ScanDesk
    /// The hub's sync.
    public let sync: HubSync
    /// Every route the hub answers, as `METHOD /path` (`GET /api/v1/variations/{code}`), HEAD beside each GET.
    public let routes: [String]
    let database: CatalogDatabase
    private let running: RunningServer
    private let periodic: Task<Void, Never>?
    /// The hub's chores in the background: applying staged price plans when their time comes, following the
    /// print queue's jobs.
    private let chores: [Task<Void, Never>]
    /// The TLS served (its renewal runs while the hub does).
    private let served: ServedTLS?
    /// Where other devices reach the hub and the CA they trust.
    public let trust: HubTrust

    private init(
        host: String, running: RunningServer, application: HubApplication, periodic: Task<Void, Never>?,
        chores: [Task<Void, Never>], served: ServedTLS?, trust: HubTrust
    ) {
        self.chores = chores
        self.served = served
        self.trust = trust
        self.host = host
        self.port = running.port
        self.secure = application.services.secure
        self.events = application.events
        self.desk = application.desk
        self.sync = application.sync
        self.routes = application.routes
        self.database = application.services.database
        self.running = running
        self.periodic = periodic
    }

    /// `http://HOST:PORT` (https with TLS).
    public var baseURL: URL {
        RunningServer.address(scheme: secure ? "https" : "http", host: host, port: port)
    }

    /// A one-time sign-in address for a screen on this machine: the pairing page with a new code.
    ///
    /// When the hub listens on every address (0.0.0.0 or ::), the address is the loopback one: a browser
    /// cannot open 0.0.0.0, and this computer reaches itself there.
    public func signInURL() async throws -> URL {
        // Printed only where the hub was started, to whoever started it: the screen it pairs is a manager's.
        let code = try await DeviceKeys.makePairingCode(in: database, now: database.clock.now(), role: .manager)
        let local = ["0.0.0.0", "::", ""].contains(host) ? (host == "::" ? "[::1]" : "127.0.0.1") : nil
        let base =
            local.map { RunningServer.address(scheme: secure ? "https" : "http", host: $0, port: port) } ?? baseURL
        return base.appending(path: "pair").appending(queryItems: [URLQueryItem(name: "code", value: code)])
    }

    /// Starts the hub over `context` and returns once it listens; syncs at start and then as configured.
    public static func start(_ configuration: HubConfiguration, context: AppContext) async throws -> HubServer {
        try await start(try await HubApplication.make(configuration, context: context), configuration: configuration)
    }

    /// Starts serving `application` where `configuration` says and returns once it listens; syncs at start
    /// and then as configured.
    public static func start(_ application: HubApplication, configuration: HubConfiguration) async throws
        -> HubServer
    {
        var serverLogger = Logger(label: "catalog.hub.server")
        serverLogger.logLevel = .critical
        let served = try configuration.tls.map { try ServedTLS.make($0, listening: configuration.host) }
        // HTTP/2 where the client offers it (ALPN), HTTP/1.1 otherwise.
        let server: HTTPServerBuilder =
            try served.map { try .http2Upgrade(tlsConfiguration: $0.configuration) } ?? .http1()
        let databasePath = application.services.context.settings.databasePath
        let trust = TrustHolder(
            HubTrust(url: "", caPEM: served?.caPEM, caSHA256: served.flatMap { HubLink.fingerprint(pem: $0.caPEM) }))
        let running: RunningServer
        do {
            running = try await RunningServer.start(
                responder: TransportResponder(
                    inner: application.responder, trust: trust, insecureHTTP: configuration.insecureHTTP),
                server: server, host: configuration.host, port: configuration.port, logger: serverLogger)
        } catch is RunningServer.StoppedBeforeListening {
            throw AppError("The hub stopped before it was listening.", exitCode: .unavailable)
        } catch {
            throw listenError(error, configuration: configuration)
        }
        // Where other devices reach the hub, kept beside the database for `catalog devices pair`.
        let reachable =
            ["0.0.0.0", "::", ""].contains(configuration.host) ? MachineNames.current().reachable : configuration.host
        let published = trust.value.withLock { trust in
            trust.url =
                RunningServer.address(scheme: served == nil ? "http" : "https", host: reachable, port: running.port)
                .absoluteString
            return trust
        }
        do {
            try published.save(databasePath: databasePath)
        } catch {
            await running.stop()
            throw error
        }
        let services = application.services
        // The search is warmed after the sync at start, or at once when there is none (`SearchWarmer`).
        if configuration.syncOnStart && services.sync.unavailable == nil {
            await services.sync.request("the hub started")
        } else {
            await services.sync.warmer.warm()
        }
        let periodic = configuration.syncInterval.map { services.sync.every($0) }
        return HubServer(
            host: configuration.host, running: running, application: application, periodic: periodic,
            chores: [
                HubPlans.every(configuration.planCheck, services: services),
                HubPrintQueue.every(configuration.printCheck, services: services),
            ], served: served, trust: published)
    }

    /// Why the hub cannot listen where `configuration` says, in words that point at the cause: the port taken
    /// (another catalog serve, or another program), a port that needs root, or an address this computer
    /// does not have.
    static func listenError(_ error: any Error, configuration: HubConfiguration) -> AppError {
        let text = "\(error)".lowercased()
        let place = "\(configuration.host):\(configuration.port)"
        let reason: String
        if text.contains("in use") {
            reason =
                "the port is in use. Is another catalog serve (or another program) running there? Choose another "
                + "port with --listen ADDRESS:PORT (8080 is usual)."
        } else if text.contains("ermission") || text.contains("access") {
            reason = "permission denied. Ports below 1024 need root: choose one above, such as 8080."
        } else if text.contains("assign requested address") || text.contains("not available")
            || text.contains("unknown host") || text.contains("not known")
        {
            reason =
                "\(configuration.host) is not an address of this computer. Give one of its own addresses, or "
                + "0.0.0.0 for all of them (ip -brief address lists them)."
        } else {
            reason = "\(Terminal.visible("\(error)")). Check the address and port given to --listen."
        }
        return AppError("The hub cannot listen on \(place): \(reason)", exitCode: .unavailable)
    }

    /// Stops listening and the periodic sync, and waits until the server has shut down.
    public func stop() async {
        periodic?.cancel()
        for chore in chores { chore.cancel() }
        await sync.warmer.cancel()
        await events.close()
        await running.stop()
    }

    /// Square's webhooks at `POST /webhooks/square`, checked by the webhook listener's receiver, each asking
    /// the hub's sync for a run. The stock counts an inventory event stores go to open pages as a `stock` event.
    static func addWebhook(
        to router: Router<HubRequestContext>, webhook: (notificationURL: String, signatureKey: String),
        services: HubServices
    ) {
        let coalescer = SyncCoalescer(logger: HubLog.logger) { await services.sync.request("a Square webhook") }
        let events = services.events
        let receiver = WebhookReceiver(
            notificationURL: webhook.notificationURL, signatureKey: webhook.signatureKey, coalescer: coalescer,
            rememberedEventIDs: 10_000, database: services.database, logger: HubLog.logger
        ) { counts in
            await events.publish("stock", ["counts": .array(counts.map(\.json))])
        }
        router.post("/webhooks/square") { request, _ in
            try await WebhookListener.respond(to: request, receiver: receiver, limit: 1 << 20)
        }
    }
}
