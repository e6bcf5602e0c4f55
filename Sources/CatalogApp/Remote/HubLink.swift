import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a remote counter keeps after pairing with a hub: the hub's address, the device token and the CSRF
/// token that goes with it. Kept in `hub.json` beside the configuration file, readable by its owner only,
/// and never printed.
public struct HubLink: Codable, Sendable, Equatable {
    /// The hub's address, such as http://backoffice:8080.
    public var hub: String
    public var token: String
    public var csrfToken: String
    /// The name the hub knows this counter by.
    public var deviceName: String

    enum CodingKeys: String, CodingKey {
        case hub, token
        case csrfToken = "csrf_token"
        case deviceName = "device_name"
    }

    public init(hub: String, token: String, csrfToken: String, deviceName: String) {
        self.hub = hub
        self.token = token
        self.csrfToken = csrfToken
        self.deviceName = deviceName
    }

    /// Where the link is kept: `hub.json` in the configuration file's folder.
    public static func path(settings: Settings) -> String {
        let config = settings.configPath ?? "\(NSHomeDirectory())/.config/catalog/config.yaml"
        return URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("hub.json").path
    }

    /// `text` as a hub address (http or https with a host, no path), or a usage error naming it.
    public static func address(_ text: String) throws -> URL {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
            url.path.isEmpty || url.path == "/", url.query == nil
        else {
            throw AppError(
                "--hub “\(Terminal.echo(text))” is not a hub address; give one like http://backoffice:8080 "
                    + "(what catalog serve printed).", exitCode: .usage)
        }
        return url
    }

    /// The link kept at `path`, or nil when there is none; refuses one others can read.
    public static func load(from path: String) throws -> HubLink? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw AppError(
                "The hub link \(path) has mode \(String(mode & 0o777, radix: 8)); it holds this counter's key to "
                    + "the hub and must be 600. Run: chmod 600 \(path)", exitCode: .configuration)
        }
        guard let data = FileManager.default.contents(atPath: path),
            let link = try? JSONDecoder().decode(HubLink.self, from: data)
        else {
            throw AppError(
                "The hub link \(path) cannot be read. Delete it and pair again with --pair CODE "
                    + "(a code from catalog devices pair on the hub).", exitCode: .configuration)
        }
        return link
    }

    /// Writes the link to `path`, readable by its owner only (the folder is made when missing).
    public func save(to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw AppError("Cannot write the hub link \(temporary).", exitCode: .cannotCreate)
        }
        guard rename(temporary, path) == 0 else {
            throw AppError(
                "Cannot write the hub link \(path): \(String(cString: strerror(errno))).", exitCode: .cannotCreate)
        }
    }
}

/// Talks to a hub (`catalog serve`) over its API for a remote counter.
public struct HubClient: Sendable {
    /// How one post to the hub ended.
    public enum Delivery: Sendable, Equatable {
        /// The hub answered (the scan's JSON, as `catalog scan --json` prints it).
        case answered(JSONValue)
        /// The hub will never take this scan (it says why); later scans go on.
        case refused(String)
        /// The hub could not be reached or asked to try later; the scan waits and is posted again.
        case unreachable(String)
        /// The hub does not know this counter any more (revoked, or the link is stale): pair again.
        case notPaired(String)
    }

    public let hub: URL
    let session: URLSession
    /// How long one request may take.
    let timeout: TimeInterval

    public init(hub: URL, timeout: TimeInterval = 10) {
        self.hub = hub
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// Pairs with the one-time `code` (from `catalog devices pair` on the hub) as `name`.
    public func pair(code: String, name: String) async throws -> HubLink {
        let body: JSONValue = ["code": .string(code), "device_name": .string(name)]
        let (status, answer) = try await exchange("/api/v1/pair", method: "POST", body: body, link: nil)
        guard status == 201, let token = answer["token"]?.stringValue, let csrf = answer["csrf_token"]?.stringValue
        else {
            throw AppError(
                "The hub at \(hub.absoluteString) did not pair this counter: \(Self.message(answer, status: status))",
                exitCode: status == 429 ? .tryLater : .dataError)
        }
        return HubLink(hub: hub.absoluteString, token: token, csrfToken: csrf, deviceName: name)
    }

    /// Posts one kept scan with when it was made (the hub times the counter's idle mode from it, and logs
    /// it); never throws: a failure is a `Delivery` the relay acts on.
    public func post(
        _ scan: (id: String, code: String, counter: String, device: String?, scannedAt: String), link: HubLink
    ) async -> Delivery {
        var body: JSONValue = [
            "id": .string(scan.id), "code": .string(scan.code), "counter": .string(scan.counter),
            "scanned_at": .string(scan.scannedAt),
        ]
        if let device = scan.device { body["device"] = .string(device) }
        let status: Int
        let answer: JSONValue
        do {
            (status, answer) = try await exchange("/api/v1/scans", method: "POST", body: body, link: link)
        } catch {
            return .unreachable(AppError.from(error).description)
        }
        switch status {
        case 200, 201: return .answered(answer)
        case 401, 403: return .notPaired(Self.message(answer, status: status))
        case 400, 404, 413, 422: return .refused(Self.message(answer, status: status))
        default: return .unreachable("the hub answered HTTP \(status): \(Self.message(answer, status: status))")
        }
    }

    /// One JSON exchange: the status and the answer's JSON (null when it had none).
    func exchange(_ path: String, method: String, body: JSONValue?, link: HubLink?) async throws -> (Int, JSONValue) {
        var request = URLRequest(url: hub.appendingPathComponent(path), timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = Data(body.serializedBytes())
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let link {
            request.setValue("Bearer \(link.token)", forHTTPHeaderField: "Authorization")
            request.setValue(link.csrfToken, forHTTPHeaderField: "X-CSRF-Token")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw AppError(
                "The hub at \(hub.absoluteString) cannot be reached (\(Self.reason(error))). Is catalog serve "
                    + "running there, and is this the address it printed?", exitCode: .unavailable)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, (try? JSONValue.parse(Array(data))) ?? .null)
    }

    /// The hub's error message, or what its status means.
    static func message(_ answer: JSONValue, status: Int) -> String {
        // The hub's own sentence, whole (it says what to do); only a runaway answer is shortened.
        if let text = answer["error"]?.stringValue {
            let shown = Terminal.visible(text)
            return shown.count > 600 ? String(shown.prefix(600)) + "…" : shown
        }
        return "HTTP \(status)"
    }

    /// A short reason a person understands for a failed request.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "no answer" }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "no answer in time"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .networkConnectionLost: return "the connection was dropped"
        case .notConnectedToInternet: return "no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
            .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            return "the TLS handshake failed"
        default: return "network error \(error.code.rawValue)"
        }
    }
}
