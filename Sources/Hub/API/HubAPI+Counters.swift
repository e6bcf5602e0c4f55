import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// `POST /api/v1/variations/{code}/price` (`{"price", "where": "here" | "everywhere", "seen"}`): the
    /// price change `catalog edit --price` makes, fetch-before-update; `seen` is the price the person saw
    /// (money JSON, or null for none), and when Square's has moved away from it since, the answer is 409 with
    /// Square's value under `remote` and nothing is written. `GET /api/v1/counters` and
    /// `POST /api/v1/counters/{name}/mode` (`{"mode"}`): the counters' scanner modes.
    static func addCounters(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/variations/:code/price") { request, context in
            await answer {
                let code = pathPart(context, "code")
                let body = try await object(request, context: context)
                let price = try text(body, "price") ?? ""
                let whereText = try text(body, "where", required: false) ?? "everywhere"
                guard ["here", "everywhere"].contains(whereText) else {
                    throw AppError("\"where\" must be \"here\" or \"everywhere\".", exitCode: .usage)
                }
                let seen = body["seen"]
                if let seen, seen != .null, Money(json: seen) == nil, seen.stringValue != "variable" {
                    throw AppError(
                        "\"seen\" must be the price shown, such as {\"amount\": 499, \"currency\": \"GBP\"}, or null.",
                        exitCode: .usage)
                }
                var location: String?
                if whereText == "here" {
                    guard let here = try await services.shop().here else {
                        throw AppError(
                            "The hub has no location, so “here” means nothing: change the price everywhere, or start "
                                + "the hub with --location.", exitCode: .usage)
                    }
                    location = here.id
                }
                var deviceContext = services.context
                deviceContext.settings.counter = context.device?.name ?? deviceContext.settings.counter
                let outcome = try await EditWorkflow(context: deviceContext).edit(
                    code, EditRequest(price: price, location: location), seenPrice: seen)
                var json = EditOutput.json(outcome.result)
                json["label"] = .string(outcome.variation.label)
                json["counter"] = .string(deviceContext.counter)
                json["text"] = .string(
                    EditOutput.text(outcome.result, label: outcome.variation.label, location: outcome.location))
                let status: HTTPResponse.Status
                switch outcome.result.status {
                case .applied, .unchanged: status = .ok
                case .queued: status = .accepted
                case .conflict: status = .conflict
                }
                if status != .conflict { await services.events.publish("edit", json) }
                return HubResponse.json(json, status: status)
            }
        }
        router.get("/api/v1/counters") { _, _ in
            await answer {
                let counters = await services.desk.counters
                return HubResponse.json(
                    .array(counters.map { ["counter": .string($0.name), "mode": .string($0.mode)] }))
            }
        }
        router.post("/api/v1/counters/:name/mode") { request, context in
            await answer {
                let body = try await object(request, context: context)
                let name = pathPart(context, "name")
                return HubResponse.json(
                    try await services.desk.switchMode(counter: name, to: try text(body, "mode") ?? ""))
            }
        }
    }
}
