import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server running in a task of its own: started by `start`, which returns once it listens, and
/// ended by `stop`. The sandbox, the webhook listener and the hub each run one.
public final class RunningServer: Sendable {
    /// The TCP port the server listens on (the one the system chose when asked for port 0).
    public let port: Int
    private let task: Task<Void, Never>
    private let group: ServiceGroup

    /// How long `stop` lets open connections finish (an event stream never does) before it cancels them.
    static let gracePeriod: Duration = .seconds(2)

    private init(port: Int, task: Task<Void, Never>, group: ServiceGroup) {
        self.port = port
        self.task = task
        self.group = group
    }

    /// Starts serving `responder` on `host:port` (port 0 for any free one) and returns once it listens.
    ///
    /// Throws what kept the server from listening (the port taken, an address this computer does not have),
    /// or `RunningServer.StoppedBeforeListening` when it ended without saying why.
    public static func start<Responder: HTTPResponder>(
        responder: Responder, server: HTTPServerBuilder = .http1(), host: String, port: Int, logger: Logger
    ) async throws -> RunningServer
    where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, continuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let app = Application(
            responder: responder, server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in continuation.yield(.success(channel.localAddress?.port ?? 0)) },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            do { try await group.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await result in ports {
            switch result {
            case .success(let port):
                return RunningServer(port: port, task: task, group: group)
            case .failure(let error):
                throw error
            }
        }
        throw StoppedBeforeListening()
    }

    /// Stops listening and waits until the server has shut down.
    ///
    /// The shutdown is graceful: the server stops accepting, serves every connection it has accepted and
    /// closes the idle ones. Cancelling a server that holds an accepted connection it has not served yet
    /// traps in SwiftNIO ("Deinited NIOAsyncWriter without calling finish()"), which a loaded machine hit
    /// with the earlier close-then-cancel. Connections still open after `gracePeriod` (an event stream)
    /// are cancelled.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let task = self.task
        await withTaskGroup(of: Bool.self) { waiting in
            waiting.addTask {
                await task.value
                return true
            }
            waiting.addTask {
                try? await Task.sleep(for: Self.gracePeriod)
                return false
            }
            if await waiting.next() == false { task.cancel() }
            waiting.cancelAll()
        }
    }

    /// The server ended before it listened, without an error to say why.
    public struct StoppedBeforeListening: Error, CustomStringConvertible {
        public var description: String { "the server stopped before it was listening" }
    }
}
