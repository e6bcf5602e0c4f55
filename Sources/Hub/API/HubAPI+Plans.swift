import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `GET /api/v1/plans` (`?all=1` for applied and cancelled too; as `catalog prices plans --json`),
    /// `GET /api/v1/plans/{id}` (with its `prices`) and `POST /api/v1/plans/{id}/cancel` (a manager; as
    /// `catalog prices cancel`, an event `plans`).
    static func addPlans(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/plans") { request, _ in
            await answer {
                let all = ["1", "true", "yes"].contains(request.uri.queryParameters.get("all") ?? "")
                let plans = try await StagedPrices(context: services.context).plans(all: all)
                return HubResponse.json(.array(plans.map(\.json)))
            }
        }
        router.get("/api/v1/plans/:id") { _, context in
            await answer {
                let (plan, lines) = try await StagedPrices(context: services.context).plan(pathPart(context, "id"))
                var object = StagedPlanSummary(plan: plan, lines: lines.count).json
                object["prices"] = .array(lines.map(\.json))
                return HubResponse.json(object)
            }
        }
        router.post("/api/v1/plans/:id/cancel") { _, context in
            await answer {
                let staging = try StagedPrices(context: services.context(for: context.device))
                let plan = try await staging.cancel(pathPart(context, "id"))
                let lines = try await staging.plan(pathPart(context, "id")).lines.count
                await services.events.publish(
                    "plans",
                    ["id": plan.id.map(JSONValue.int) ?? .null, "name": .string(plan.name), "status": "cancelled"])
                return HubResponse.json(StagedPlanSummary(plan: plan, lines: lines).json)
            }
        }
    }
}
