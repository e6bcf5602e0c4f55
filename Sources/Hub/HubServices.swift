import CatalogApp
import CatalogCore
import Store

/// Everything the hub's routes share: the application context and database, the counters, the events,
/// the sync, pairing's rate limit.
struct HubServices: Sendable {
    let context: AppContext
    let database: CatalogDatabase
    let events: HubEvents
    let desk: ScanDesk
    let sync: HubSync
    let gate: PairingGate
    /// The answers to changes asked for under a request id (safe to retry).
    let requests: RequestLedger
    /// The location asked for (`--location`); resolved against the replica on each request, so a location
    /// that arrives with a sync is found.
    let location: String?
    /// Whether the hub serves HTTPS (then its cookie is Secure).
    let secure: Bool
    /// How the counter pages tell a scanner's burst from typing (`HubConfiguration.wedge`).
    let wedge: (minimumLength: Int, maximumGapMs: Int)
    /// The shop's scale layouts, checked against its in-store codes when the hub started
    /// (`AppContext.scaleLayouts`).
    let scaleLayouts: [ScaleLayout]

    /// The shop's locations as the hub's counters see them.
    func shop() async throws -> ShopLocations {
        try await ShopLocations.load(location, context: context, database: database)
    }

    var now: Timestamp { context.clock.now() }

    /// The application context under the device's name: what it changes is logged as its own.
    func context(for device: PairedDevice?) -> AppContext {
        var named = context
        named.settings.counter = device?.name ?? named.settings.counter
        return named
    }
}
