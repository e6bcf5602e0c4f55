import CatalogApp
import CatalogCore
import Crypto
import Foundation
import SwiftASN1
import X509

/// The hub's own certificate authority and the server certificate it signs, kept in the hub's TLS folder
/// beside its database (`hub-tls`, readable by the hub's user only): the CA (P-256, ten years) is made once;
/// the server certificate (P-256, one year, for the machine's names and addresses) is made again when it has
/// less than 30 days left, names other names or addresses than the machine has now, or was signed by another CA.
public struct HubCertificates: Sendable {
    /// The folder the files are kept in.
    public let folder: URL
    /// The CA certificate, PEM: what `/ca.pem` serves and a device trusts.
    public let caPEM: String
    /// The server certificate and its key, PEM.
    public let serverPEM: String
    public let serverKeyPEM: String
    /// The server certificate's last day.
    public let serverExpires: Date
    /// Whether this call made a new server certificate.
    public let renewed: Bool

    /// How long the CA and a server certificate are valid.
    static let caLifetime: TimeInterval = 3650 * 86_400
    static let serverLifetime: TimeInterval = 365 * 86_400
    /// A server certificate with less than this left is made again.
    static let renewBefore: TimeInterval = 30 * 86_400

    /// The SHA-256 of the CA certificate's DER, 64 lowercase hex digits: what a device pins.
    public var caSHA256: String { HubLink.fingerprint(pem: caPEM) ?? "" }

    /// The hub's TLS folder for the database at `databasePath`: `hub-tls` beside it.
    public static func folder(databasePath: String) -> URL {
        URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("hub-tls")
    }

    /// The CA and a server certificate for `names` in `folder`, made or renewed as needed at `now`; an
    /// error a person can act on when the folder cannot be used or the clock is far off.
    public static func prepare(folder: URL, names: MachineNames, now: Date) throws -> HubCertificates {
        try makeFolder(folder)
        let (caKey, ca) = try authority(in: folder, now: now)
        let serverFile = folder.appendingPathComponent("server.pem")
        let serverKeyFile = folder.appendingPathComponent("server-key.pem")
        if let pem = try? String(contentsOf: serverFile, encoding: .utf8),
            let keyPEM = try? String(contentsOf: serverKeyFile, encoding: .utf8),
            let server = try? Certificate(pemEncoded: pem),
            let key = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM),
            Certificate.PublicKey(key.publicKey) == server.publicKey,
            ca.publicKey.isValidSignature(server.signature, for: server),
            server.notValidBefore <= now, server.notValidAfter.timeIntervalSince(now) > renewBefore,
            names.generalNames
                == Set((try? server.extensions.subjectAlternativeNames).flatMap { $0.map(Array.init) } ?? [])
        {
            return HubCertificates(
                folder: folder, caPEM: try ca.serializeAsPEM().pemString, serverPEM: pem, serverKeyPEM: keyPEM,
                serverExpires: server.notValidAfter, renewed: false)
        }
        let key = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + serverLifetime, issuer: ca.subject,
            subject: try DistinguishedName { CommonName(names.hostName) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.generalNames.sorted { "\($0)" < "\($1)" })
                SubjectKeyIdentifier(hash: .init(key.publicKey))
                AuthorityKeyIdentifier(
                    keyIdentifier: (try? ca.extensions.subjectKeyIdentifier)??.keyIdentifier
                        ?? SubjectKeyIdentifier(hash: ca.publicKey).keyIdentifier)
            },
            issuerPrivateKey: .init(caKey))
        let serverPEM = try server.serializeAsPEM().pemString
        try write(key.pemRepresentation, to: serverKeyFile)
        try write(serverPEM, to: serverFile)
        return HubCertificates(
            folder: folder, caPEM: try ca.serializeAsPEM().pemString, serverPEM: serverPEM,
            serverKeyPEM: key.pemRepresentation, serverExpires: server.notValidAfter, renewed: true)
    }

    /// The CA's key and certificate from `folder`, made when there are none; a CA that cannot be read, or one
    /// made after `now` (the clock went back), is an error that says what to do.
    static func authority(in folder: URL, now: Date) throws -> (P256.Signing.PrivateKey, Certificate) {
        let keyFile = folder.appendingPathComponent("ca-key.pem")
        let certificateFile = folder.appendingPathComponent("ca.pem")
        let exists = FileManager.default.fileExists(atPath: keyFile.path)
        if exists || FileManager.default.fileExists(atPath: certificateFile.path) {
            guard let keyPEM = try? String(contentsOf: keyFile, encoding: .utf8),
                let pem = try? String(contentsOf: certificateFile, encoding: .utf8),
                let key = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM),
                let certificate = try? Certificate(pemEncoded: pem),
                Certificate.PublicKey(key.publicKey) == certificate.publicKey
            else {
                throw AppError(
                    "The hub's certificate authority in \(folder.path) cannot be read (ca.pem and ca-key.pem, "
                        + "readable by this user). Restore them from a backup, or move the folder away to make a new "
                        + "one; every device then trusts the new one and pairs again.", exitCode: .configuration)
            }
            if certificate.notValidBefore > now + 86_400 {
                throw clockFarOff(now: now, made: certificate.notValidBefore)
            }
            if certificate.notValidAfter > now + renewBefore { return (key, certificate) }
        }
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("catalog")
            CommonName("catalog hub CA \(MachineNames.current().hostName)")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + caLifetime, issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: .init(key.publicKey))
            },
            issuerPrivateKey: .init(key))
        try write(key.pemRepresentation, to: keyFile)
        try write(try certificate.serializeAsPEM().pemString, to: certificateFile)
        return (key, certificate)
    }

    /// The error for a certificate made after what this computer's clock says now.
    static func clockFarOff(now: Date, made: Date) -> AppError {
        let format = ISO8601DateFormatter()
        return AppError(
            "This computer's clock says \(format.string(from: now)), before the hub's certificate was made "
                + "(\(format.string(from: made))): the clock is far off. Set the date and time right (and turn on "
                + "network time), then start the hub again.", exitCode: .configuration)
    }

    /// Makes `folder` (0700) or makes an existing one private to this user.
    static func makeFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw AppError(
                "Cannot make the hub's certificate folder \(folder.path) (\(AppError.from(error).description)). The "
                    + "folder beside the database must be writable by the hub's user.", exitCode: .cannotCreate)
        }
    }

    /// Writes `text` to `file`, readable by this user only, replacing it whole.
    static func write(_ text: String, to file: URL) throws {
        try OutputFile.replace(file.path, with: Array(text.utf8), mode: 0o600)
    }
}

