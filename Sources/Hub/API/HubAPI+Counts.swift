import CatalogApp
import CatalogCore
import Foundation
import Hummingbird
import Store

extension HubAPI {
    /// Stock counts from the back office, all through `CountWorkflow` with the command line's rules:
    /// `GET /api/v1/counts` (`?all=1` for posted and cancelled ones too: each count with its totals and its
    /// areas' progress), `GET /api/v1/counts/{id}` (with its lines; a blind count's expected figures only to a
    /// manager), `GET /api/v1/counts/{id}/review` (as `catalog count review --json`; a blind count's only to a
    /// manager), `POST /api/v1/counts` (a manager starts one at the hub's location: `{"name", "shelves",
    /// "categories", "vendors", "codes", "due", "due_days", "everything", "blind"}`), `POST
    /// /api/v1/counts/{id}/areas/{area}/counted` (any device), `.../done` and `.../recount` (a manager), `POST
    /// /api/v1/counts/{id}/recount` (`{"over", "over_value"}`, a manager), `POST /api/v1/counts/{id}/post`
    /// (`{"zero_uncounted"}`, a manager) and `POST /api/v1/counts/{id}/cancel` (a manager). Every change
    /// publishes `counts`.
    static func addCounts(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/counts") { request, _ in
            await answer {
                let all = ["1", "true", "yes"].contains(request.uri.queryParameters.get("all") ?? "")
                let counts = CountWorkflow(context: services.context, database: services.database)
                var listed: [JSONValue] = []
                for (session, totals) in try await counts.sessions(all: all) {
                    listed.append(try await summary(session, totals: totals, counts: counts))
                }
                return HubResponse.json(.array(listed))
            }
        }
        router.get("/api/v1/counts/:id") { _, context in
            await answer {
                let counts = CountWorkflow(context: services.context, database: services.database)
                let session = try await count(pathPart(context, "id"), counts: counts)
                var object = try await summary(
                    session, totals: try await services.database.countTotals(sessionID: session.id), counts: counts)
                let hiding = session.blind && session.status == .open && !HubRoles.isManager(context)
                object["lines"] = .array(
                    try await counts.lines(of: session).map {
                        CountOutput.json($0.line, variation: $0.variation, hidingExpected: hiding)
                    })
                return HubResponse.json(object)
            }
        }
        router.get("/api/v1/counts/:id/review") { _, context in
            await answer {
                let counts = CountWorkflow(context: services.context, database: services.database)
                let session = try await count(pathPart(context, "id"), counts: counts)
                if session.blind { try HubRoles.check(.manager("see a blind count's variances"), context) }
                return HubResponse.json(CountOutput.json(try await counts.review(session)))
            }
        }
        for format in ["csv", "pdf"] {
            router.get("/api/v1/counts/:id/export.\(format)") { _, context in
                await answer {
                    let counts = CountWorkflow(context: services.context, database: services.database)
                    let session = try await count(pathPart(context, "id"), counts: counts)
                    if session.blind { try HubRoles.check(.manager("see a blind count's variances"), context) }
                    // Staff open it in a spreadsheet: cells that start like a formula are written as text.
                    let bytes = try CountOutput.export(
                        try await counts.review(session), format: format,
                        paper: services.context.settings.reorder.paper, excel: false, formulaSafe: true,
                        at: services.now)
                    return HubResponse.download(bytes, format: format, filename: "count-\(session.id).\(format)")
                }
            }
        }
        router.post("/api/v1/counts") { request, context in
            await answer {
                let body = try await Self.body(CountStartBody.self, request, context: context)
                guard let here = try await services.shop().here else {
                    throw AppError(
                        "The hub has no location of its own, so a count has nowhere to be: "
                            + services.context.frontEnd.chooseLocation + ".", exitCode: .usage)
                }
                let counts = CountWorkflow(context: services.context(for: context.device), database: services.database)
                let session = try await counts.start(
                    name: body.name, location: here.id,
                    scope: .init(
                        shelves: body.shelves ?? [], categories: body.categories ?? [], vendors: body.vendors ?? [],
                        codes: body.codes ?? [], due: body.due?.value, dueDays: body.dueDays?.value ?? 90,
                        everything: body.everything ?? false),
                    blind: body.blind ?? false)
                await publish(session, services)
                return HubResponse.json(
                    try await summary(session, totals: (0, 0), counts: counts), status: .created)
            }
        }
        // Who may do each is HubRoles' to say, before the route runs.
        for action in ["counted", "done", "recount"] {
            router.post("/api/v1/counts/:id/areas/:area/\(action)") { _, context in
                await answer {
                    let counts = CountWorkflow(
                        context: services.context(for: context.device), database: services.database)
                    let session = try await count(pathPart(context, "id"), counts: counts)
                    let wanted = pathPart(context, "area")
                    guard
                        let area = try await services.database.countAreas(sessionID: session.id)
                            .first(where: { $0.id.map(String.init) == wanted })
                    else {
                        throw AppError(
                            "Count \(session.id) has no area \(Terminal.echo(wanted)).", exitCode: .notFound)
                    }
                    var object: JSONValue
                    switch action {
                    case "counted": object = try await counts.finish(area, in: session).json
                    case "done":
                        let (done, zeros) = try await counts.accept(area, in: session)
                        object = done.json
                        object["proposed_zeros"] = .array(zeros.map { CountOutput.variationJSON($0) })
                    default: object = try await counts.recount(area, in: session).json
                    }
                    await publish(session, services)
                    return HubResponse.json(object)
                }
            }
        }
        router.post("/api/v1/counts/:id/recount") { request, context in
            await answer {
                let body = try await Self.body(CountRecountBody.self, request, context: context)
                let counts = CountWorkflow(context: services.context(for: context.device), database: services.database)
                let session = try await count(pathPart(context, "id"), counts: counts)
                let review = try await counts.review(session)
                let value = try body.overValue.map {
                    try CountWorkflow.amount($0, in: review, option: "\"over_value\"")
                }
                let sent = try await counts.recount(
                    review, overUnits: body.over.map { Decimal($0.value) }, overValue: value)
                await publish(session, services)
                return HubResponse.json(["area": sent?.json ?? .null])
            }
        }
        router.post("/api/v1/counts/:id/post") { request, context in
            await answer {
                let body = try await Self.body(CountPostBody.self, request, context: context)
                let counts = CountWorkflow(context: services.context(for: context.device), database: services.database)
                let session = try await count(pathPart(context, "id"), counts: counts)
                let posting = try await counts.post(
                    session, zeroUncounted: body.zeroUncounted ?? false, includeNotSold: body.includeNotSold ?? false)
                await publish(posting.session, services)
                return HubResponse.json(CountOutput.json(posting))
            }
        }
        router.post("/api/v1/counts/:id/cancel") { _, context in
            await answer {
                let counts = CountWorkflow(context: services.context(for: context.device), database: services.database)
                let session = try await counts.openSession(
                    try await count(pathPart(context, "id"), counts: counts).id, location: nil)
                try await counts.cancel(session)
                let cancelled = try await services.database.countSession(id: session.id) ?? session
                await publish(cancelled, services)
                return HubResponse.json(cancelled.json)
            }
        }
    }

    /// The count `text` numbers, or a not-found error naming it.
    static func count(_ text: String, counts: CountWorkflow) async throws -> CountSession {
        guard let id = Int64(text), let session = try await counts.database.countSession(id: id) else {
            throw AppError("There is no count \(Terminal.echo(text)).", exitCode: .notFound)
        }
        return session
    }

    /// A count as the back office lists it: the session, its lines and units, and each area's progress.
    static func summary(
        _ session: CountSession, totals: (lines: Int, units: Decimal), counts: CountWorkflow
    ) async throws -> JSONValue {
        var object = session.json
        object["lines"] = .int(Int64(totals.lines))
        object["units"] = .number(Quantity.text(totals.units))
        object["areas"] = .array(try await counts.progress(of: session).map(\.json))
        return object
    }

    /// Whether the device asking is a counter in count mode while a blind count is open at the hub's
    /// location: then no stock figure reaches it (search rows, cards), as no scan's answer carries one.
    static func countingBlind(_ context: HubRequestContext, _ services: HubServices) async -> Bool {
        guard let name = context.device?.name, await services.desk.mode(of: name) == "count",
            let here = try? await services.shop().here
        else { return false }
        let open = (try? await services.database.countSessions(statuses: [.open])) ?? []
        return open.contains { $0.locationID == here.id && $0.blind }
    }

    /// `json` (a card, a search row, or a list of them) without its stock figures.
    static func withoutStock(_ json: JSONValue) -> JSONValue {
        if let list = json.arrayValue { return .array(list.map(withoutStock)) }
        guard case .object = json else { return json }
        var object = json
        for key in ["stock", "in_stock"] { object[key] = nil }
        if object["stock_here"] != nil { object["stock_here"] = .null }
        return object
    }

    /// Tells the pages a count changed.
    static func publish(_ session: CountSession, _ services: HubServices) async {
        await services.events.publish(
            "counts", ["id": .int(session.id), "status": .string(session.status.rawValue)])
    }
}

