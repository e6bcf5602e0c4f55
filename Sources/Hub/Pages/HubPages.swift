import CatalogApp
import HTTPServing
import Hummingbird

/// The hub's web pages: server-rendered HTML, the stylesheet and the scripts, all served from the binary.
enum HubPages {
    static func add(to router: Router<HubRequestContext>, services: HubServices) {
        // Every page from here on (these and the back office's) goes compressed to a browser that takes it.
        router.add(middleware: PageCompression())
        // The files are minified and compressed once, about 0.2 s; done now, not in the first browser's wait.
        Task.detached(priority: .utility) { _ = HubAssets.files.count }
        router.get("/") { _, context in
            guard let device = context.device else { return HubResponse.html(PairPage.render(code: nil, problem: nil)) }
            let shop = try? await services.shop()
            return page(
                CounterPage.render(
                    device: device, location: shop?.here?.name, shopName: nil, wedge: services.wedge,
                    format: shop?.format))
        }
        router.get("/pair") { request, _ in
            page(PairPage.render(code: request.uri.queryParameters.get("code").map { String($0) }, problem: nil))
        }
        // A new code as a QR code for a phone, on a manager's screen (the hub's own, once signed in).
        router.get("/pair/new") { _, context in
            do {
                try HubRoles.check(.manager("pair a new device"), context)
            } catch let refusal as HubRoles.Refusal {
                var response = page(PairPage.renderInvitation(code: nil, problem: refusal.message))
                response.status = .forbidden
                return response
            }
            let code = try await DeviceKeys.makePairingCode(in: services.database, now: services.now)
            return page(PairPage.renderInvitation(code: code, problem: nil))
        }
        router.get("/assets/:name") { request, context in
            guard let name = context.parameters.get("name"), let asset = HubAssets.files[name] else {
                return HubResponse.error("No such file.", status: .notFound)
            }
            return HubAssets.response(asset, to: request)
        }
    }

    /// A page with the header every page carries: only the hub's own scripts, styles and connections, and
    /// never inside another site's frame (`SecurityHeaders` adds what every answer carries).
    static func page(_ html: String) -> Response {
        var response = HubResponse.html(html)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
        return response
    }
}

/// An HTML page compressed for a browser whose Accept-Encoding takes it (Brotli, else gzip). Pages are made for
/// each request, with the device's CSRF token, so each is compressed as it goes: a few kilobytes, about a
/// millisecond.
struct PageCompression: RouterMiddleware {
    typealias Context = HubRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard response.headers[.contentType]?.hasPrefix("text/html") == true,
            response.headers[.contentEncoding] == nil
        else { return response }
        response.headers[.vary] = "Accept-Encoding"
        guard let coding = Compression.chosen(by: request.headers[.acceptEncoding]) else { return response }
        let collected = Collected()
        try await response.body.write(collected)
        guard let compressed = coding.compress(collected.bytes, fast: true),
            compressed.count < collected.bytes.count
        else {
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: collected.bytes))
            return response
        }
        response.headers[.contentEncoding] = coding.rawValue
        response.headers[.contentLength] = nil
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
        return response
    }

    /// What a page's body writes, kept to be compressed.
    final class Collected: ResponseBodyWriter {
        var bytes: [UInt8] = []
        func write(_ buffer: ByteBuffer) async throws { bytes += buffer.readableBytesView }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
