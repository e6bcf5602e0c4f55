import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `POST /api/v1/reorder` (`{"code", "quantity", "request_id"}`): adds to the shop's one reorder list,
    /// under the device's name, as `catalog reorder add` does. With a `request_id`, the same request sent
    /// again is answered again and adds nothing more (`RequestLedger`).
    static func addReorder(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/reorder") { request, context in
            await answer {
                let body = try await Self.body(ReorderAddBody.self, request, context: context)
                let quantity = try ReorderWorkflow.quantity(body.quantity?.value ?? 1, field: "quantity")
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let add = { @Sendable () async throws -> (status: Int, answer: JSONValue) in
                    let variation = try await Lookup.single(
                        body.code, in: services.database, frontEnd: services.context.frontEnd)
                    let json = ReorderOutput.json(try await workflow.add(variation, quantity: quantity))
                    await services.events.publish("reorder", json)
                    return (201, json)
                }
                let result: (status: Int, answer: JSONValue)
                if let id = body.requestID {
                    result = try await services.requests.once(id: id, route: "POST /api/v1/reorder", add)
                } else {
                    result = try await add()
                }
                return HubResponse.json(result.answer, status: .init(code: result.status))
            }
        }
        addReorderList(to: router, services: services)
    }
}

/// The body of `POST /api/v1/reorder`: the code to add, how many (1 unless said; the workflow checks the
/// range), and the request's own id when it may be sent again.
struct ReorderAddBody: HubRequestBody {
    var code: String
    var quantity: WholeNumber?
    /// The device's id for this add, when it may send it again.
    var requestID: String?

    enum CodingKeys: String, CodingKey {
        case code, quantity
        case requestID = "request_id"
    }
}
