import CBrotliDecode
import CatalogTestSupport
import Foundation
import Testing

@testable import Hub

/// The pages' files go compressed and are cached: Brotli or gzip to a browser that takes it (what the system's
/// gzip and libbrotlidec unpack is exactly the plain file), an ETag for each coding, 304 with no body when the
/// browser has it, versioned URLs kept for a year, and the pages themselves compressed too.
@Suite struct HubAssetTests {
    static let names = ["hub.css", "office.css", "hub.js", "counter.js", "counter-panels.js", "office.js", "pair.js"]
    static let browser = "gzip, deflate, br, zstd"

    /// What the system's `gzip -d` makes of `bytes`.
    static func gunzip(_ bytes: [UInt8]) async throws -> String {
        let result = try await ChildProcess.run("gzip", ["-d", "-c"], input: Data(bytes))
        #expect(result.status == 0, "gzip -d: \(result.stderr)")
        return result.stdout
    }

    /// What the system's Brotli decoder makes of `bytes`.
    static func unbrotli(_ bytes: [UInt8]) -> String? {
        var size = 1 << 20
        var output = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeBufferPointer {
            BrotliDecoderDecompress($0.count, $0.baseAddress, &size, &output)
        }
        return done == BROTLI_DECODER_RESULT_SUCCESS ? String(decoding: output.prefix(size), as: UTF8.self) : nil
    }

    /// A file under Sources/Hub/Assets, as written.
    static func source(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Sources/Hub/Assets/\(name)"), encoding: .utf8)
    }

    @Test func eachFileGoesCompressedWithAnETagPerCodingAndA304WithNoBodyWhenTheBrowserHasIt() async throws {
        try await HubShop.inMemory { shop in
            for name in Self.names {
                let path = "/assets/\(name)"
                let plain = try await shop.send("GET", path, headers: [:], body: nil)
                #expect(plain.status == 200 && plain.header("Content-Encoding") == nil, "\(name)")
                #expect(plain.header("Vary") == "Accept-Encoding" && plain.header("Cache-Control") == "no-cache")
                let plainTag = try #require(plain.header("ETag"), "\(name)")

                let gzipped = try await shop.send("GET", path, headers: ["Accept-Encoding": "gzip, deflate"], body: nil)
                #expect(gzipped.status == 200 && gzipped.header("Content-Encoding") == "gzip", "\(name)")
                #expect(gzipped.header("Content-Type") == plain.header("Content-Type"))
                #expect(gzipped.bytes.count * 2 < plain.bytes.count, "\(name): \(gzipped.bytes.count) bytes gzipped")
                #expect(try await Self.gunzip(gzipped.bytes) == plain.text, "\(name)")
                let gzipTag = try #require(gzipped.header("ETag"))
                // A browser that takes Brotli gets it: smaller still.
                let brotli = try await shop.send("GET", path, headers: ["Accept-Encoding": Self.browser], body: nil)
                #expect(brotli.status == 200 && brotli.header("Content-Encoding") == "br", "\(name)")
                #expect(brotli.bytes.count < gzipped.bytes.count, "\(name): \(brotli.bytes.count) bytes in Brotli")
                #expect(Self.unbrotli(brotli.bytes) == plain.text, "\(name)")
                let brotliTag = try #require(brotli.header("ETag"))
                #expect(Set([plainTag, gzipTag, brotliTag]).count == 3, "each coding is its own representation")

                // The browser has the file in one coding: 304, no body; its tag does not match another coding.
                for (encoding, tag, status) in [
                    (Self.browser, brotliTag, 304), ("gzip", gzipTag, 304), ("gzip", "W/\(gzipTag)", 304),
                    (Self.browser, gzipTag, 200), (Self.browser, plainTag, 200), ("identity", plainTag, 304),
                    ("identity", gzipTag, 200), ("gzip", "\"other\", \(gzipTag)", 304), ("gzip", "*", 304),
                ] {
                    let again = try await shop.send(
                        "GET", path, headers: ["Accept-Encoding": encoding, "If-None-Match": tag], body: nil)
                    #expect(again.status == status, "\(name) with \(encoding), If-None-Match \(tag)")
                    if status == 304 {
                        let sent = encoding == Self.browser ? brotliTag : encoding == "gzip" ? gzipTag : plainTag
                        #expect(again.bytes.isEmpty && again.header("ETag") == sent, "\(name) with \(encoding)")
                    }
                }
                // gzip refused (q=0), or not offered: the plain file.
                for refused in ["gzip;q=0, identity", "compress", "*;q=0", "br;q=0, gzip;q=0"] {
                    let answer = try await shop.send("GET", path, headers: ["Accept-Encoding": refused], body: nil)
                    #expect(answer.header("Content-Encoding") == nil && answer.text == plain.text, "\(refused)")
                }
            }
            // The stylesheet is served without its comments; the scripts come with hub.js in front, smaller than
            // written.
            let css = try await shop.send("GET", "/assets/hub.css", headers: [:], body: nil)
            let written = try Self.source("hub.css")
            #expect(css.text == String(decoding: StyleMinifier.minify(Array(written.utf8)) ?? [], as: UTF8.self))
            #expect(css.text.count < written.count && css.text.contains(".card .price{"))
            let counter = try await shop.send("GET", "/assets/counter.js", headers: [:], body: nil)
            #expect(counter.text.contains("function hubEvents(") && counter.text.contains("function listen("))
            #expect(counter.bytes.count < (try Self.source("hub.js") + Self.source("counter.js")).utf8.count)
            #expect(try await shop.send("GET", "/assets/nothing.js", headers: [:], body: nil).status == 404)
        }
    }

