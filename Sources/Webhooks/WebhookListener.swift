import Foundation
import Hummingbird
import Logging
import Store
import Sync

/// An HTTP server that receives Square's webhook deliveries and turns them into coalesced syncs.
///
/// It answers POST on any path (a reverse proxy may rewrite the path; the signature is checked
/// against the configured notification URL, not the path that arrived). Other methods get 405.
/// Every answer goes out at once: a sync runs in the background through the `SyncCoalescer`.
public final class WebhookListener: Sendable {
    /// The TCP port the listener is bound to.
    public let port: Int
    /// The address it listens on.
    public let host: String
    /// The receiver that judges each delivery (and counts verdicts).
    public let receiver: WebhookReceiver
    private let task: Task<Void, Never>
    private let closeListener: @Sendable () async -> Void

    private init(
        host: String, port: Int, receiver: WebhookReceiver, task: Task<Void, Never>,
        closeListener: @escaping @Sendable () async -> Void
    ) {
        self.host = host
        self.port = port
        self.receiver = receiver
        self.task = task
        self.closeListener = closeListener
    }

    /// `http://HOST:PORT`, where the listener can be reached directly.
    public var baseURL: URL { URL(string: "http://\(host):\(port)")! }

    /// Starts listening and returns once the port is open; events ask `coalescer` for syncs, and inventory
    /// events' counts go straight into `database` when one is given.
    public static func start(
        _ configuration: WebhookListenerConfiguration, coalescer: SyncCoalescer, database: CatalogDatabase? = nil,
        logger: Logger = WebhookLog.standardError(label: "catalog.webhook")
    ) async throws -> WebhookListener {
        let receiver = WebhookReceiver(
            notificationURL: configuration.notificationURL, signatureKey: configuration.signatureKey,
            coalescer: coalescer, rememberedEventIDs: configuration.rememberedEventIDs, database: database,
            logger: logger)
        let limit = configuration.maxBodyBytes
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await respond(to: request, receiver: receiver, limit: limit)
        }
        var serverLogger = Logger(label: "catalog.webhook.server")
        serverLogger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Result<(port: Int, close: @Sendable () async -> Void), any Error>>
            .makeStream()
        let app = Application(
            responder: responder,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(.success((channel.localAddress?.port ?? 0, { try? await channel.close().get() })))
            },
            logger: serverLogger
        )
        let task = Task {
            do { try await app.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await result in ports {
            switch result {
            case .success(let listening):
                return WebhookListener(
                    host: configuration.host, port: listening.port, receiver: receiver, task: task,
                    closeListener: listening.close)
            case .failure(let error):
                throw WebhookListenerError.notListening(
                    host: configuration.host, port: configuration.port, reason: "\(error)")
            }
        }
        throw WebhookListenerError.notListening(
            host: configuration.host, port: configuration.port, reason: "the server stopped before it was listening")
    }

    /// Stops listening and waits until the server has shut down (a running sync is not waited for).
    public func stop() async {
        // Stop listening first and give the accept loop a moment to take what it had accepted: cancelling a
        // server that holds an accepted connection it has not served yet traps in SwiftNIO
        // ("Deinited NIOAsyncWriter without calling finish()").
        await closeListener()
        try? await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await task.value
    }

    public static func respond(to request: Request, receiver: WebhookReceiver, limit: Int) async throws -> Response {
        guard request.method == .post else {
            var headers = HTTPFields()
            headers[.allow] = "POST"
            return json(405, Array(#"{"error":"use POST"}"#.utf8), headers: headers)
        }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            let reply = await receiver.rejectTooLarge(limit: limit)
            return json(reply.status, reply.body)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            let reply = await receiver.rejectTooLarge(limit: limit)
            return json(reply.status, reply.body)
        }
        let signature = request.headers[.init(WebhookSignature.headerName)!]
        let reply = await receiver.receive(signature: signature, body: Array(body.readableBytesView))
        return json(reply.status, reply.body)
    }

    private static func json(_ status: Int, _ bytes: [UInt8], headers: HTTPFields = HTTPFields()) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
