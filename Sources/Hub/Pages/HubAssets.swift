import Crypto
import Foundation
import Hummingbird

/// The stylesheet and scripts, compiled into the binary from `Sources/Hub/Assets` (SwiftPM's embedInCode):
/// the hub needs no files beside itself and fetches nothing from anywhere else. Each is compressed once, when
/// the hub starts (Brotli and gzip), and served in the best coding the browser takes, with an ETag per coding;
/// a page links
/// each by a URL carrying its version (`/assets/hub.js?v=...`), which a browser may keep for a year: a new
/// build of the hub has new versions, so new URLs.
enum HubAssets {
    struct File: Sendable {
        let type: String
        let bytes: [UInt8]
        /// The same bytes in each coding that makes them smaller, compressed once at start.
        let encoded: [Compression: [UInt8]]
        /// The first 16 hex digits of the bytes' SHA-256: the `v` of the file's URL and the root of its ETags.
        let version: String

        init(type: String, bytes: [UInt8]) {
            self.type = type
            self.bytes = bytes
            var encoded: [Compression: [UInt8]] = [:]
            for coding in Compression.allCases {
                if let smaller = coding.compress(bytes), smaller.count < bytes.count { encoded[coding] = smaller }
            }
            self.encoded = encoded
            self.version = SHA256.hash(data: bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
        }

        /// A strong validator of the bytes sent: each coding (and the plain file) is a representation of its
        /// own, so each has its own.
        func etag(_ coding: Compression?) -> String { "\"\(version)\(coding.map { "-" + $0.rawValue } ?? "")\"" }
    }

    /// Each page's script is served with hub.js, the helpers every page shares, in front of it (one request,
    /// and one compression for both); scripts without their comments and spare spaces (ScriptMinifier), style
    /// sheets without theirs (StyleMinifier).
    static let files: [String: File] = {
        let javaScript = "text/javascript; charset=utf-8"
        let hub = script(PackageResources.hub_js)
        return [
            "hub.css": File(type: "text/css; charset=utf-8", bytes: style(PackageResources.hub_css)),
            // The back office's own styles, after hub.css: the counter page's first load goes without them.
            "office.css": File(type: "text/css; charset=utf-8", bytes: style(PackageResources.office_css)),
            // The pairing pages' own, after hub.css, likewise.
            "pair.css": File(type: "text/css; charset=utf-8", bytes: style(PackageResources.pair_css)),
            "hub.js": File(type: javaScript, bytes: hub),
            "counter.js": File(type: javaScript, bytes: hub + script(PackageResources.counter_js)),
            // The counter page's panels, loaded by counter.js when one first opens (so without hub.js: the page
            // has it already), with the manager's PIN dialog (staff.js) and the label jobs' words (jobs.js), which
            // the back office has too.
            "counter-panels.js": File(
                type: javaScript,
                bytes: script(PackageResources.jobs_js) + script(PackageResources.counter_panels_js)
                    + script(PackageResources.staff_js)),
            "office.js": File(
                type: javaScript,
                bytes: hub + script(PackageResources.jobs_js) + script(PackageResources.office_js)
                    + script(PackageResources.staff_js)),
            "pair.js": File(type: javaScript, bytes: hub + script(PackageResources.pair_js)),
        ]
    }()

    /// A script as served: minified when ScriptMinifier can read it for sure, else as written; then `;` and a
    /// line break, so another script can follow it.
    static func script(_ bytes: [UInt8]) -> [UInt8] {
        (ScriptMinifier.minify(bytes) ?? bytes) + Array(";\n".utf8)
    }

    /// A style sheet without its comments and spare line breaks (StyleMinifier).
    static func style(_ bytes: [UInt8]) -> [UInt8] { StyleMinifier.minify(bytes) ?? bytes }

    /// Where a page links the file `name`: its path with the version of this build.
    static func url(_ name: String) -> String {
        "/assets/\(name)" + (files[name].map { "?v=\($0.version)" } ?? "")
    }

    /// `GET /assets/NAME`: the file in the best coding the request's Accept-Encoding takes (Brotli, gzip), else
    /// plain; 304 with no body when If-None-Match names the ETag of what would be sent. Asked for with this build's version
    /// (`?v=`), it may be kept a year unasked (`immutable`); asked for without it, or with an old one, the
    /// browser asks again each time (`no-cache`), cheaply, with its ETag.
    static func response(_ file: File, to request: Request) -> Response {
        let coding = Compression.chosen(
            by: request.headers[.acceptEncoding], from: Compression.allCases.filter { file.encoded[$0] != nil })
        let etag = file.etag(coding)
        var headers = HTTPFields()
        headers[.eTag] = etag
        headers[.vary] = "Accept-Encoding"
        headers[.cacheControl] =
            request.uri.queryParameters.get("v") == file.version ? "max-age=31536000, immutable" : "no-cache"
        if matches(request.headers[.ifNoneMatch], etag) {
            return Response(status: .notModified, headers: headers, body: ResponseBody())
        }
        headers[.contentType] = file.type
        if let coding { headers[.contentEncoding] = coding.rawValue }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: coding.flatMap { file.encoded[$0] } ?? file.bytes))
        )
    }

    /// Whether an If-None-Match header names `etag` (compared weakly, as RFC 9110 says for it) or is `*`.
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
