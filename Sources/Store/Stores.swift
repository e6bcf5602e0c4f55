import CatalogCore
import Foundation

// What CatalogApp and the hub use of the database, split by what each part serves. `CatalogDatabase`
// (one SQLite file, one connection pool) is all of them; a workflow names only the parts it needs.

/// The writes on their way to Square (the outbox) and the history of what was written.
public protocol OutboxStore: Sendable {
    func claimOutbox(id: Int64, statuses: Set<OutboxEntry.Status>, by sender: OutboxSender) async throws -> OutboxEntry?
    func releaseOutbox(id: Int64, by sender: OutboxSender) async throws
    func outboxEntries(statuses: Set<OutboxEntry.Status>?) async throws -> [OutboxEntry]
    func outboxEntry(id: Int64) async throws -> OutboxEntry?
    func updateOutbox(_ update: OutboxUpdate) async throws
    func history(objectIDs: [String]?, since: String?, limit: Int) async throws -> [HistoryEntry]
}

/// Stock counts: sessions, their lines, and posting them to Square exactly once.
public protocol CountStore: Sendable {
    func startCountSession(
        name: String, locationID: String, scope: CountSession.Scope, areas: [CountArea], blind: Bool, counter: String,
        reference: String
    ) async throws -> CountSession
    func countSessions(statuses: Set<CountSession.Status>?) async throws -> [CountSession]
    func countSession(id: Int64) async throws -> CountSession?
    func addCount(
        sessionID: Int64, variationID: String, quantity: Decimal, replacing: Bool, counter: String, expected: String?,
        areaID: Int64?
    ) async throws -> CountLine?
    func countLine(sessionID: Int64, variationID: String) async throws -> CountLine?
    func countLines(sessionID: Int64) async throws -> [CountLine]
    func countTotals(sessionID: Int64) async throws -> (lines: Int, units: Decimal)
    func cancelCountSession(_ id: Int64) async throws -> Bool
    func countAreas(sessionID: Int64) async throws -> [CountArea]
    func areas(_ areas: [CountArea], holding variation: VariationSummary, at locationID: String) async throws
        -> [CountArea]
    func variations(ofVendors vendorIDs: [String]) async throws -> [VariationSummary]
    func vendorSupplies(variationIDs: [String], preferred: [String]) async throws -> [String: VendorSupply]
    func freezeCountSession(_ id: Int64, reopeningPosted: Bool) async throws -> CountSession?
    func queueCountPost(
        sessionID: Int64, zeroFill: [String], at: String, counter: String,
        leftOut: [String: (status: CountLine.PostStatus, reason: String)], batches: [CountBatch],
        requeue: Set<CountLine.PostStatus>, claimedBy sender: OutboxSender
    ) async throws -> [CountBatch]
}

/// The reorder list, stock received, and the stock figures and vendors that feed them.
public protocol ReorderStore: Sendable {
    func addToReorderList(variationID: String, quantity: Int, note: String?, counter: String) async throws
        -> ReorderLine
    func setReorderQuantity(variationID: String, quantity: Int, counter: String) async throws -> ReorderLine?
    func removeReorderLines(ids: [Int64], action: String, counter: String) async throws -> Int
    func orderReorderLines(_ lines: [(id: Int64, quantity: Int, vendorID: String?)], reference: String, counter: String)
        async throws -> [Int64]
    func reorderLines(statuses: Set<ReorderLine.Status>, locationID: String?) async throws -> [ReorderLine]
    func reorderLine(id: Int64, locationID: String?) async throws -> ReorderLine?
    func reorderEvents(lineID: Int64?) async throws -> [ReorderEvent]
    func receiveStock(
        variationID: String, quantity: Int, counter: String, outbox: OutboxEntry, claimedBy sender: OutboxSender
    ) async throws -> StockReceipt
    func saveStockCounts(_ counts: [StockCount]) async throws
    func stockCounts(variationID: String) async throws -> [String: String]
    func variationStatus(variationID: String, itemID: String) async throws -> VariationStatus
    func inventoryTracking(variationIDs: [String], locationID: String) async throws -> [String: Bool]
    func vendorNames() async throws -> [String: String]
}

