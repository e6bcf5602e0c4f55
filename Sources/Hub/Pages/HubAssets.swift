import Crypto
import Foundation

/// The stylesheet and scripts, compiled into the binary from `Sources/Hub/Assets` (SwiftPM's embedInCode):
/// the hub needs no files beside itself and fetches nothing from anywhere else.
enum HubAssets {
    struct File: Sendable {
        let type: String
        let text: String
        /// A strong validator of the content, so a browser revalidates cheaply.
        let etag: String

        init(type: String, bytes: [UInt8]) {
            self.type = type
            self.text = String(decoding: bytes, as: UTF8.self)
            self.etag = "\"" + SHA256.hash(data: bytes).prefix(8).map { String(format: "%02x", $0) }.joined() + "\""
        }
    }

    static let files: [String: File] = [
        "hub.css": File(type: "text/css; charset=utf-8", bytes: PackageResources.hub_css),
        "counter.js": File(type: "text/javascript; charset=utf-8", bytes: PackageResources.counter_js),
        "hub.js": File(type: "text/javascript; charset=utf-8", bytes: PackageResources.hub_js),
        "office.js": File(type: "text/javascript; charset=utf-8", bytes: PackageResources.office_js),
        "pair.js": File(type: "text/javascript; charset=utf-8", bytes: PackageResources.pair_js),
    ]
}
