import Foundation
import Hummingbird

/// Says in every answer how long the hub took to make it (`Server-Timing: app;dur=MILLISECONDS`, which a
/// browser's developer tools show and `catalog-bench serve` reads): the time at the server, without the
/// network. For the event stream it is the time until the stream opened.
struct ServerTiming: RouterMiddleware {
    typealias Context = HubRequestContext

    static let header = HTTPFields.Element.Name("Server-Timing")!

    func handle(
        _ request: Request, context: HubRequestContext,
        next: (Request, HubRequestContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[Self.header] = String(format: "app;dur=%.3f", milliseconds)
        return response
    }
}
