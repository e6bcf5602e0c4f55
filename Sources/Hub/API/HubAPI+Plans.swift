import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `GET /api/v1/plans` (`?all=1` for applied and cancelled too; as `catalog prices plans --json`, with the
    /// `location`'s name), `GET /api/v1/plans/{id}` (with its `prices`), `POST /api/v1/plans/{id}/cancel` (a
    /// manager; as `catalog prices cancel`, an event `plans`) and `POST /api/v1/plans/{id}/print` (`{"template",
    /// "printer"}`: the plan's tags at its new prices in shelf order with aisle headings, as `catalog label print
    /// --plan`, at the hub's location; answered and followed as `POST /api/v1/labels/print`).
    static func addPlans(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/plans") { request, _ in
            await answer {
                let all = ["1", "true", "yes"].contains(request.uri.queryParameters.get("all") ?? "")
                let staging = try StagedPrices(context: services.context)
                let names = try await staging.locationNames()
                return HubResponse.json(
                    .array(
                        try await staging.plans(all: all).map { summary in
                            var json = summary.json
                            json["location"] = summary.plan.locationID.map { .string(names[$0] ?? $0) } ?? .null
                            return json
                        }))
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
        router.post("/api/v1/plans") { request, context in
            await answer {
                let body = try await Self.body(PlanStageBody.self, request, context: context)
                let made = services.context(for: context.device)
                let here = try await services.shop().here
                guard body.where != "here" || here != nil else {
                    throw AppError(
                        "The hub has no location of its own: stage the plan for every location.", exitCode: .usage)
                }
                let staging = try StagedPrices(context: made)
                let staged = try await staging.stage(
                    Array(body.csv.utf8), file: body.file ?? "prices.csv", at: body.at, name: body.name,
                    options: PriceImportOptions(location: body.where == "here" ? here : nil))
                await services.events.publish(
                    "plans",
                    [
                        "id": staged.plan.id.map(JSONValue.int) ?? .null, "name": .string(staged.plan.name),
                        "status": "staged",
                    ])
                return HubResponse.json(staged.json, status: .created)
            }
        }
        router.post("/api/v1/plans/:id/print") { request, context in
            await answer {
                let body = try await Self.body(PlanPrintBody.self, request, context: context)
                let made = try template(named: body.template, services: services, device: context.device)
                let staging = try StagedPrices(context: made.context)
                let id = pathPart(context, "id")
                let name = try await staging.plan(id).plan.name
                let tags = try await staging.tags(id, at: try await services.shop().here?.id)
                guard !tags.variations.isEmpty else {
                    throw AppError("This plan changes no tag here.", exitCode: .notFound)
                }
                var labels = made.request
                labels.pricedAt = tags.effective
                labels.aisleHeadings = true
                return try await followed(
                    context: made.context, services: services, item: { "\($0.items.count) tags: \(name)" }
                ) {
                    try await LabelPrinting.print(
                        tags.variations, request: labels, template: made.template, printer: body.printer, title: name,
                        context: made.context)
                }
            }
        }
    }
}

/// The body of `POST /api/v1/plans/{id}/print`: the template and printer, when not the hub's own.
struct PlanPrintBody: HubRequestBody {
    var template: String?
    var printer: String?
}

/// The body of `POST /api/v1/plans`: a price file's text (`csv`, columns found as `catalog prices plan`
/// finds them), when it takes effect (`at`, `2026-12-01 08:00` on the location's clock), its `name` and the
/// file's (`file`), and `where`: `everywhere` (base prices, the default) or `here` (the hub's location's own).
struct PlanStageBody: HubRequestBody {
    var csv: String
    var at: String
    var name: String?
    var file: String?
    var `where`: String?

    static func problem(with field: String, missing: Bool) -> String? {
        switch field {
        case "csv": return "\"csv\" must be the price file's text: a column of codes and a column of prices."
        case "at": return "\"at\" must say when the prices take effect, such as \"2026-12-01 08:00\"."
        default: return nil
        }
    }

    func validate() throws {
        if let place = `where`, !["everywhere", "here"].contains(place) {
            throw AppError("\"where\" must be \"everywhere\" or \"here\".", exitCode: .usage)
        }
        try AppError.refuseControlCharacters(in: name, field: "name")
    }
}
