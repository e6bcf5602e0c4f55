import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// `GET /api/v1/outbox` (`?all=1`; as `catalog outbox --json`), `POST /api/v1/outbox/{id}/resolve`
    /// (`{"keep": "mine" | "square"}`; as `catalog outbox resolve N --keep local|remote --json`, an event
    /// `outbox`) and `GET /api/v1/history?limit=` (as `catalog history --json`, each entry with the
    /// `name` of what it changed and its `field_name` as staff read them: `WriteHistory.named`).
    static func addOutbox(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/outbox") { request, _ in
            await answer {
                let all = ["1", "true", "yes"].contains(request.uri.queryParameters.get("all") ?? "")
                let entries = try await OutboxReview.entries(all: all, database: services.database)
                return HubResponse.json(.array(entries.map(\.json)))
            }
        }
        router.post("/api/v1/outbox/:id/resolve") { request, context in
            await answer {
                let text = pathPart(context, "id")
                guard let id = Int64(text), id > 0 else {
                    throw AppError(
                        "“\(Terminal.echo(text))” is not an outbox entry: give the whole number shown as \"id\" by "
                            + "GET /api/v1/outbox.", exitCode: .usage)
                }
                let body = try await Self.body(ResolveBody.self, request, context: context)
                let resolution = try await OutboxReview.resolve(
                    id, keepLocal: body.keep == .mine, context: services.context(for: context.device))
                await services.events.publish("outbox", resolution.json)
                return HubResponse.json(resolution.json)
            }
        }
        router.get("/api/v1/history") { request, _ in
            await answer {
                let limitText = request.uri.queryParameters.get("limit").map { String($0) }
                guard let limit = limitText.map({ Int($0) }) ?? 200, (1...pageSizeMost).contains(limit) else {
                    throw AppError(
                        "limit must be a whole number from 1 to \(pageSizeMost), such as 50.", exitCode: .usage)
                }
                let entries = try await WriteHistory.entries(
                    code: nil, since: nil, limit: limit, database: services.database)
                return HubResponse.json(.array(try await WriteHistory.named(entries, database: services.database)))
            }
        }
    }
}

/// The body of `POST /api/v1/outbox/{id}/resolve`: whose value wins.
struct ResolveBody: HubRequestBody {
    /// Whose value an outbox conflict keeps.
    enum Keep: String, Decodable, Sendable {
        /// The value the counter wanted, written over Square's.
        case mine
        /// Square's value.
        case square
    }

    var keep: Keep

    static func problem(with field: String, missing: Bool) -> String? {
        field == "keep" && !missing
            ? "\"keep\" must be \"mine\" (write the value the counter wanted over Square's) or \"square\" (keep "
                + "Square's value)." : nil
    }
}
