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
    private let engine: SandboxEngine
    private let task: Task<Void, Never>

    private init(port: Int, engine: SandboxEngine, task: Task<Void, Never>) {
        self.port = port
        self.engine = engine
        self.task = task
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
        let exchange = ExchangeHandler(
            engine: engine, token: configuration.token, onExchange: configuration.onExchange)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await exchange.respond(to: request)
        }
        var logger = Logger(label: "catalog.sandbox")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { channel in continuation.yield(.success(channel.localAddress?.port ?? 0)) },
            logger: logger
        )
        let task = Task {
            do { try await app.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await result in ports {
            switch result {
            case .success(let port): return SandboxServer(port: port, engine: engine, task: task)
            case .failure(let error): throw SandboxError.notListening(reason: "\(error)")
            }
        }
        throw SandboxError.notListening(reason: "the server stopped before it was listening")
    }

    /// Replaces the fault plan while the server runs; its counters start again from zero.
    public func setFaults(_ faults: SandboxFaults) async {
        await engine.setFaults(faults)
    }

    /// Stops listening and waits until the server has shut down.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
