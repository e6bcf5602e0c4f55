import Foundation
import HTTPServing
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
    /// `http://HOST:PORT`, where the listener can be reached directly.
    public let baseURL: URL
    private let running: RunningServer

    private init(host: String, baseURL: URL, receiver: WebhookReceiver, running: RunningServer) {
        self.host = host
        self.port = running.port
        self.baseURL = baseURL
        self.receiver = receiver
        self.running = running
    }

    /// The header Square signs each delivery in; a name that did not parse would leave every delivery
    /// unsigned (refused), never a crash.
    static let signatureHeader = HTTPFields.Element.Name(WebhookSignature.headerName)

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
        do {
            let running = try await RunningServer.start(
                responder: responder, host: configuration.host, port: configuration.port, logger: serverLogger)
            let host = configuration.host
            guard let baseURL = URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(running.port)") else {
                await running.stop()
                throw WebhookListenerError.notListening(
                    host: host, port: running.port, reason: "“\(host)” cannot be the host of a URL")
            }
            return WebhookListener(host: host, baseURL: baseURL, receiver: receiver, running: running)
        } catch let error as WebhookListenerError {
            throw error
        } catch {
            throw WebhookListenerError.notListening(
                host: configuration.host, port: configuration.port, reason: "\(error)")
        }
    }

    /// Stops listening and waits until the server has shut down (a running sync is not waited for).
    public func stop() async {
        await running.stop()
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
        let signature = signatureHeader.flatMap { request.headers[$0] }
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