/// What the hub and its counters keep: paired devices, scans kept for the hub, and the scan log.
public protocol HubStateStore: Sendable {
    /// The clock the store stamps its rows with.
    var clock: any CatalogClock { get }
    func addPairingCode(digest: String, madeAt: Timestamp, expiresAt: Timestamp, role: Role) async throws
    func pairDevice(
        codeDigest: String, name: String, tokenDigest: String, csrfToken: String, from address: String?, now: Timestamp
    ) async throws -> PairedDevice?
    func device(tokenDigest: String) async throws -> PairedDevice?
    func devices(includeRevoked: Bool) async throws -> [PairedDevice]
    func revokeDevices(_ nameOrID: String, now: Timestamp) async throws -> [PairedDevice]
    func deviceIsActive(_ id: Int64) async throws -> Bool
    func deviceSeen(_ id: Int64, now: Timestamp) async throws
    func queueScanForHub(scanID: String, code: String, device: String?, counter: String, at time: Timestamp)
        async throws -> QueuedScan
    func nextScanForHub() async throws -> QueuedScan?
    func scansWaitingForHub() async throws -> Int
    func scanPostedToHub(_ seq: Int64, answer: String, at time: Timestamp) async throws
    func scanRefusedByHub(_ seq: Int64, reason: String, at time: Timestamp) async throws
    func recordScan(_ scan: ScanRecord) async throws -> Int64
    func scans(unknownOnly: Bool, since: Int64?, limit: Int) async throws -> [ScanRecord]
    func scan(scanID: String) async throws -> ScanRecord?
    func recordAnswer(_ answer: String, scan id: Int64) async throws
    func scan(id: Int64) async throws -> ScanRecord?
    func counterStates() async throws -> [CounterState]
    func counterState(_ counter: String) async throws -> CounterState?
    func saveCounterState(_ state: CounterState) async throws
    func hubRequest(_ requestID: String) async throws -> HubRequest?
    func recordHubRequest(_ request: HubRequest) async throws
    func addStaff(name: String, role: Role, pin: StaffPIN, now: Timestamp) async throws -> Bool
    func staff() async throws -> [StaffMember]
    func removeStaff(name: String) async throws -> Bool
    func setStaffPIN(name: String, pin: StaffPIN) async throws -> Bool
    func beginPINTry(name: String, now: Timestamp, most: Int, lockout: @escaping @Sendable (Int) -> Int64) async throws
        -> PINTry
    func pinAccepted(staffID id: Int64) async throws
}

/// Shelf tags printed: the print log, and the tags a price change since has made stale.
public protocol LabelStore: Sendable {
    func recordPrints(_ records: [PrintRecord]) async throws -> [PrintRecord]
    func enqueue(_ job: LabelJob) async throws -> LabelJob
    func labelJob(id: Int64) async throws -> LabelJob?
    func labelJobs(states: Set<LabelJob.State>?, limit: Int) async throws -> [LabelJob]
    func claimLabelJob(id: Int64, at now: Timestamp) async throws -> LabelJob?
    @discardableResult
    func labelJobSent(id: Int64, printer: String, cupsJobID: Int, prints: [PrintRecord], at now: Timestamp)
        async throws -> LabelJob?
    @discardableResult
    func settleLabelJob(id: Int64, state: LabelJob.State, reason: String?, at now: Timestamp) async throws -> LabelJob?
    func requeueLabelJob(id: Int64, printer: String?, route: LabelJob.Route, at now: Timestamp) async throws
        -> LabelJob?
    func failInterruptedLabelJobs(reason: String, at now: Timestamp) async throws -> [LabelJob]
    func printerRoutes() async throws -> [PrinterRoute]
    func setPrinterRoute(_ route: PrinterRoute) async throws
    func removePrinterRoute(template: String?, counter: String?, locationID: String?) async throws -> Bool
    func staleLabels(variationIDs: [String]?) async throws -> [StaleLabel]
    func variations(inCategories categoryIDs: [String]) async throws -> [VariationSummary]
    func variations(changedSince since: String) async throws -> [VariationSummary]
}

/// The catalog as synced from Square, read: variations by code, search, categories, locations, prices
/// and their rules, synonyms, what a sync held back, and the sync's own state.
public protocol CatalogStore: Sendable {
    func variations(gtins: [String]) async throws -> [VariationSummary]
    func variations(ids: [String]) async throws -> [String: VariationSummary]
    func variations(sku: String) async throws -> [VariationSummary]
    func variation(objectID id: String) async throws -> VariationSummary?
    func variations(objectID id: String) async throws -> [VariationSummary]
    func counts() async throws -> [String: Int]
    func sampleVariations(limit: Int) async throws -> [VariationSummary]
    func variationIDs() async throws -> [String]
    func activeVariations() async throws -> [VariationSummary]
    func mainCurrency() async throws -> String?
    func variationsWithoutGTIN() async throws -> [VariationSummary]
    func gtins(startingWith prefix: String) async throws -> Set<String>
    func categories(named name: String) async throws -> [CategorySummary]
    func allCategories() async throws -> [CategorySummary]
    func category(id: String) async throws -> CategorySummary?
    func pricingCatalog() async throws -> PricingCatalog
    func pricing(for variationIDs: [String]) async throws -> (PricingCatalog, [String: PricingFacts])
    func search(_ query: SearchQuery, limit: Int) async throws -> SearchOutcome
    func addSynonyms(word: String, synonyms: [String]) async throws -> Int
    func removeSynonyms(word: String, synonyms: [String]) async throws -> Int
    func synonymEntries() async throws -> [SynonymEntry]
    func syncProblems() async throws -> [SyncProblem]
    func heldBack(variationID: String, itemID: String?) async throws -> SyncProblem?
    func heldBack(mentioning code: String) async throws -> SyncProblem?
    func syncState() async throws -> [String: String]
    func updateSyncState(_ changes: [String: String?]) async throws
    func locations() async throws -> [JSONValue]
    func stockCounts(variationIDs: [String], locationID: String) async throws -> [String: String]
    func reindex(progress: (@Sendable (Int, Int) -> Void)?) async throws -> ReindexSummary
}

extension CatalogDatabase: CatalogStore, OutboxStore, CountStore, ReorderStore, LabelStore, HubStateStore {}
