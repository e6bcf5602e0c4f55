import CatalogApp
import CatalogCore
import Foundation
import Hummingbird
import Labels
import NIOSSL
import Synchronization
import X509

/// How the hub speaks beyond plain HTTP: the shop's own certificate chain, or the hub's own CA.
public enum HubTLS: Sendable {
    /// The shop's certificate chain (PEM, the server's certificate first) and its unencrypted key (PEM).
    case files(certificate: String, key: String)
    /// The hub's own CA and server certificate, kept in `folder` (`HubCertificates`).
    case own(folder: URL)
}

/// What a device needs to reach and trust the hub, as pages and `catalog devices pair` show it: the
/// address for other devices, and the CA's PEM and fingerprint under TLS. The hub writes it to `hub.json`
/// in its TLS folder at start, for `catalog devices pair`.
public struct HubTrust: Codable, Sendable, Equatable {
    /// The hub's address for other devices on the network (https://192.168.1.20:8443).
    public var url: String
    /// The CA a device trusts (PEM) and its SHA-256 (64 lowercase hex); nil on plain HTTP.
    public var caPEM: String?
    public var caSHA256: String?

    enum CodingKeys: String, CodingKey {
        case url
        case caPEM = "ca_pem"
        case caSHA256 = "ca_sha256"
    }

    /// The trust record beside the database at `databasePath`, or nil when no hub has started there.
    public static func load(databasePath: String) -> HubTrust? {
        let file = HubCertificates.folder(databasePath: databasePath).appendingPathComponent("hub.json")
        return FileManager.default.contents(atPath: file.path).flatMap {
            try? JSONDecoder().decode(Self.self, from: $0)
        }
    }

    func save(databasePath: String) throws {
        let folder = HubCertificates.folder(databasePath: databasePath)
        try HubCertificates.makeFolder(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try HubCertificates.write(
            String(decoding: try encoder.encode(self), as: UTF8.self), to: folder.appendingPathComponent("hub.json"))
    }

    /// The pairing address a phone scans and `catalog scan --hub` takes: the pairing page with the code, and
    /// the CA's fingerprint after `#ca=` (a fragment: never sent to the hub). The one format, in docs/hub.md.
    public func pairingURL(code: String) -> String {
        let base = url.hasSuffix("/") ? String(url.dropLast()) : url
        return base + "/pair?code=" + code + (caSHA256.map { "#ca=" + $0 } ?? "")
    }

    /// What the request being answered runs under: set by `TransportResponder` for each request, so the pages
    /// can offer the CA and warn of plain HTTP without being handed it.
    @TaskLocal static var current: (trust: HubTrust, insecureHTTP: Bool)?

    /// The warning every page shows while the hub speaks plain HTTP beyond this computer (none otherwise).
    static var insecureNotice: String {
        guard current?.insecureHTTP == true else { return "" }
        return """
            <p class="problem insecure" role="alert">Not secure: this hub uses plain HTTP, so anyone on the shop's \
            network can read what this page sends. Ask whoever looks after the hub to turn on HTTPS.</p>
            """
    }
}

/// A QR code of a text, drawn with libzint's module grid: as Unicode half blocks for a terminal, and as an
/// inline SVG for a page.
public enum PairingQR {
    /// The module grid with a 4-module light border, or nil when libzint cannot encode the text.
    static func modules(_ text: String) -> [[Bool]]? {
        guard let symbol = try? BarcodeEncoder.encode(.qr, text) else { return nil }
        let border = 4
        let light = [Bool](repeating: false, count: symbol.width + 2 * border)
        let rows = symbol.modules.map {
            [Bool](repeating: false, count: border) + $0 + [Bool](repeating: false, count: border)
        }
        return [[Bool]](repeating: light, count: border) + rows + [[Bool]](repeating: light, count: border)
    }

    /// The QR code as lines of half blocks, two module rows a line: the light modules are drawn (in the
    /// terminal's text colour) and the dark ones left blank, right on a dark background as qrencode's UTF8
    /// output is; phone cameras read it inverted on a light one too.
    public static func terminal(_ text: String) -> [String]? {
        guard let grid = modules(text) else { return nil }
        return stride(from: 0, to: grid.count, by: 2).map { top in
            let bottom = top + 1 < grid.count ? grid[top + 1] : [Bool](repeating: false, count: grid[top].count)
            return String(
                zip(grid[top], bottom).map { upper, lower in
                    switch (upper, lower) {
                    case (true, true): " "
                    case (true, false): "▄"
                    case (false, true): "▀"
                    case (false, false): "█"
                    }
                })
        }
    }

