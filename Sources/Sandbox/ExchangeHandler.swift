import CatalogCore
import HTTPServing
import Hummingbird

/// Turns one HTTP request into one response: faults, auth, the Square-Version header, then the engine.
struct ExchangeHandler: Sendable {
    let engine: SandboxEngine
    let token: String
    let onExchange: (@Sendable (SandboxExchange) -> Void)?
    /// Announces committed writes, when the sandbox was given a webhook URL and key.
    var webhooks: WebhookSender?

    static let defaultVersion = "2025-08-20"

    /// Thrown by a dropped response's body writer so the connection closes part way.
    struct DroppedConnection: Error {}

    func respond(to incoming: Request) async throws -> Response {
        var incoming = incoming
        let buffer = try await incoming.collectBody(upTo: 64 << 20)
        let request = SandboxRequest(
            method: incoming.method.rawValue, path: incoming.uri.path, rawQuery: incoming.uri.query ?? "",
            body: Array(buffer.readableBytesView))
        let sentVersion = incoming.headers[named: "Square-Version"]
        let decision = await engine.decideFaults()
        if decision.foreign {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        var reply: SandboxReply?
        if decision.rateLimit {
            reply = SandboxReply(.rateLimited)
        } else if decision.fail {
            reply = SandboxReply(APIError(500, "API_ERROR", "INTERNAL_SERVER_ERROR", "An internal error occurred."))
        } else if incoming.headers[.authorization] != "Bearer \(token)" {
            reply = SandboxReply(
                APIError(401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "The Authorization header is missing or wrong."))
        } else if let sentVersion, !Self.isVersion(sentVersion) {
            reply = SandboxReply(
                .invalid("INVALID_SQUARE_VERSION_FORMAT", "Square-Version must look like YYYY-MM-DD."))
        }
        var holdsWrite = false
        if reply == nil, SandboxEngine.isWrite(method: request.method, path: request.path) {
            holdsWrite = await engine.beginWrite()
            if !holdsWrite {
                reply = SandboxReply(
                    APIError(429, "RATE_LIMIT_ERROR", "RATE_LIMITED", "Another write is in progress. Retry later."))
            }
        }
        if decision.latencyMs > 0 { try? await Task.sleep(for: .milliseconds(decision.latencyMs)) }
        let answer: SandboxReply
        if let reply {
            answer = reply
        } else {
            let handled = await engine.handleNotingWrite(request)
            answer = handled.reply
            if let committedAt = handled.committedAt { webhooks?.notify(updatedAt: committedAt) }
            if !handled.changedCounts.isEmpty { webhooks?.notify(countGroups: handled.changedCounts) }
        }
        if holdsWrite { await engine.endWrite() }
        onExchange?(
            SandboxExchange(
                method: request.method, path: request.path, query: request.rawQuery, requestBody: request.body,
                status: answer.status, responseBody: answer.body))
        return response(answer, version: sentVersion ?? Self.defaultVersion, drop: decision.drop)
    }

    private func response(_ reply: SandboxReply, version: String, drop: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[named: "Square-Version"] = version
        if reply.retryAfter { headers[.retryAfter] = "1" }
        let bytes = reply.body
        let body: ResponseBody
        if drop {
            body = ResponseBody(contentLength: bytes.count + 1) { writer in
                try await writer.write(ByteBuffer(bytes: bytes.prefix(bytes.count / 2)))
                try await Task.sleep(for: .milliseconds(20))
                throw DroppedConnection()
            }
        } else {
            body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        }
        return Response(status: HTTPResponse.Status(code: reply.status), headers: headers, body: body)
    }

    static func isVersion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == 45 else { return false }
            } else {
                guard (48...57).contains(byte) else { return false }
            }
        }
        return true
    }
}
