import CatalogCore
import Foundation
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
    private let task: Task<Void, Never>
    private let closeListener: @Sendable () async -> Void
    private let webhooks: WebhookSender?

    private init(
        port: Int, engine: SandboxEngine, task: Task<Void, Never>, closeListener: @escaping @Sendable () async -> Void,
        webhooks: WebhookSender?
    ) {
        self.port = port
        self.engine = engine
        self.task = task
        self.closeListener = closeListener
        self.webhooks = webhooks
    }

    /// `http://127.0.0.1:PORT`, the base URL to give a Square client.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Loads or seeds the account, starts listening and returns once the port is open.
    public static func start(_ configuration: SandboxConfiguration) async throws -> SandboxServer {
        let state: CatalogState
        if let dataFile = configuration.dataFile, let loaded = try DataFile.load(from: dataFile) {
            state = loaded
        } else {
            state = Seeder.state(for: configuration.seed, nowMs: Int64(Date().timeIntervalSince1970 * 1000))
            if let dataFile = configuration.dataFile { try DataFile.save(state, to: dataFile) }
        }
        let engine = SandboxEngine(state: state, faults: configuration.faults, dataFile: configuration.dataFile)
        let webhooks = try Self.webhookSender(configuration)
        let exchange = ExchangeHandler(
            engine: engine, token: configuration.token, onExchange: configuration.onExchange, webhooks: webhooks)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await exchange.respond(to: request)
        }
        var logger = Logger(label: "catalog.sandbox")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Result<(port: Int, close: @Sendable () async -> Void), any Error>>
            .makeStream()
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(.success((channel.localAddress?.port ?? 0, { try? await channel.close().get() })))
            },
            logger: logger
        )
        let task = Task {
            do { try await app.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await result in ports {
            switch result {
            case .success(let listening):
                return SandboxServer(
                    port: listening.port, engine: engine, task: task, closeListener: listening.close,
                    webhooks: webhooks)
            case .failure(let error):
                await webhooks?.finish()
                throw SandboxError.notListening(reason: "\(error)")
            }
        }
        await webhooks?.finish()
        throw SandboxError.notListening(reason: "the server stopped before it was listening")
    }

    /// The event sender the configuration asks for: both a webhook URL and a key, or neither.
    private static func webhookSender(_ configuration: SandboxConfiguration) throws -> WebhookSender? {
        switch (configuration.webhookURL, configuration.signatureKey) {
        case (nil, nil): return nil
        case (let url?, let key?):
            guard !key.isEmpty, let sender = WebhookSender(url: url, key: key) else {
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
        // Stop listening first and give the accept loop a moment to take what it had accepted: cancelling a
        // server that holds an accepted connection it has not served yet traps in SwiftNIO
        // ("Deinited NIOAsyncWriter without calling finish()").
        await closeListener()
        try? await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await task.value
        await webhooks?.finish()
    }
}
