import CatalogApp
import CatalogCore
import Hummingbird

/// The hub's routes and what they share (database, counters, events, sync), ready to answer requests but
/// not listening: `HubServer.start` serves it on a socket, and tests drive its `responder` in memory.
public struct HubApplication: Sendable {
    /// What answers every request: the hub's router with its middleware.
    public let responder: RouterResponder<HubRequestContext>
    /// Every route the hub answers, as `METHOD /path` (`GET /api/v1/variations/{code}`), HEAD beside each GET.
    public let routes: [String]
    let services: HubServices

    /// The hub's event stream (scans, syncs, pairings).
    public var events: HubEvents { services.events }
    /// The hub's counters.
    public var desk: ScanDesk { services.desk }
    /// The hub's sync.
    public var sync: HubSync { services.sync }

    /// The hub over `context`, with the location and Square webhook `configuration` names (where it listens
    /// and when it syncs are `HubServer.start`'s).
    public static func make(_ configuration: HubConfiguration, context given: AppContext) async throws
        -> HubApplication
    {
        // Every workflow the hub runs speaks to staff on its pages, never to a shell.
        let context = {
            var forStaff = given
            forStaff.frontEnd = .hub
            return forStaff
        }()
        let database = try context.openDatabase()
        let events = HubEvents()
        let scaleLayouts = try await context.scaleLayouts(in: database)
        let wanted = configuration.location
        let desk = ScanDesk(
            database: database, events: events, locationWanted: (wanted ?? context.settings.location) != nil,
            idleLimit: configuration.counterIdle,
            card: { variationID in
                try await HubAPI.variations(
                    variationID, location: wanted, context: context, database: database, scaleLayouts: scaleLayouts
                ).first?.json ?? .null
            }
        ) { counter in
            // Started as each counter first scans: on a new database the location arrives with the first sync.
            // Each counter's session acts under its own name: its labels and receipts are logged as its own,
            // and its own outbox claims, so two counters receiving at once hold their entries apart.
            var counterContext = context
            counterContext.settings.counter = counter
            counterContext.sender = .inThisProcess()
            return try await CounterSession.start(
                counter: counter, context: counterContext, location: wanted, labels: LabelRequest(), printer: nil,
                scaleLayouts: scaleLayouts
            ).session
        }
        let services = HubServices(
            context: context, database: database, events: events, desk: desk,
            sync: HubSync(context: context, events: events, database: database), gate: PairingGate(),
            requests: RequestLedger(database: database), location: configuration.location,
            secure: configuration.tls != nil, wedge: configuration.wedge, scaleLayouts: scaleLayouts)
        // HEAD is GET without the body (RFC 9110): every GET route answers it.
        let router = Router(context: HubRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: ServerTiming())
        router.add(
            middleware: DeviceAuthentication(
                database: database, rates: RequestRates(perSecond: configuration.deviceRate)))
        router.add(middleware: ChangesOnce(ledger: services.requests))
        HubAPI.add(to: router, services: services)
        HubPages.add(to: router, services: services)
        OfficePages.add(to: router, services: services)
        if let webhook = configuration.webhook {
            HubServer.addWebhook(to: router, webhook: webhook, services: services)
        }
        return HubApplication(
            responder: router.buildResponder(), routes: router.routes.map(\.description), services: services)
    }
}
