import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// The print queue: `GET /api/v1/label-jobs` (`?all=1` for every job kept; as `catalog label queue
    /// --json`), `POST /api/v1/label-jobs/{id}/retry` (`{"printer"}` to send it to another printer; 202, then
    /// followed as `POST /api/v1/labels/print` is) and `POST /api/v1/label-jobs/{id}/cancel`; and
    /// `GET /api/v1/printers/routes`, where each template's, counter's and location's tags print.
    static func addLabelJobs(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/label-jobs") { request, _ in
            await answer {
                let all = ["1", "true", "yes"].contains(request.uri.queryParameters.get("all") ?? "")
                let jobs = try await LabelQueue(context: services.context).list(all: all)
                return HubResponse.json(.array(jobs.map(\.json)))
            }
        }
        router.post("/api/v1/label-jobs/:id/retry") { request, context in
            await answer {
                let body = try await Self.body(LabelJobRetryBody.self, request, context: context)
                let id = try LabelQueue.number(pathPart(context, "id"))
                let made = services.context(for: context.device)
                return try await followed(
                    context: made, services: services,
                    item: { $0.items.count == 1 ? $0.items[0] : $0.labelJob.title }
                ) { try await LabelPrinting.retry(id, printer: body.printer, context: made) }
            }
        }
        router.post("/api/v1/label-jobs/:id/cancel") { _, context in
            await answer {
                let id = try LabelQueue.number(pathPart(context, "id"))
                let job = try await LabelQueue(context: services.context(for: context.device)).cancel(id)
                await services.events.publish("print", job.json)
                return HubResponse.json(job.json)
            }
        }
        router.get("/api/v1/printers/routes") { _, _ in
            await answer {
                let routes = try await LabelQueue(context: services.context).routes()
                let names = try await StagedPrices(context: services.context).locationNames()
                return HubResponse.json(
                    .array(
                        routes.map { route in
                            var json = route.json
                            json["location"] = route.locationID.map { .string(names[$0] ?? $0) } ?? .null
                            return json
                        }))
            }
        }
    }
}

/// The body of `POST /api/v1/label-jobs/{id}/retry`: the printer to send it to, when not the one it went to.
struct LabelJobRetryBody: HubRequestBody {
    var printer: String?
}
