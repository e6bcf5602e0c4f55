import CatalogApp
import CatalogCore
import Hummingbird

/// Every change the API is asked for, done at most once, and no bigger than the hub reads: a changing
/// request (POST, PUT, PATCH, DELETE under `/api/`) whose body is over `maxUploadSize` is answered 413
/// before any route reads it, and one from a paired device with an `Idempotency-Key` header is done once
/// per device and key (`RequestLedger`): the same key again within 24 hours gets the first answer (status
/// and body, with `repeated: true`) and changes nothing; the same key for another route is refused (422).
/// An answer of 400 or more is not kept (it changed nothing; the change may be tried again). Pairing
/// (no device yet) and the event stream (a GET) are not changes.
struct ChangesOnce: RouterMiddleware {
    typealias Context = HubRequestContext

    /// The header a device names one change by (any text of 1 to 100 characters, such as a UUID).
    static let header = "Idempotency-Key"

    let ledger: RequestLedger

    /// Whether `request` asks the API for a change.
    static func isChange(_ request: Request) -> Bool {
        [.post, .put, .patch, .delete].contains(request.method) && request.uri.path.hasPrefix("/api/")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isChange(request) else { return try await next(request, context) }
        var request = request
        do {
            request.body = RequestBody(buffer: try await request.body.collect(upTo: context.maxUploadSize))
        } catch {
            return HubResponse.error(Self.tooLarge(context), status: .contentTooLarge)
        }
        guard let key = request.headers[named: Self.header], let device = context.device else {
            return try await next(request, context)
        }
        var first: Response?
        do {
            let answer = try await ledger.once(
                id: key, scope: "device \(device.id): ", route: "\(request.method) \(request.uri.path)",
                field: "The Idempotency-Key header"
            ) {
                let response = try await next(request, context)
                first = response
                // An error changed nothing: it is answered as it is, and not kept.
                guard response.status.code < 400 else { throw Unkept() }
                let collected = PageCompression.Collected()
                try await response.body.write(collected)
                first?.body = ResponseBody(byteBuffer: ByteBuffer(bytes: collected.bytes))
                return (response.status.code, (try? JSONValue.parse(collected.bytes)) ?? .null)
            }
            if let first { return first }
            return HubResponse.json(answer.answer, status: .init(code: answer.status))
        } catch is Unkept {
            return first ?? HubResponse.error("The request could not be answered.", status: .internalServerError)
        } catch {
            return HubResponse.error(HubAPI.staffError(error))
        }
    }

    /// What a body over `maxUploadSize` is told.
    static func tooLarge(_ context: Context) -> String {
        "The request body is larger than the hub takes (\(context.maxUploadSize / 1024) KB); nothing was changed."
    }

    /// Thrown for an answer that is not kept.
    private struct Unkept: Error {}
}
