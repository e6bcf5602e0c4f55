import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `POST /api/v1/reorder` (`{"code", "quantity"}`): adds to the shop's one reorder list, under the
    /// device's name, as `catalog reorder add` does.
    static func addReorder(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/reorder") { request, context in
            await answer {
                let body = try await Self.body(ReorderAddBody.self, request, context: context)
                let quantity = try ReorderWorkflow.quantity(body.quantity?.value ?? 1, field: "quantity")
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let variation = try await Lookup.single(body.code, in: services.database)
                let line = try await workflow.add(variation, quantity: quantity)
                let json = ReorderOutput.json(line)
                await services.events.publish("reorder", json)
                return HubResponse.json(json, status: .created)
            }
        }
        addReorderList(to: router, services: services)
    }
}

/// The body of `POST /api/v1/reorder`: the code to add and how many (1 unless said; the workflow checks the
/// range).
struct ReorderAddBody: HubRequestBody {
    var code: String
    var quantity: WholeNumber?
}