    @Test func pagesLinkVersionedFilesKeptForAYearAndAreCompressedToo() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let headers = ["Authorization": "Bearer \(device.token)", "Accept": "text/html"]
            let plain = try await shop.send("GET", "/", headers: headers, body: nil)
            #expect(plain.status == 200 && plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            var compressedHeaders = headers
            compressedHeaders["Accept-Encoding"] = Self.browser
            let page = try await shop.send("GET", "/", headers: compressedHeaders, body: nil)
            #expect(page.header("Content-Encoding") == "br" && page.bytes.count < plain.bytes.count)
            let html = try #require(Self.unbrotli(page.bytes))
            #expect(html.hasPrefix("<!doctype html>") && html.contains("id=\"search\""))

            // One script (hub.js comes inside it) and the stylesheet, each by its version.
            let links = html.matches(of: /(?:src|href)="(\/assets\/([a-z.]+)\?v=([0-9a-f]{16}))"/).map {
                (url: String($0.output.1), name: String($0.output.2), version: String($0.output.3))
            }
            #expect(links.map(\.name).sorted() == ["counter.js", "hub.css"])
            // The panels' script is not loaded with the page: counter.js loads it, by the version the page names.
            let panels = try #require(
                html.firstMatch(of: /name="counter-panels" content="(\/assets\/counter-panels\.js\?v=[0-9a-f]{16})"/),
                "\(html)")
            let kept = try await shop.send("GET", String(panels.output.1), headers: [:], body: nil)
            #expect(kept.status == 200 && kept.header("Cache-Control") == "max-age=31536000, immutable")
            for link in links {
                let kept = try await shop.send("GET", link.url, headers: ["Accept-Encoding": "gzip"], body: nil)
                #expect(kept.status == 200 && kept.header("Cache-Control") == "max-age=31536000, immutable")
                #expect(kept.header("ETag")?.hasPrefix("\"\(link.version)") == true)
                // An old page's version (another build): asked again each time.
                let old = try await shop.send("GET", "/assets/\(link.name)?v=0000000000000000", headers: [:], body: nil)
                #expect(old.status == 200 && old.header("Cache-Control") == "no-cache")
            }
            // The pairing page and the back office too.
            compressedHeaders["Accept-Encoding"] = "gzip, deflate"
            for path in ["/pair", "/office", "/office/reorder"] {
                let other = try await shop.send("GET", path, headers: compressedHeaders, body: nil)
                #expect(other.status == 200 && other.header("Content-Encoding") == "gzip", "\(path)")
                #expect(try await Self.gunzip(other.bytes).contains("</html>"), "\(path)")
            }
        }
    }

    /// The scripts as served (minified, hub.js in front) still parse: node's syntax check, where node is
    /// installed (the browser tests run them in Chromium either way).
    @Test func theServedScriptsParse() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/node") else { return }
        try await HubShop.inMemory { shop in
            for name in Self.names where name.hasSuffix(".js") {
                let script = try await shop.send("GET", "/assets/\(name)", headers: [:], body: nil)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).js")
                try Data(script.bytes).write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                let checked = try await ChildProcess.run("/usr/bin/node", ["--check", file.path])
                #expect(checked.status == 0, "\(name): \(checked.stderr)")
            }
        }
    }

    /// Style sheets go without their comments and spare line breaks; quoted text is kept whole, a line break
    /// between two parts of a selector stays a space, and one the minifier cannot read is served as written.
    @Test func styleSheetsLoseTheirCommentsAndNothingElse() throws {
        let source = """
            /* the card */
            .card .price,
            .card .was{content:"a /* b */ c";margin:0}
            .bar
            a{color:red}
            """
        let minified = String(decoding: try #require(StyleMinifier.minify(Array(source.utf8))), as: UTF8.self)
        #expect(minified == ".card .price,.card .was{content:\"a /* b */ c\";margin:0}.bar a{color:red}", "\(minified)")
        #expect(StyleMinifier.minify(Array("a{b:c} /* open".utf8)) == nil)
        let served = HubAssets.files["hub.css"]?.bytes ?? []
        #expect(!served.isEmpty && !String(decoding: served, as: UTF8.self).contains("/*"))
        #expect(served.count < PackageResources.hub_css.count)
    }
}
