import Foundation
import HTTPServing
import Hummingbird
import Store

/// Says in every answer how long the hub took to make it, and answers a path no route has with the hub's
/// JSON error. The timing: (`Server-Timing: app;dur=MILLISECONDS, db;dur=MS;desc="N trips", dbwait;dur=MS`,
/// which a browser's developer tools show and `catalog-bench serve` reads): the time at the server, without
/// the network; of it, the time SQLite statements ran (`db`, over N trips to the database) and the time
/// spent getting to a connection and back (`dbwait`: a free reader, the writer's turn, the thread hops; see
/// `DatabaseTiming`). For the event stream it is the time until the stream opened.
struct ServerTiming: RouterMiddleware {
    typealias Context = HubRequestContext

    static let header = "Server-Timing"

    func handle(
        _ request: Request, context: HubRequestContext,
        next: (Request, HubRequestContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let database = DatabaseTiming()
        var response: Response
        do {
            response = try await DatabaseTiming.$current.withValue(database) { try await next(request, context) }
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            // No route: the same JSON error as every other refusal, not an empty page.
            response = HubResponse.error(
                "There is no \(request.method) \(request.uri.path) on the hub. The pages are / and /office; the API "
                    + "is under /api/v1 (docs/api.md).", status: error.status)
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[named: Self.header] = String(
            format: "app;dur=%.3f, db;dur=%.3f;desc=\"%d trips\", dbwait;dur=%.3f", milliseconds,
            database.runningMilliseconds, database.trips, database.waitingMilliseconds)
        return response
    }
}
