import CatalogApp
import CatalogCore
import Hummingbird
import Store

extension HubAPI {
    /// The back office's reorder routes, each the rule of the matching `catalog reorder` command:
    /// `GET /api/v1/reorder` (`?all=1`, `?vendor=`), `POST /api/v1/reorder/{id}/quantity`,
    /// `DELETE /api/v1/reorder/{id}`, `POST /api/v1/reorder/suggest`, `POST /api/v1/reorder/order`,
    /// `GET /api/v1/reorder/export.pdf|csv` and `POST /api/v1/reorder/{id}/receive`. Every change is an
    /// event `reorder`.
    static func addReorderList(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/reorder") { request, _ in
            await answer {
                let parameters = request.uri.queryParameters
                let all = ["1", "true", "yes"].contains(parameters.get("all") ?? "")
                let lines = try await ReorderWorkflow(context: services.context, database: services.database).lines(
                    statuses: try ReorderWorkflow.statuses(all ? "all" : "open"),
                    vendor: parameters.get("vendor").map { String($0) }, location: services.location)
                return HubResponse.json(.array(ReorderOutput.sorted(lines).map(ReorderOutput.json)))
            }
        }
        router.post("/api/v1/reorder/:id/quantity") { request, context in
            await answer {
                let id = try lineID(context)
                let quantity = try await Self.body(QuantityBody.self, request, context: context).quantity.value
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let wanted = try await workflow.line(id: id, statuses: [.wanted])
                let line = try await workflow.setQuantity(wanted.variationID, to: quantity)
                return await changed(ReorderOutput.json(line), services: services)
            }
        }
        router.delete("/api/v1/reorder/:id") { _, context in
            await answer {
                let id = try lineID(context)
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let wanted = try await workflow.line(id: id, statuses: [.wanted])
                _ = try await workflow.remove(wanted.variationID)
                let removed = try await workflow.line(id: id, statuses: Set(ReorderLine.Status.allCases))
                return await changed(ReorderOutput.json(removed), services: services)
            }
        }
        router.post("/api/v1/reorder/suggest") { request, context in
            await answer {
                let body = try await Self.body(SuggestBody.self, request, context: context)
                let apply = body.apply ?? false
                let here = try await hubLocation(services, for: "suggest what to order")
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                guard
                    let found = try await workflow.suggest(
                        location: here.id, factor: body.factor, apply: apply)
                else { throw AppError("The hub has no location to read stock at.", exitCode: .usage) }
                let json: JSONValue = [
                    "location": .string(found.location.name),
                    "suggestions": .array(found.report.suggestions.map(ReorderOutput.json)),
                    "added": .int(found.added.count),
                    "summary": .string(ReorderOutput.summary(found, frontEnd: workflow.context.frontEnd)),
                ]
                return apply ? await changed(json, services: services) : HubResponse.json(json)
            }
        }
        router.post("/api/v1/reorder/order") { request, context in
            await answer {
                let vendor = try await Self.body(OrderBody.self, request, context: context).vendor
                let named = services.context(for: context.device)
                let workflow = ReorderWorkflow(context: named, database: services.database)
                var document: [UInt8] = []
                _ = try await workflow.order(vendor: vendor, location: services.location, reference: nil) {
                    lines, reference in
                    document = try ReorderExport(format: "json").encode(
                        lines, defaultPaper: named.settings.reorder.paper, reference: reference, at: services.now)
                }
                return await changed(try JSONValue.parse(document), services: services)
            }
        }
        for format in ["pdf", "csv"] {
            router.get("/api/v1/reorder/export.\(format)") { request, _ in
                await answer { try await export(format, request: request, services: services) }
            }
        }
        router.post("/api/v1/reorder/:id/receive") { request, context in
            await answer {
                let id = try lineID(context)
                let body = try await Self.body(ReceiveBody.self, request, context: context)
                let quantity = try body.quantity.map { try ReorderWorkflow.quantity($0.value, field: "quantity") }
                let here = try await hubLocation(services, for: "receive stock")
                let workflow = ReorderWorkflow(
                    context: services.context(for: context.device), database: services.database)
                let line = try await workflow.line(id: id, statuses: [.wanted, .ordered])
                let receipt = try await workflow.receive(try workflow.variation(of: line), quantity: quantity, at: here)
                let json = ReorderOutput.json(receipt)
                await services.events.publish("reorder", json)
                return HubResponse.json(json, status: receipt.queued ? .accepted : .ok)
            }
        }
    }

    /// `catalog reorder export --format FORMAT` as a download: `?vendor=`, `?status=` (wanted by default). Its
    /// CSV writes cells that start like a formula as text, as `--excel` does: staff open it in a spreadsheet.
    static func export(_ format: String, request: Request, services: HubServices) async throws -> Response {
        let parameters = request.uri.queryParameters
        let vendor = parameters.get("vendor").map { String($0) }
        let statuses = try ReorderWorkflow.statuses(
            parameters.get("status").map { String($0) } ?? "wanted", field: "status")
        let lines = try await ReorderWorkflow(context: services.context, database: services.database).lines(
            statuses: statuses, vendor: vendor, location: services.location)
        let bytes = try ReorderExport(format: format, formulaSafe: true).encode(
            lines, defaultPaper: services.context.settings.reorder.paper, reference: nil, at: services.now)
        let slug = (vendor ?? "all").lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        return HubResponse.download(bytes, format: format, filename: "reorder-\(String(slug)).\(format)")
    }

    /// Publishes a change to the list as an event `reorder` and answers it.
    static func changed(_ json: JSONValue, services: HubServices) async -> Response {
        await services.events.publish("reorder", json)
        return HubResponse.json(json)
    }

    /// The path's `{id}` as a reorder line id; a 400 otherwise.
    static func lineID(_ context: HubRequestContext) throws -> Int64 {
        let text = pathPart(context, "id")
        guard let id = Int64(text), id > 0 else {
            throw AppError(
                "“\(Terminal.echo(text))” is not a line id: give the whole number shown as \"id\" by GET /api/v1/reorder.",
                exitCode: .usage)
        }
        return id
    }

    /// The hub's location, needed to `purpose`; a 400 saying how to give one otherwise.
    static func hubLocation(_ services: HubServices, for purpose: String) async throws -> CounterLocation {
        guard let here = try await services.shop().here else {
            throw AppError(
                "The hub has no location, so it cannot \(purpose): \(services.context.frontEnd.chooseLocation).",
                exitCode: .usage)
        }
        return here
    }
}

/// The body of `POST /api/v1/reorder/{id}/quantity`: the line's new quantity (0 takes it off).
struct QuantityBody: HubRequestBody {
    var quantity: WholeNumber

    static func problem(with field: String, missing: Bool) -> String? {
        field == "quantity" && missing ? "The request needs \"quantity\", such as 6 (0 takes the line off)." : nil
    }
}

/// The body of `POST /api/v1/reorder/suggest`: whether to add the suggestions to the list (no unless said),
/// and how many times its threshold to order up to when not the configured factor.
struct SuggestBody: HubRequestBody {
    var apply: Bool?
    var factor: Double?
}

/// The body of `POST /api/v1/reorder/order`: the vendor whose wanted lines are ordered.
struct OrderBody: HubRequestBody {
    var vendor: String
}

/// The body of `POST /api/v1/reorder/{id}/receive`: how many came in (the line's quantity unless said).
struct ReceiveBody: HubRequestBody {
    var quantity: WholeNumber?
}