/// The names and addresses this machine answers to on the shop's network: its host name, host name.local,
/// every address of its interfaces, and localhost with the loopback addresses.
public struct MachineNames: Sendable, Equatable {
    public var hostName: String
    /// IPv4 and IPv6 addresses in their usual text form, loopback ones included.
    public var addresses: [String]

    public init(hostName: String, addresses: [String]) {
        self.hostName = hostName
        self.addresses = addresses
    }

    /// The text of a C string held in `buffer` (up to its first NUL).
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This machine's names and addresses now.
    public static func current() -> MachineNames {
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count) == 0 ? Self.text(buffer) : "localhost"
        var found: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        if getifaddrs(&list) == 0, let first = list {
            defer { freeifaddrs(list) }
            for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
                guard let address = entry.pointee.ifa_addr else { continue }
                let family = Int32(address.pointee.sa_family)
                guard family == AF_INET || family == AF_INET6 else { continue }
                var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                let length = socklen_t(
                    family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
                if getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                    // A link-local IPv6 address carries its interface (fe80::1%eth0): not a name a certificate holds.
                    let shown = Self.text(text)
                    if !shown.contains("%") { found.append(shown) }
                }
            }
        }
        return MachineNames(hostName: host, addresses: found)
    }

    /// The first address another device on the network can reach: an IPv4 one that is not loopback, else
    /// an IPv6 one, else the host name.
    public var reachable: String {
        let outside = addresses.filter { !["127.", "::1"].contains(where: $0.hasPrefix) }
        return outside.first { !$0.contains(":") } ?? outside.first.map { "[\($0)]" } ?? hostName
    }

    /// What the server certificate names: DNS names and IP addresses.
    var generalNames: Set<GeneralName> {
        var names: Set<GeneralName> = [.dnsName("localhost")]
        let short = hostName.split(separator: ".").first.map(String.init) ?? hostName
        for name in [hostName, short, short + ".local"] where !name.isEmpty && name != "localhost" {
            names.insert(.dnsName(name.lowercased()))
        }
        for address in addresses + ["127.0.0.1", "::1"] {
            if let bytes = Self.bytes(address) { names.insert(.ipAddress(ASN1OctetString(contentBytes: bytes[...]))) }
        }
        return names
    }

    /// An IPv4 or IPv6 address as its bytes.
    static func bytes(_ address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
