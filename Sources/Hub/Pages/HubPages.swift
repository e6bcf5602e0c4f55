import CatalogApp
import HTTPServing
import Hummingbird

/// The hub's web pages: server-rendered HTML, the stylesheet and the scripts, all served from the binary.
enum HubPages {
    static func add(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/") { _, context in
            guard let device = context.device else { return HubResponse.html(PairPage.render(code: nil, problem: nil)) }
            let shop = try? await services.shop()
            return page(CounterPage.render(device: device, location: shop?.here?.name, shopName: nil))
        }
        router.get("/pair") { request, _ in
            page(PairPage.render(code: request.uri.queryParameters.get("code").map { String($0) }, problem: nil))
        }
        router.get("/assets/:name") { _, context in
            guard let name = context.parameters.get("name"), let asset = HubAssets.files[name] else {
                return HubResponse.error("No such file.", status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = asset.type
            headers[.cacheControl] = "no-cache"
            headers[.eTag] = asset.etag
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: asset.text)))
        }
    }

    /// A page with the headers every page carries: only the hub's own scripts, styles and connections, and
    /// never inside another site's frame.
    static func page(_ html: String) -> Response {
        var response = HubResponse.html(html)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
        response.headers[named: "X-Content-Type-Options"] = "nosniff"
        response.headers[named: "Referrer-Policy"] = "no-referrer"
        return response
    }
}
