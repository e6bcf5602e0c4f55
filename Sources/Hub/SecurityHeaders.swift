import Hummingbird

/// The headers every answer of the hub carries, pages, assets and JSON alike: nothing it sends is read as
/// another type than it says (`X-Content-Type-Options: nosniff`), and no address of the hub's leaves with a
/// link followed from it (`Referrer-Policy: no-referrer`). Pages add their Content-Security-Policy
/// (`HubPages.page`), and under TLS every answer carries HSTS (`TransportResponder`).
struct SecurityHeaders: RouterMiddleware {
    typealias Context = HubRequestContext

    func handle(
        _ request: Request, context: HubRequestContext,
        next: (Request, HubRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[named: "X-Content-Type-Options"] = "nosniff"
        response.headers[named: "Referrer-Policy"] = "no-referrer"
        return response
    }
}
