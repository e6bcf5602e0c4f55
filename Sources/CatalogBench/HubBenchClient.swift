import CatalogApp
import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A paired program talking to the hub under test over HTTP: its bearer token and CSRF token.
struct HubBenchClient: Sendable {
    let base: URL
    let token: String
    let csrf: String
    let session: URLSession

    struct Answer {
        var status: Int
        var data: Data
        var headers: [String: String]
        var json: JSONValue { (try? JSONValue.parse(Array(data))) ?? .null }
        /// The hub's own time for the request, from its Server-Timing header, in milliseconds.
        var serverMilliseconds: Double? { serverTiming("app") }

        /// The duration of the Server-Timing metric `name` (`app`, `db`, `dbwait`), in milliseconds.
        func serverTiming(_ name: String) -> Double? {
            guard let header = headers.first(where: { $0.key.lowercased() == "server-timing" })?.value else {
                return nil
            }
            for metric in header.split(separator: ",") {
                let parts = metric.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.first == name, let duration = parts.first(where: { $0.hasPrefix("dur=") }) else { continue }
                return Double(duration.dropFirst(4))
            }
            return nil
        }
    }

    /// Pairs with a code made by `catalog devices pair --json` on the hub's database.
    /// `connections` is how many requests may be open at once (one per simulated screen or counter), each
    /// given up after `timeout` seconds.
    static func pair(base: URL, database: String, name: String, connections: Int = 16, timeout: Double = 30)
        async throws -> HubBenchClient
    {
        let made = Process()
        made.executableURL = URL(fileURLWithPath: try CatalogBinary.path())
        // A manager's device: the benchmark posts scans for several counters (a counter device may only for its own).
        made.arguments = ["devices", "pair", "--json", "--role", "manager", "--db", database]
        let output = Pipe()
        made.standardOutput = output
        try made.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        made.waitUntilExit()
        guard let code = (try? JSONValue.parse(Array(data)))?["code"]?.stringValue else {
            throw AppError("catalog devices pair gave no code.", exitCode: .internalError)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        let bare = HubBenchClient(base: base, token: "", csrf: "", session: URLSession(configuration: configuration))
        let paired = try await bare.send(
            "POST", "/api/v1/pair", body: ["code": .string(code), "device_name": .string(name)])
        guard paired.status == 201, let token = paired.json["token"]?.stringValue,
            let csrf = paired.json["csrf_token"]?.stringValue
        else { throw AppError("The hub did not pair the benchmark: HTTP \(paired.status).", exitCode: .internalError) }
        return HubBenchClient(base: base, token: token, csrf: csrf, session: bare.session)
    }

    /// One request; `accept` names what is wanted back.
    func send(
        _ method: String, _ path: String, body: JSONValue? = nil, accept: String = "application/json",
        raw: [UInt8]? = nil, headers extra: [String: String] = [:]
    ) async throws -> Answer {
        guard let url = URL(string: base.absoluteString + path) else {
            throw AppError("“\(base.absoluteString + path)” is not a URL.", exitCode: .internalError)
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if !token.isEmpty {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.setValue(csrf, forHTTPHeaderField: "X-CSRF-Token")
        }
        if let body = raw ?? body?.serializedBytes() {
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in extra { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http?.allHeaderFields ?? [:] { headers["\(key)"] = "\(value)" }
        return Answer(status: http?.statusCode ?? 0, data: data, headers: headers)
    }
}

/// One subscriber to the hub's event stream on a plain socket and a thread of its own (so 20 of them do not
/// wait on each other), noting when each scan's event arrived.
final class EventStreamReader: @unchecked Sendable {
    private let lock = NSLock()
    private var arrivals: [(id: String, at: ContinuousClock.Instant)] = []
    private var descriptor: Int32 = -1
    private var opened = false

    /// Subscribes to `/api/v1/events` at 127.0.0.1:`port` with the bearer `token`.
    init(port: Int, token: String) throws {
        guard let connected = LoopbackSocket.connect(port: port) else {
            throw AppError("Cannot connect to the hub's event stream.", exitCode: .unavailable)
        }
        descriptor = connected
        let request =
            "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Accept: text/event-stream\r\n\r\n"
        guard LoopbackSocket.send(Array(request.utf8), on: descriptor) else {
            throw AppError("The hub closed its event stream at once.", exitCode: .unavailable)
        }
        let thread = Thread { [self] in read() }
        thread.start()
    }

    /// Whether the stream's answer has begun.
    var connected: Bool { lock.withLock { opened } }

    /// The scan ids seen, in order, with when each arrived.
    var seen: [(id: String, at: ContinuousClock.Instant)] { lock.withLock { arrivals } }

    func close() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var pending: [UInt8] = []
        var headersDone = false
        var chunked = false
        var body: [UInt8] = []
        var event = ""
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            let now = ContinuousClock.now
            pending += buffer[0..<count]
            if !headersDone {
                guard let end = LoopbackSocket.find([13, 10, 13, 10], in: pending) else { continue }
                let head = String(decoding: pending[0..<end], as: UTF8.self).lowercased()
                chunked = head.contains("transfer-encoding: chunked")
                pending.removeFirst(end + 4)
                headersDone = true
                lock.withLock { opened = true }
            }
            if chunked {
                // Chunk size line, the chunk, CRLF; only whole chunks are taken.
                while let lineEnd = LoopbackSocket.find([13, 10], in: pending) {
                    let sizeText = String(decoding: pending[0..<lineEnd], as: UTF8.self)
                    guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { break }
                    guard pending.count >= lineEnd + 2 + size + 2 else { break }
                    body += pending[(lineEnd + 2)..<(lineEnd + 2 + size)]
                    pending.removeFirst(lineEnd + 2 + size + 2)
                }
            } else {
                body += pending
                pending.removeAll()
            }
            // Server-Sent Events: lines; a blank line ends an event.
            while let lineEnd = body.firstIndex(of: 10) {
                let line = String(decoding: body[0..<lineEnd], as: UTF8.self)
                body.removeFirst(lineEnd + 1)
                if line.hasPrefix("event: ") {
                    event = String(line.dropFirst(7))
                } else if line.hasPrefix("data: "), event == "scan",
                    let id = (try? JSONValue.parse(Array(line.dropFirst(6).utf8)))?["id"]?.stringValue
                {
                    lock.withLock { arrivals.append((id, now)) }
                } else if line.isEmpty {
                    event = ""
                }
            }
        }
    }
}
