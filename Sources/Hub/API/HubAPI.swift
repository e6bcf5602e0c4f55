import CatalogApp
import CatalogCore
import Hummingbird

/// The JSON API under `/api/v1` that the hub's pages and remote counters use (docs/api.md).
enum HubAPI {
    /// Every API route.
    static func add(to router: Router<HubRequestContext>, services: HubServices) {
        addLookup(to: router, services: services)
        addScans(to: router, services: services)
        addPairing(to: router, services: services)
        addSync(to: router, services: services)
        addReorder(to: router, services: services)
        addLabels(to: router, services: services)
        addStaleTags(to: router, services: services)
        addOutbox(to: router, services: services)
        addCounters(to: router, services: services)
    }

    /// Runs `body`, turning any error into the JSON error a person can act on.
    static func answer(_ body: () async throws -> Response) async -> Response {
        do { return try await body() } catch { return HubResponse.error(error) }
    }

    /// The request's body as a JSON object; a 400 naming the problem otherwise.
    static func object(_ request: Request, context: HubRequestContext) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            throw AppError(
                "The request body is larger than \(context.maxUploadSize / 1024) KB; send one JSON object.",
                exitCode: .usage)
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(buffer.readableBytesView))
        } catch {
            throw AppError(
                "The request body is not JSON (\(error.description)); send one JSON object.", exitCode: .usage)
        }
        guard value.objectValue != nil else {
            throw AppError("The request body must be a JSON object, such as {\"code\": \"…\"}.", exitCode: .usage)
        }
        return value
    }

    /// The path parameter `name` with its %-escapes undone (a SKU may hold a space or a slash).
    static func pathPart(_ context: HubRequestContext, _ name: String) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }

    /// The text field `name` of `body`, nil when absent; a 400 when it is not text.
    static func text(_ body: JSONValue, _ name: String, required: Bool = true) throws -> String? {
        guard let value = body[name], value != .null else {
            if required { throw AppError("The request needs \"\(name)\".", exitCode: .usage) }
            return nil
        }
        guard let text = value.stringValue else {
            throw AppError("\"\(name)\" must be text, such as \"\(name)\": \"…\".", exitCode: .usage)
        }
        return text
    }
}
