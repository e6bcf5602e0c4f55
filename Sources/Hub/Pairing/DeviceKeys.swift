import CatalogApp
import CatalogCore
import Crypto
import Foundation
import Store

/// Pairing codes and device tokens: made from the system's secure random source, kept in the database
/// only as SHA-256 digests.
public enum DeviceKeys {
    /// How long a pairing code pairs a device.
    public static let codeLifetime: Int64 = 600
    /// The letters a pairing code is made of: no 0/O, 1/I/L, so it reads aloud and types without doubt.
    static let codeAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// A new pairing code, `XXXX-XXXX`, valid for ten minutes and once, kept in `database`; the device it
    /// pairs is a `role` (a counter unless said).
    public static func makePairingCode(
        in database: any HubStateStore, now: Timestamp, role: Role = .counter
    ) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<8).map { _ in codeAlphabet[Int(generator.next(upperBound: UInt64(codeAlphabet.count)))] }
        let code = String(letters.prefix(4)) + "-" + String(letters.suffix(4))
        try await database.addPairingCode(
            digest: digest(normalisedCode(code)), madeAt: now,
            expiresAt: Timestamp(seconds: now.seconds + codeLifetime, nanoseconds: now.nanoseconds), role: role)
        return code
    }

    /// A code as typed ("abcd efgh", "ABCD-EFGH") in the one spelling its digest is made from.
    public static func normalisedCode(_ typed: String) -> String {
        String(typed.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    /// A new device token (256 bits, base64url) and CSRF token (128 bits, hex).
    static func makeTokens() -> (token: String, csrf: String) {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let csrf = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let base64 = Data(token).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return (base64, csrf.map { String(format: "%02x", $0) }.joined())
    }

    /// The SHA-256 digest of `secret`, in hex: what the database keeps instead of a token or code.
    public static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Pairs a device named `name` with `code`: its token (to give to the device once) and the device; an
    /// error a person can act on when the code does not pair or the name is unusable.
    public static func pair(
        code: String, name: String, from address: String?, in database: any HubStateStore, now: Timestamp
    ) async throws -> (token: String, device: PairedDevice) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 60 else {
            throw AppError(
                "Give this device a name of 1 to 60 characters (e.g. Till 2), so the hub can show and revoke it.",
                exitCode: .usage)
        }
        try AppError.refuseControlCharacters(in: trimmed, field: "device_name")
        let tokens = makeTokens()
        guard
            let device = try await database.pairDevice(
                codeDigest: digest(normalisedCode(code)), name: trimmed, tokenDigest: digest(tokens.token),
                csrfToken: tokens.csrf, from: address, now: now)
        else {
            throw AppError(
                "The pairing code \(Terminal.echo(code)) does not pair: it is mistyped, used already or older than "
                    + "ten minutes. Pair with \(FrontEnd.hub.pairingCode).", exitCode: .dataError)
        }
        return (tokens.token, device)
    }
}
