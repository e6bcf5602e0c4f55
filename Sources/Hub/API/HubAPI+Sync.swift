import CatalogApp
import CatalogCore
import Hummingbird

extension HubAPI {
    /// `GET /api/v1/sync` (the last sync and whether one runs, with what the replica holds and what needs a
    /// person: `catalog`, `outbox`, `unreadable_pricing_rules`) and `POST /api/v1/sync` (ask for one now).
    static func addSync(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/api/v1/sync") { _, _ in
            await answer {
                var status = await services.sync.statusJSON
                let standing = try await SyncStanding.json(database: services.database)
                for key in ["catalog", "outbox", "unreadable_pricing_rules"] { status[key] = standing[key] }
                return HubResponse.json(status)
            }
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