/// The body of `POST /api/v1/counts`: its areas (any mix of shelf prefixes, category and vendor names, and
/// codes, or the `due` most overdue), or `everything`, or none for an open count; `blind` hides Square's
/// figures from whoever counts.
struct CountStartBody: HubRequestBody {
    var name: String?
    var shelves: [String]?
    var categories: [String]?
    var vendors: [String]?
    var codes: [String]?
    var due: WholeNumber?
    var dueDays: WholeNumber?
    var everything: Bool?
    var blind: Bool?

    enum CodingKeys: String, CodingKey {
        case name, shelves, categories, vendors, codes, due, everything, blind
        case dueDays = "due_days"
    }
}

/// The body of `POST /api/v1/counts/{id}/recount`: the lines whose variance is more than `over` units, or
/// worth more than `over_value` at cost.
struct CountRecountBody: HubRequestBody {
    var over: WholeNumber?
    var overValue: String?

    enum CodingKeys: String, CodingKey {
        case over
        case overValue = "over_value"
    }
}

/// The body of `POST /api/v1/counts/{id}/post`: whether what nobody counted in a done area goes to zero.
struct CountPostBody: HubRequestBody {
    var zeroUncounted: Bool?
    var includeNotSold: Bool?

    enum CodingKeys: String, CodingKey {
        case zeroUncounted = "zero_uncounted"
        case includeNotSold = "include_not_sold"
    }
}
