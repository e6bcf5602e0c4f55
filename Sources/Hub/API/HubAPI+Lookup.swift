import CatalogApp
import CatalogCore
import Foundation
import HTTPServing
import Hummingbird
import Store

extension HubAPI {
    /// `GET /api/v1/search?q=&limit=&here=` (the JSON of `catalog search --json`) and
    /// `GET /api/v1/variations/{code}` (an array of what `catalog show --json` prints for each match).
    static func addLookup(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/search") { request, context in
            await answer {
                let parameters = request.uri.queryParameters
                let text = parameters.get("q") ?? ""
                let query = SearchQuery(text)
                let most = CatalogDatabase.maximumSearchLimit
                let limitText = parameters.get("limit")
                guard let limit = limitText.map({ Int($0) }) ?? CatalogDatabase.defaultSearchLimit,
                    (1...most).contains(limit)
                else {
                    throw AppError("limit must be a whole number from 1 to \(most).", exitCode: .usage)
                }
                if query.isEmpty { return HubResponse.json([]) }
                let onlyHere = ["1", "true", "yes"].contains(parameters.get("here") ?? "")
                let found = try await ShopSearch.run(
                    query, limit: limit, onlyHere: onlyHere, shop: try await services.shop(),
                    database: services.database, at: services.now)
                // Nothing found for a barcode with a wrong check digit or a code a sync held back: the list
                // stays empty (typed digits pass through such codes on the way to a whole one), and the
                // hub's words for it go in a header the page shows.
                var headers = HTTPFields()
                if let failure = found.misread(query, frontEnd: services.context.frontEnd) {
                    headers[named: "Catalog-Note"] = failure.description.addingPercentEncoding(
                        withAllowedCharacters: .alphanumerics)
                }
                let rows = await countingBlind(context, services) ? withoutStock(found.json) : found.json
                return HubResponse.json(rows, headers: headers)
            }
        }
        router.get("/api/v1/variations/:code") { _, context in
            await answer {
                let reports = try await variations(
                    pathPart(context, "code"), location: services.location, context: services.context,
                    database: services.database, scaleLayouts: services.scaleLayouts)
                let cards = JSONValue.array(reports.map(\.json))
                return HubResponse.json(await countingBlind(context, services) ? withoutStock(cards) : cards)
            }
        }
    }

    /// The variations `code` names, each as the hub's counters see it (at the hub's `location`): what
    /// `GET /api/v1/variations/{code}` answers, and the card a scan's answer carries.
    static func variations(
        _ code: String, location: String?, context: AppContext, database: CatalogDatabase, scaleLayouts: [ScaleLayout]
    ) async throws -> [VariationReport] {
        try await VariationReport.load(
            code, shop: try await ShopLocations.load(location, context: context, database: database),
            scaleLayouts: scaleLayouts, database: database, at: context.clock.now(), frontEnd: context.frontEnd)
    }
}
