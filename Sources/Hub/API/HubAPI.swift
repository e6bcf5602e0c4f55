import CatalogApp
import CatalogCore
import Hummingbird

/// The JSON API under `/api/v1` that the hub's pages and remote counters use (docs/api.md).
enum HubAPI {
    /// The most rows one page of a log gives (`limit` on history and the scan log).
    static let pageSizeMost = 500

    /// Every API route.
    static func add(to router: Router<HubRequestContext>, services: HubServices) {
        addLookup(to: router, services: services)
        addScans(to: router, services: services)
        addPairing(to: router, services: services)
        addSync(to: router, services: services)
        addReorder(to: router, services: services)
        addLabels(to: router, services: services)
        addStaleTags(to: router, services: services)
        addLabelJobs(to: router, services: services)
        addOutbox(to: router, services: services)
        addPlans(to: router, services: services)
        addCounts(to: router, services: services)
        addCounters(to: router, services: services)
        addItems(to: router, services: services)
    }

    /// Runs `body`, turning any error into the JSON error a person can act on.
    static func answer(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as HubRoles.Refusal {
            return refusal.response
        } catch {
            return HubResponse.error(staffError(error))
        }
    }

    /// `error` in the words staff read: a printing or Square failure says what the pages offer and whom to
    /// ask, never CUPS's commands or the hub's settings (`FrontEnd.explain`).
    static func staffError(_ error: any Error) -> AppError { FrontEnd.hub.explain(error) }

    /// The path parameter `name` with its %-escapes undone (a SKU may hold a space or a slash).
    static func pathPart(_ context: HubRequestContext, _ name: String) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
