import CatalogApp
import CatalogCore
import Hummingbird
import Labels
import Store

extension HubAPI {
    /// `GET /api/v1/labels/stale` (the stale tags printed for the hub's location, as `catalog label stale
    /// --json` prints each) and `POST /api/v1/labels/print-stale` (`{"variation_ids", "template",
    /// "printer"}`: reprints the chosen ones at today's prices in one job, followed like
    /// `POST /api/v1/labels/print`).
    static func addStaleTags(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/labels/stale") { _, _ in
            await answer {
                let tags = try await StaleTags.list(at: try await services.shop().here, database: services.database)
                return HubResponse.json(.array(tags.map(StaleTags.json)))
            }
        }
        router.post("/api/v1/labels/print-stale") { request, context in
            await answer {
                let body = try await Self.body(StalePrintBody.self, request, context: context)
                let made = try template(named: body.template, services: services, device: context.device)
                let here = try await services.shop().here
                let stale = try await StaleTags.list(at: here, database: services.database).compactMap(\.current)
                var variations: [VariationSummary] = []
                for id in body.variationIDs where !variations.contains(where: { $0.variationID == id }) {
                    guard let found = stale.first(where: { $0.variationID == id }) else {
                        throw AppError(
                            "\(Terminal.echo(id)) has no stale tag here (reprinted already, or its price is back); "
                                + "reload the list of stale tags.", exitCode: .notFound)
                    }
                    variations.append(found.at(here))
                }
                return try await followed(
                    context: made.context, services: services,
                    item: { $0.items.count == 1 ? $0.items[0] : "\($0.items.count) stale tags" }
                ) {
                    try await LabelPrinting.print(
                        variations, request: made.request, template: made.template, printer: body.printer,
                        context: made.context)
                }
            }
        }
    }
}

/// The body of `POST /api/v1/labels/print-stale`: the stale tags to reprint (at least one), and the template
/// and printer when not the hub's own.
struct StalePrintBody: HubRequestBody {
    var variationIDs: [String]
    var template: String?
    var printer: String?

    enum CodingKeys: String, CodingKey {
        case variationIDs = "variation_ids"
        case template, printer
    }

    static let badList =
        "\"variation_ids\" must list the stale tags to print, such as [\"GK3…\"]; GET /api/v1/labels/stale shows them."

    static func problem(with field: String, missing: Bool) -> String? { field == "variation_ids" ? badList : nil }

    func validate() throws {
        if variationIDs.isEmpty { throw AppError(Self.badList, exitCode: .usage) }
    }
}
