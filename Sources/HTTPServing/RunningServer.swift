import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird server running in a task of its own: started by `start`, which returns once it listens, and
/// ended by `stop`. The sandbox, the webhook listener and the hub each run one.
public final class RunningServer: Sendable {
    /// The TCP port the server listens on (the one the system chose when asked for port 0).
    public let port: Int
    private let task: Task<Void, Never>
    private let closeListener: @Sendable () async -> Void

    private init(port: Int, task: Task<Void, Never>, closeListener: @escaping @Sendable () async -> Void) {
        self.port = port
        self.task = task
        self.closeListener = closeListener
    }

    /// Starts serving `responder` on `host:port` (port 0 for any free one) and returns once it listens.
    ///
    /// Throws what kept the server from listening (the port taken, an address this computer does not have),
    /// or `RunningServer.StoppedBeforeListening` when it ended without saying why.
    public static func start<Responder: HTTPResponder>(
        responder: Responder, server: HTTPServerBuilder = .http1(), host: String, port: Int, logger: Logger
    ) async throws -> RunningServer
    where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, continuation) = AsyncStream<Result<(port: Int, close: @Sendable () async -> Void), any Error>>
            .makeStream()
        let app = Application(
            responder: responder, server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(.success((channel.localAddress?.port ?? 0, { try? await channel.close().get() })))
            },
            logger: logger)
        let task = Task {
            do { try await app.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await result in ports {
            switch result {
            case .success(let listening):
                return RunningServer(port: listening.port, task: task, closeListener: listening.close)
            case .failure(let error):
                throw error
            }
        }
        throw StoppedBeforeListening()
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
    }

    /// The server ended before it listened, without an error to say why.
    public struct StoppedBeforeListening: Error, CustomStringConvertible {
        public var description: String { "the server stopped before it was listening" }
    }
}
