import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// What an unknown code at the counter can lead to: `POST /api/v1/variations/{code}/barcode` (`{"gtin"}`)
    /// gives the variation `code` names that barcode, as `catalog edit --gtin` does (fetch-before-update,
    /// refused when another variation has it; setting the same one again changes nothing), and `POST
    /// /api/v1/items` (`{"request_id", "name", "price", "variation_name", "sku", "gtin", "category"}`) creates
    /// the item as `catalog item create` does, once per request id.
    static func addItems(to router: Router<HubRequestContext>, services: HubServices) {
        router.post("/api/v1/variations/:code/barcode") { request, context in
            await answer {
                let body = try await Self.body(BarcodeBody.self, request, context: context)
                return try await edit(
                    pathPart(context, "code"), EditRequest(gtin: body.gtin), seen: nil, services: services,
                    device: context.device)
            }
        }
        router.post("/api/v1/items") { request, context in
            await answer {
                let body = try await Self.body(NewItemBody.self, request, context: context)
                let itemContext = services.context(for: context.device)
                let result = try await services.requests.once(id: body.requestID, route: "POST /api/v1/items") {
                    let workflow = try ItemCreationWorkflow(context: itemContext)
                    let creation = try await workflow.create(
                        try await workflow.draft(
                            NewItemRequest(
                                name: body.name, variationName: body.variationName, price: body.price, sku: body.sku,
                                gtin: body.gtin, categories: body.category.map { [$0] } ?? [])))
                    var json = creation.json
                    json["counter"] = .string(itemContext.counter)
                    if case .created = creation.status { return (201, json) }
                    return (202, json)
                }
                if result.answer["repeated"] != true { await services.events.publish("item", result.answer) }
                return HubResponse.json(result.answer, status: .init(code: result.status))
            }
        }
    }

    /// Runs one edit of the variation `code` names as the device, and answers as the price and barcode routes
    /// do: the edit's JSON with `label`, `counter` and `text`; 200 applied or unchanged, 202 queued for Square,
    /// 409 a conflict (nothing written); an `edit` event to open pages unless a conflict.
    static func edit(
        _ code: String, _ request: EditRequest, seen: JSONValue?, services: HubServices, device: PairedDevice?
    ) async throws -> Response {
        let editContext = services.context(for: device)
        let outcome = try await EditWorkflow(context: editContext).edit(code, request, seenPrice: seen)
        var json = EditOutput.json(outcome.result)
        json["label"] = .string(outcome.variation.label)
        json["counter"] = .string(editContext.counter)
        json["text"] = .string(
            EditOutput.text(
                outcome.result, label: outcome.variation.label, location: outcome.location,
                frontEnd: editContext.frontEnd))
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

/// The body of `POST /api/v1/variations/{code}/barcode`: the barcode as read or typed.
struct BarcodeBody: HubRequestBody {
    var gtin: String
}

/// The body of `POST /api/v1/items`: the request's own id (a retry creates nothing more), the item's name,
/// its first variation's price as typed (none: variable), and optionally that variation's name, SKU and
/// barcode, and a category by name.
struct NewItemBody: HubRequestBody {
    var requestID: String
    var name: String
    var price: String?
    var variationName: String?
    var sku: String?
    var gtin: String?
    var category: String?

    enum CodingKeys: String, CodingKey {
        case requestID = "request_id"
        case name, price, sku, gtin, category
        case variationName = "variation_name"
    }
}
