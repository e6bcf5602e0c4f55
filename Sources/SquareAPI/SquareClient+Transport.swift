import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SquareClient {
    /// The result of one attempt: a parsed 2xx body, or an error and the server's `Retry-After`.
    private enum Attempt {
        case success(JSONValue)
        case failure(SquareError, retryAfter: TimeInterval?)
    }

    /// Sends `request`, retrying retryable failures under the configured policy, and returns the
    /// parsed JSON object of the 2xx answer. Every retry sends the same bytes.
    func perform(_ request: SquareRequest) async throws(SquareError) -> JSONValue {
        let display = request.displayURL(base: configuration.baseURL)
        guard let urlRequest = request.urlRequest(configuration: configuration) else {
            throw SquareError(kind: .unreachable, url: display, reason: "the base URL is not valid")
        }
        let policy = configuration.retry
        var attempts = 0
        while true {
            if Task.isCancelled { throw SquareError(kind: .cancelled, url: display, attempts: attempts) }
            attempts += 1
            switch await attempt(urlRequest, display: display) {
            case .success(let body):
                return body
            case .failure(let error, let retryAfter):
                let error = error.with(attempts: attempts).redacting(configuration.accessToken)
                guard error.isRetryable, attempts < max(policy.maxAttempts, 1) else { throw error }
                let delay = policy.delay(beforeRetry: attempts, retryAfter: retryAfter)
                do {
                    try await configuration.clock.sleep(seconds: delay)
                } catch {
                    throw SquareError(kind: .cancelled, url: display, attempts: attempts)
                }
            }
        }
    }

    /// One HTTP exchange, classified.
    private func attempt(_ request: URLRequest, display: String) async -> Attempt {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(request)
        } catch {
            let failure = Self.transportError(error, url: display, timeout: configuration.requestTimeout)
            return .failure(failure, retryAfter: nil)
        }
        guard let http = response as? HTTPURLResponse else {
            let failure = SquareError(kind: .badResponse, url: display, reason: "not an HTTP answer")
            return .failure(failure, retryAfter: nil)
        }
        let body = try? JSONValue.parse(data)
        if (200...299).contains(http.statusCode) {
            guard let body, body.objectValue != nil else {
                let reason = "HTTP \(http.statusCode) with \(data.count) bytes that are not a JSON object"
                return .failure(SquareError(kind: .badResponse, url: display, reason: reason), retryAfter: nil)
            }
            // Square echoes Square-Version on every success; an answer without it came from something
            // else (a wrong base URL, a proxy's page) and says nothing about whether a write happened.
            guard http.value(forHTTPHeaderField: "Square-Version") != nil else {
                let reason = "HTTP \(http.statusCode) without the Square-Version header Square always sends"
                return .failure(SquareError(kind: .badResponse, url: display, reason: reason), retryAfter: nil)
            }
            return .success(body)
        }
        let retryAfter = RetryPolicy.retryAfterSeconds(
            http.value(forHTTPHeaderField: "Retry-After"), now: configuration.clock.now())
        let error = SquareError(
            kind: .api(status: http.statusCode), url: display, errors: SquareAPIError.list(in: body))
        return .failure(error, retryAfter: retryAfter)
    }

    /// Runs the HTTP exchange under the configured timeout, to the millisecond.
    ///
    /// URLSession on Linux counts its timeout in whole seconds (0.5 s becomes 0, an instant
    /// failure), so its own timer is set a little later and this race enforces the real limit.
    private func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let limit = configuration.requestTimeout
        let clock = configuration.clock
        let session = self.session
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await clock.sleep(seconds: min(limit, 86_400))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else { throw URLError(.timedOut) }
            return answer
        }
    }

    /// Maps a URLSession failure to a `SquareError` with a short cause a person understands.
    static func transportError(_ error: any Error, url: String, timeout: TimeInterval) -> SquareError {
        if error is CancellationError || Task.isCancelled {
            return SquareError(kind: .cancelled, url: url)
        }
        guard let urlError = error as? URLError else {
            return SquareError(kind: .unreachable, url: url, reason: String(describing: type(of: error)))
        }
        let reason: String
        switch urlError.code {
        case .cancelled:
            return SquareError(kind: .cancelled, url: url)
        case .timedOut:
            return SquareError(kind: .timedOut, url: url, reason: "no answer within \(formatSeconds(timeout))")
        case .cannotConnectToHost: reason = "connection refused"
        case .networkConnectionLost: reason = "the connection was dropped"
        case .cannotFindHost, .dnsLookupFailed: reason = "host not found"
        case .notConnectedToInternet: reason = "no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            reason = "the TLS handshake failed"
        case .badServerResponse, .cannotParseResponse: reason = "the answer was not valid HTTP"
        case .unsupportedURL, .badURL: reason = "the URL is not supported"
        default: reason = "network error \(urlError.code.rawValue)"
        }
        return SquareError(kind: .unreachable, url: url, reason: reason)
    }

    private static func formatSeconds(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}
