import AsyncHTTPClient
import CatalogCore
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// What a remote counter keeps after pairing with a hub: the hub's address, the device token and the CSRF
/// token that goes with it, and for an https hub the one certificate authority it trusts there. Kept in
/// `hub.json` beside the configuration file, readable by its owner only, and never printed.
public struct HubLink: Codable, Sendable, Equatable {
    /// The hub's address, such as https://192.168.1.20:8443.
    public var hub: String
    public var token: String
    public var csrfToken: String
    /// The name the hub knows this counter by.
    public var deviceName: String
    /// The hub's CA (PEM), learned at pairing: the only one trusted for the hub (nil for an http hub).
    public var caPEM: String?

    enum CodingKeys: String, CodingKey {
        case hub, token
        case csrfToken = "csrf_token"
        case deviceName = "device_name"
        case caPEM = "ca_pem"
    }

    public init(hub: String, token: String, csrfToken: String, deviceName: String, caPEM: String? = nil) {
        self.hub = hub
        self.token = token
        self.csrfToken = csrfToken
        self.deviceName = deviceName
        self.caPEM = caPEM
    }

    /// The SHA-256 of the first certificate in `pem` (of its DER), 64 lowercase hex digits: the fingerprint
    /// `catalog devices pair` shows and a pairing address carries after `#ca=`; nil when `pem` holds none.
    public static func fingerprint(pem: String) -> String? {
        guard let first = try? NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)).first,
            let der = try? first.toDERBytes()
        else { return nil }
        return SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }

    /// A pairing address (`https://HOST:PORT/pair?code=CODE#ca=SHA256`, what `catalog devices pair` prints
    /// and its QR code holds) as the hub's address, the code and the fingerprint; nil when `text` is not one.
    public static func pairingAddress(_ text: String) -> (hub: URL, code: String?, caSHA256: String?)? {
        guard let parts = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            parts.path == "/pair", var base = URLComponents(string: text)
        else { return nil }
        base.path = ""
        base.query = nil
        base.fragment = nil
        guard let url = base.url, let hub = try? address(url.absoluteString) else { return nil }
        let code = parts.queryItems?.first { $0.name == "code" }?.value
        let fingerprint = parts.fragment.flatMap { fragment in
            fragment.hasPrefix("ca=") ? String(fragment.dropFirst(3)).lowercased() : nil
        }
        return (hub, code, fingerprint)
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
        try OutputFile.replace(path, with: Array(try encoder.encode(self)), mode: 0o600)
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
    /// The one CA trusted for an https hub (PEM); nil trusts the system's (a shop's public certificate).
    public let trust: String?
    /// Whether to check the hub's certificate at all: only fetching `/ca.pem` to pin it does not.
    let verify: Bool
    /// How long one request may take.
    let timeout: TimeInterval

    public init(hub: URL, trust: String? = nil, timeout: TimeInterval = 10) {
        self.init(hub: hub, trust: trust, verify: true, timeout: timeout)
    }

    init(hub: URL, trust: String?, verify: Bool, timeout: TimeInterval) {
        self.hub = hub
        self.trust = trust
        self.verify = verify
        self.timeout = timeout
    }

    /// The hub's certificate authority (its `/ca.pem`, PEM) and its fingerprint, fetched without checking the
    /// hub's certificate: the caller compares the fingerprint with the one the person gave, or shows it.
    public func authority() async throws -> (pem: String, sha256: String) {
        let unchecked = HubClient(hub: hub, trust: nil, verify: false, timeout: timeout)
        let (status, body) = try await unchecked.send("/ca.pem", method: .GET, body: nil, link: nil)
        let pem = String(decoding: body, as: UTF8.self)
        guard status == 200, let sha256 = HubLink.fingerprint(pem: pem) else {
            throw AppError(
                "The hub at \(hub.absoluteString) gave no certificate authority at /ca.pem (HTTP \(status)). Is this "
                    + "the address catalog serve printed, and is it a catalog hub?", exitCode: .dataError)
        }
        return (pem, sha256)
    }

    /// Pairs with the one-time `code` (from `catalog devices pair` on the hub) as `name`.
    public func pair(code: String, name: String) async throws -> HubLink {
        let body: JSONValue = ["code": .string(code), "device_name": .string(name)]
        let (status, answer) = try await exchange("/api/v1/pair", method: .POST, body: body, link: nil)
        guard status == 201, let token = answer["token"]?.stringValue, let csrf = answer["csrf_token"]?.stringValue
        else {
            throw AppError(
                "The hub at \(hub.absoluteString) did not pair this counter: \(Self.message(answer, status: status))",
                exitCode: status == 429 ? .tryLater : .dataError)
        }
        return HubLink(hub: hub.absoluteString, token: token, csrfToken: csrf, deviceName: name, caPEM: trust)
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
            (status, answer) = try await exchange("/api/v1/scans", method: .POST, body: body, link: link)
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
    func exchange(_ path: String, method: HTTPMethod, body: JSONValue?, link: HubLink?) async throws -> (Int, JSONValue)
    {
        let (status, data) = try await send(path, method: method, body: body, link: link)
        return (status, (try? JSONValue.parse(data)) ?? .null)
    }

    /// One request: the status and the answer's bytes; an error that says why the hub cannot be reached, or
    /// that it showed a certificate this counter does not trust.
    func send(_ path: String, method: HTTPMethod, body: JSONValue?, link: HubLink?) async throws -> (Int, [UInt8]) {
        var request = HTTPClientRequest(url: hub.appendingPathComponent(path).absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let body {
            request.body = .bytes(body.serializedBytes())
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        if let link {
            request.headers.add(name: "Authorization", value: "Bearer \(link.token)")
            request.headers.add(name: "X-CSRF-Token", value: link.csrfToken)
        }
        let client: HTTPClient
        do {
            client = HTTPClient(configuration: try configuration())
        } catch {
            throw AppError(
                "The hub link's certificate authority cannot be read. Pair again: catalog scan --hub "
                    + "\(hub.absoluteString) --pair CODE", exitCode: .configuration)
        }
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            let bytes = try await response.body.collect(upTo: 4 << 20)
            try? await client.shutdown()
            return (Int(response.status.code), Array(bytes.readableBytesView))
        } catch {
            try? await client.shutdown()
            if Self.untrusted(error), let made = trust.flatMap(Self.madeAt), made > Date() {
                throw AppError(
                    "This computer's clock says \(Timestamp.now().rfc3339), before the hub's certificate authority was "
                        + "made (\(Timestamp(seconds: Int64(made.timeIntervalSince1970)).rfc3339)): the clock is far "
                        + "off, so the hub's certificate cannot be checked. Set the date and time right (and turn on "
                        + "network time); scans are kept meanwhile.", exitCode: .unavailable)
            }
            if Self.untrusted(error) {
                throw AppError(
                    "The hub at \(hub.absoluteString) showed a certificate this counter does not trust: it is not the "
                        + "hub this counter paired with (another computer at its address, or a hub set up again with "
                        + "a new certificate authority). Nothing was sent. If the hub was set up again, pair again: "
                        + "catalog scan --hub \(hub.absoluteString) --pair CODE", exitCode: .unavailable)
            }
            throw AppError(
                "The hub at \(hub.absoluteString) cannot be reached (\(Self.reason(error))). Is catalog serve "
                    + "running there, and is this the address it printed?", exitCode: .unavailable)
        }
    }

    /// The client's set-up: for an https hub, only the CA kept at pairing is trusted (or none is checked, to
    /// fetch it); the hub's name or address must be in its certificate.
    func configuration() throws -> HTTPClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !verify {
            tls.certificateVerification = .none
        } else if let trust {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(trust.utf8)))
        }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(Int64(timeout * 1000)), read: .milliseconds(Int64(timeout * 1000))))
        configuration.httpVersion = .http1Only
        // A hub that is away is said at once (the relay tries again itself), not after the timeout's retries;
        // and a refused certificate is said, not retried.
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// When the CA in `pem` was made (its first valid moment).
    static func madeAt(_ pem: String) -> Date? {
        (try? NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)).first).flatMap { $0 }.map {
            Date(timeIntervalSince1970: TimeInterval($0.notValidBefore))
        }
    }

    /// Whether `error` is the hub's certificate failing this counter's check.
    static func untrusted(_ error: any Error) -> Bool {
        if error is NIOSSLError || error is NIOSSLExtraError { return true }
        let text = "\(error)"
        return text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate")
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
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout: return "no answer in time"
            case .remoteConnectionClosed: return "the connection was dropped"
            default: break
            }
        }
        let text = "\(error)".lowercased()
        if text.contains("refused") { return "connection refused" }
        if text.contains("timeout") || text.contains("timed out") { return "no answer in time" }
        if text.contains("resolve") || text.contains("unknown host") || text.contains("name or service") {
            return "host not found"
        }
        if text.contains("unreachable") { return "no network" }
        return "no answer"
    }
}
