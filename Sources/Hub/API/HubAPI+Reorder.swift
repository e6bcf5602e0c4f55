import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `POST /api/v1/reorder` (`{"code", "quantity"}`): adds to the shop's one reorder list, under the
    /// device's name, as `catalog reorder add` does.
    static func addReorder(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/reorder") { request, context in
            await answer {
                let body = try await object(request, context: context)
                let code = try text(body, "code") ?? ""
                let quantity = try ReorderWorkflow.quantity(quantityField(body) ?? 1, field: "quantity")
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let variation = try await Lookup.single(code, in: services.database)
                let line = try await workflow.add(variation, quantity: quantity)
                let json = ReorderOutput.json(line)
                await services.events.publish("reorder", json)
                return HubResponse.json(json, status: .created)
            }
        }
        addReorderList(to: router, services: services)
    }

    /// The whole number in `"quantity"`, nil when absent; a 400 when it is not a whole number. Its range is
    /// the workflow's to check.
    static func quantityField(_ body: JSONValue) throws -> Int? {
        guard let value = body["quantity"], value != .null else { return nil }
        guard let number = value.doubleValue, number == number.rounded(), abs(number) < 1e9 else {
            throw AppError("\"quantity\" must be a whole number, such as 6.", exitCode: .usage)
        }
        return Int(number)
    }
}
