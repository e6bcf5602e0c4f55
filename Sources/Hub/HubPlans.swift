import CatalogApp
import CatalogCore
import Logging

/// Applies the staged price plans whose time has come (`StagedPrices.applyDue`): once when the hub starts (a
/// plan whose time passed while it was off is applied then, and the log says so), then every `interval`;
/// after each look, the plans that follow Square's sales are worked out again if the catalog changed.
enum HubPlans {
    static func every(_ interval: Duration, services: HubServices) -> Task<Void, Never> {
        Task {
            var first = true
            while !Task.isCancelled {
                await applyDue(services, atStart: first)
                first = false
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One look: each plan applied is logged and published to the pages (`plans`).
    static func applyDue(_ services: HubServices, atStart: Bool) async {
        // Without Square set up nothing can be applied; the plans wait, and `catalog prices plans` shows them.
        guard services.sync.unavailable == nil else { return }
        do {
            for applied in try await StagedPrices(context: services.context).applyDue() {
                let id = applied.plan.id ?? 0
                let counts = Dictionary(grouping: applied.lines, by: \.status).mapValues(\.count)
                let parts = counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }
                let name = Terminal.visible(applied.plan.name)
                let when = atStart ? ", due while the hub was off," : ""
                let what = parts.isEmpty ? "nothing left to do" : parts.joined(separator: ", ")
                let rest = applied.finished ? "" : "; the rest waits for Square"
                HubLog.logger.notice("price plan \(id) “\(name)”\(when) applied: \(what)\(rest)")
                let status = applied.finished ? StagedPlan.Status.applied : .staged
                await services.events.publish(
                    "plans", ["id": .int(id), "name": .string(applied.plan.name), "status": .string(status.rawValue)])
            }
        } catch {
            HubLog.logger.warning("price plans not applied: \(AppError.from(error).description)")
        }
        await followSales(services, publishing: !atStart)
    }

    /// Works out the plans that follow Square's sales again when the catalog changed; with `publishing`, pages
    /// hear of a change (not at start: a page opened then reads the plans as they are).
    static func followSales(_ services: HubServices, publishing: Bool) async {
        do {
            let followed = try await SalePlans(context: services.context, database: services.database).follow()
            guard followed.staged + followed.cancelled + followed.refreshed > 0 else { return }
            HubLog.logger.info(
                "sale plans: \(followed.staged) staged, \(followed.refreshed) worked out again, \(followed.cancelled) cancelled"
            )
            if publishing { await services.events.publish("plans", ["sales": .bool(true)]) }
        } catch {
            HubLog.logger.warning("sale plans not worked out: \(AppError.from(error).description)")
        }
    }
}
