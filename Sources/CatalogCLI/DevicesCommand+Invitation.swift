import CatalogApp
import CatalogCore
import Foundation
import Hub

extension DevicesCommand {
    /// What `catalog devices pair` prints for a new code: the hub's address, the code, the fingerprint of the
    /// hub's certificate authority, and a QR code of the pairing address holding all three (the hub writes its
    /// address and CA beside the database when it starts: `HubTrust`).
    static func showInvitation(
        code: String, expires: Timestamp, context: AppContext, json: Bool, output: CommandOutput
    ) {
        let trust = HubTrust.load(databasePath: context.settings.databasePath)
        let url = trust?.pairingURL(code: code)
        if json {
            output.out(
                [
                    "code": .string(code), "expires_at": .string(expires.rfc3339),
                    "url": url.map(JSONValue.string) ?? .null,
                    "ca_sha256": trust?.caSHA256.map(JSONValue.string) ?? .null,
                ] as JSONValue)
            return
        }
        output.out("Pairing code: \(code)")
        guard let trust, let url else {
            output.out("Type it on the new device at the hub's /pair page before \(expires.rfc3339); it works once.")
            output.out("(Start catalog serve once to have the hub's address and a QR code here too.)")
            return
        }
        output.out("Hub: \(trust.url)")
        if let host = URL(string: trust.url)?.host, ["127.0.0.1", "::1", "localhost"].contains(host) {
            output.out("Type it at \(trust.url)/pair before \(expires.rfc3339); it works once.")
            output.out(
                "The hub listens on this computer only: for phones and other computers, start it with "
                    + "--listen 0.0.0.0:8443 (HTTPS) and run this again.")
            return
        }
        if let fingerprint = trust.caSHA256 {
            output.out("The hub's certificate authority, SHA-256: \(fingerprint)")
        }
        output.out("Pairing address: \(url)")
        for line in PairingQR.terminal(url) ?? [] { output.out(line) }
        output.out("It works once, before \(expires.rfc3339).")
        output.out(
            "A phone or tablet: scan the QR code with its camera, or open \(trust.url)/pair and type the code"
                + (trust.caSHA256 == nil
                    ? "."
                    : "; install the hub's certificate authority from \(trust.url)/ca.pem "
                        + "first (docs/hub.md says how), its fingerprint as above."))
        output.out("A counter computer: catalog scan --hub '\(url)'")
    }
}
