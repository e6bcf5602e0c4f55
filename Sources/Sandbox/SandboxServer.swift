import CatalogCore
import Foundation
import HTTPServing
import Hummingbird
import Logging

/// A local Square-compatible catalog server on 127.0.0.1, for tests and demos.
///
/// It keeps Square's rules for versions, tombstones, cursors and idempotency, and can inject
/// faults (errors, rate limits, latency, dropped connections) into any endpoint.
public final class SandboxServer: Sendable {
    /// The TCP port the server listens on.
    public let port: Int
    /// Internal so tests can hold the write slot themselves.
    let engine: SandboxEngine
    private let running: RunningServer
    private let webhooks: WebhookSender?

    private init(engine: SandboxEngine, running: RunningServer, webhooks: WebhookSender?) {
        self.port = running.port
        self.engine = engine
        self.running = running
        self.webhooks = webhooks
    }

    /// `http://127.0.0.1:PORT`, the base URL to give a Square client.
    public var baseURL: URL { RunningServer.address(scheme: "http", host: "127.0.0.1", port: port) }

    /// Loads or seeds the account, starts listening and returns once the port is open.
    public static func start(_ configuration: SandboxConfiguration) async throws -> SandboxServer {
        let clock = SandboxClock(offsetSeconds: configuration.clockOffset)
        let state: CatalogState
        if let dataFile = configuration.dataFile, let loaded = try DataFile.load(from: dataFile) {
            state = loaded
        } else {
            state = Seeder.state(for: configuration.seed, nowMs: clock.nowMs())
            if let dataFile = configuration.dataFile { try DataFile.save(state, to: dataFile) }
        }
        let engine = SandboxEngine(
            state: state, faults: configuration.faults, dataFile: configuration.dataFile, clock: clock)
        let webhooks = try Self.webhookSender(configuration)
        let exchange = ExchangeHandler(
            engine: engine, token: configuration.token, onExchange: configuration.onExchange, webhooks: webhooks)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await exchange.respond(to: request)
        }
        var logger = Logger(label: "catalog.sandbox")
        logger.logLevel = .critical
        do {
            let running = try await RunningServer.start(
                responder: responder, host: "127.0.0.1", port: configuration.port, logger: logger)
            return SandboxServer(engine: engine, running: running, webhooks: webhooks)
        } catch {
            await webhooks?.finish()
            throw SandboxError.notListening(reason: "\(error)")
        }
    }

    /// The event sender the configuration asks for: both a webhook URL and a key, or neither.
    private static func webhookSender(_ configuration: SandboxConfiguration) throws -> WebhookSender? {
        switch (configuration.webhookURL, configuration.signatureKey) {
        case (nil, nil): return nil
        case (let url?, let key?):
            guard !key.isEmpty, let sender = WebhookSender(url: url, key: key, clockOffset: configuration.clockOffset)
            else {
                throw SandboxError.badWebhook(url)
            }
            return sender
        default: throw SandboxError.badWebhook(configuration.webhookURL ?? "")
        }
    }

    /// Marks a variation sold out (or in stock again) at a location, the one thing about a variation only
    /// Square sets (`location_overrides[].sold_out`); clients' upserts cannot. Answers
    /// false when no live variation has that id.
    @discardableResult
    public func setSoldOut(variationID: String, locationID: String, soldOut: Bool = true) async -> Bool {
        await engine.setSoldOut(variationID: variationID, locationID: locationID, soldOut: soldOut)
    }

    /// Replaces the fault plan while the server runs; its counters start again from zero.
    public func setFaults(_ faults: SandboxFaults) async {
        await engine.setFaults(faults)
    }

    /// Stops listening and waits until the server has shut down.
    public func stop() async {
        await running.stop()
        await webhooks?.finish()
    }
}