    /// The QR code as an inline SVG (one path, no style attribute: the page's CSP allows no inline style).
    static func svg(_ text: String, label: String) -> String {
        guard let grid = modules(text) else { return "" }
        var path = ""
        for (y, row) in grid.enumerated() {
            for (x, dark) in row.enumerated() where dark { path += "M\(x) \(y)h1v1h-1z" }
        }
        return """
            <svg class="qr" role="img" aria-label="\(HTML.escape(label))" viewBox="0 0 \(grid.count) \(grid.count)" \
            width="240" height="240" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }
}

/// The TLS the hub serves: its configuration, and for the hub's own CA the server certificate, which a
/// daily check renews while the hub runs (new connections get the new one).
final class ServedTLS: Sendable {
    let configuration: TLSConfiguration
    /// The CA a device trusts, PEM.
    let caPEM: String
    /// The hub's own server certificate that new handshakes get (nil for the shop's chain).
    let current: Current?
    private let renewal: Task<Void, Never>?

    private init(configuration: TLSConfiguration, caPEM: String, current: Current?, renewal: Task<Void, Never>?) {
        self.configuration = configuration
        self.caPEM = caPEM
        self.current = current
        self.renewal = renewal
    }

    deinit { renewal?.cancel() }

    /// The TLS for `tls`; `listening` is the address the hub listens on, which its own certificate names too;
    /// the hub's own certificate is checked for renewal every `checkEvery`.
    static func make(_ tls: HubTLS, listening host: String, checkEvery: Duration = .seconds(86_400)) throws
        -> ServedTLS
    {
        switch tls {
        case .files(let certificate, let key):
            let (chain, privateKey) = try ShopChain.load(certificate: certificate, key: key, now: Date())
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
            let last =
                try chain.last.map { try Certificate(derEncoded: try $0.toDERBytes()).serializeAsPEM().pemString } ?? ""
            return ServedTLS(configuration: configuration, caPEM: last, current: nil, renewal: nil)
        case .own(let folder):
            let names = Self.names(listening: host)
            let made = try HubCertificates.prepare(folder: folder, names: names, now: Date())
            let first = try Self.override(made)
            let current = Current(first)
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: first.certificateChain ?? [], privateKey: first.privateKey!)
            configuration.sslContextCallback = { _, promise in promise.succeed(current.value.withLock { $0 }) }
            let renewal = Task.detached(priority: .background) {
                while !Task.isCancelled {
                    try? await Task.sleep(for: checkEvery)
                    guard !Task.isCancelled,
                        let again = try? HubCertificates.prepare(
                            folder: folder, names: Self.names(listening: host), now: Date()),
                        again.renewed, let next = try? Self.override(again)
                    else { continue }
                    current.value.withLock { $0 = next }
                    HubLog.logger.notice("the hub's server certificate was renewed (until \(again.serverExpires))")
                }
            }
            return ServedTLS(configuration: configuration, caPEM: made.caPEM, current: current, renewal: renewal)
        }
    }

    /// The certificate new handshakes get.
    final class Current: Sendable {
        let value: Mutex<NIOSSLContextConfigurationOverride>
        init(_ first: NIOSSLContextConfigurationOverride) { value = Mutex(first) }
    }

    /// This machine's names and addresses, with the address the hub listens on when it names one.
    static func names(listening host: String) -> MachineNames {
        var names = MachineNames.current()
        if MachineNames.bytes(host) != nil, !["0.0.0.0", "::"].contains(host), !names.addresses.contains(host) {
            names.addresses.append(host)
        }
        return names
    }

    /// The server certificate (with the CA after it) and key as a handshake's override.
    static func override(_ made: HubCertificates) throws -> NIOSSLContextConfigurationOverride {
        var override = NIOSSLContextConfigurationOverride()
        override.certificateChain = try
            (NIOSSLCertificate.fromPEMBytes(Array(made.serverPEM.utf8))
            + NIOSSLCertificate.fromPEMBytes(Array(made.caPEM.utf8))).map { .certificate($0) }
        override.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: Array(made.serverKeyPEM.utf8), format: .pem))
        return override
    }
}

/// The shop's own certificate chain and key (`--tls-cert`, `--tls-key`), checked before the hub serves
/// them: each problem named with its file and what to do.
enum ShopChain {
    static func load(certificate: String, key: String, now: Date) throws -> ([NIOSSLCertificate], NIOSSLPrivateKey) {
        guard let pem = try? String(contentsOfFile: certificate, encoding: .utf8) else {
            throw AppError(
                "--tls-cert \(certificate) cannot be read: \(Self.why(certificate)). Give the shop's certificate "
                    + "chain as a PEM file the hub's user can read, the server's certificate first.",
                exitCode: .configuration)
        }
        guard let chain = try? NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)), let first = chain.first,
            let parsed = try? Certificate(derEncoded: try first.toDERBytes())
        else {
            throw AppError(
                "--tls-cert \(certificate) holds no PEM certificate (it should begin with -----BEGIN CERTIFICATE-----). "
                    + "Give the shop's certificate chain as PEM, the server's certificate first.",
                exitCode: .configuration)
        }
        guard let keyPEM = try? String(contentsOfFile: key, encoding: .utf8) else {
            throw AppError(
                "--tls-key \(key) cannot be read: \(Self.why(key)). Give the certificate's private key as a PEM "
                    + "file the hub's user can read.", exitCode: .configuration)
        }
        guard let privateKey = try? NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem) else {
            throw AppError(
                "--tls-key \(key) is not a readable PEM private key; it must be unencrypted (no passphrase) and "
                    + "belong to the certificate in --tls-cert.", exitCode: .configuration)
        }
        if let parsedKey = try? Certificate.PrivateKey(pemEncoded: keyPEM), parsedKey.publicKey != parsed.publicKey {
            throw AppError(
                "--tls-key \(key) does not belong to the certificate in --tls-cert \(certificate): they are from "
                    + "different pairs. Give the key the certificate was made for.", exitCode: .configuration)
        }
        if parsed.notValidAfter < now {
            throw AppError(
                "--tls-cert \(certificate) expired on \(ISO8601DateFormatter().string(from: parsed.notValidAfter)). "
                    + "Renew the shop's certificate, or leave out --tls-cert and --tls-key for the hub's own.",
                exitCode: .configuration)
        }
        if parsed.notValidBefore > now {
            throw AppError(
                "--tls-cert \(certificate) is not valid until "
                    + "\(ISO8601DateFormatter().string(from: parsed.notValidBefore)), and this computer's clock says "
                    + "\(ISO8601DateFormatter().string(from: now)): if the clock is far off, set it right (and turn "
                    + "on network time); otherwise wait until then.", exitCode: .configuration)
        }
        do {
            _ = try NIOSSLContext(
                configuration: .makeServerConfiguration(
                    certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey)))
        } catch {
            throw AppError(
                "--tls-key \(key) and --tls-cert \(certificate) cannot be used together: the key does not belong to "
                    + "the certificate, or the chain is incomplete. Give the key the certificate was made for.",
                exitCode: .configuration)
        }
        return (chain, privateKey)
    }

    /// Why a file cannot be read, in words.
    static func why(_ path: String) -> String {
        if !FileManager.default.fileExists(atPath: path) { return "there is no such file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "the hub's user may not read it" }
        return "it is not text"
    }
}

/// The hub's trust record, its address filled in once the hub listens.
final class TrustHolder: Sendable {
    let value: Mutex<HubTrust>
    init(_ trust: HubTrust) { value = Mutex(trust) }
}

/// The hub's router as it meets the network: under TLS `/ca.pem` (open) serves the CA and every answer
/// carries HSTS; on every request the pages learn the hub's trust and whether it speaks plain HTTP beyond
/// this computer (`HubTrust.current`).
struct TransportResponder: HTTPResponder {
    typealias Context = HubRequestContext
    let inner: RouterResponder<HubRequestContext>
    let trust: TrustHolder
    let insecureHTTP: Bool

    func respond(to request: Request, context: Context) async throws -> Response {
        let trust = trust.value.withLock { $0 }
        if request.uri.path == "/ca.pem", request.method == .get, let pem = trust.caPEM {
            var headers = HTTPFields()
            headers[.contentType] = "application/x-x509-ca-cert"
            headers[.contentDisposition] = "attachment; filename=\"catalog-hub-ca.pem\""
            headers[.cacheControl] = "no-cache"
            return finish(
                trust, Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: pem))))
        }
        return finish(
            trust,
            try await HubTrust.$current.withValue((trust, insecureHTTP)) {
                try await inner.respond(to: request, context: context)
            })
    }

    private func finish(_ trust: HubTrust, _ response: Response) -> Response {
        guard trust.caPEM != nil else { return response }
        var response = response
        response.headers[.strictTransportSecurity] = "max-age=31536000"
        return response
    }
}
