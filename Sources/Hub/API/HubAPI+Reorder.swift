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
                let quantity: Int
                switch body["quantity"] {
                case nil, .null: quantity = 1
                case .some(let value):
                    guard let number = value.doubleValue, number == number.rounded(), abs(number) < 1e9 else {
                        throw AppError("\"quantity\" must be a whole number, such as 6.", exitCode: .usage)
                    }
                    quantity = try ReorderWorkflow.quantity(Int(number), field: "quantity")
                }
                var deviceContext = services.context
                deviceContext.settings.counter = context.device?.name ?? deviceContext.settings.counter
                let workflow = ReorderWorkflow(context: deviceContext, database: services.database)
                let variation = try await Lookup.single(code, in: services.database)
                let line = try await workflow.add(variation, quantity: quantity)
                let json = ReorderOutput.json(line)
                await services.events.publish("reorder", json)
                return HubResponse.json(json, status: .created)
            }
        }
    }
}
