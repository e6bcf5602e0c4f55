import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `GET /api/v1/sync` (the last sync and whether one runs) and `POST /api/v1/sync` (ask for one now).
    static func addSync(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/sync") { _, _ in
            await answer { HubResponse.json(await services.sync.statusJSON) }
        }
        router.post("/api/v1/sync") { _, context in
            await answer {
                if let reason = services.sync.unavailable { throw AppError(reason, exitCode: .unavailable) }
                await services.sync.request("asked by \(context.device?.name ?? "a device")")
                return HubResponse.json(await services.sync.statusJSON, status: .accepted)
            }
        }
    }
}
