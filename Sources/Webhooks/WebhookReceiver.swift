import CatalogCore
import Logging
import Store
import Sync

/// Decides what one webhook delivery means: checks its signature, reads it, drops repeats, asks for a sync.
///
/// It never waits for the sync: `SyncCoalescer.request()` only starts or queues one.
public actor WebhookReceiver {
    /// The event types that announce a change worth an incremental sync.
    public static let syncTypes: Set<String> = ["catalog.version.updated", "inventory.count.updated"]

    /// How a delivery was answered.
    public enum Verdict: String, Sendable, Equatable {
        /// A sync event seen for the first time: a sync was asked for.
        case accepted
        /// An event id seen before: answered 200, nothing done.
        case duplicate
        /// A well-signed event of a type that needs no sync (such as `webhooks.test_notification`).
        case ignored
        /// Missing or wrong signature: 401.
        case unauthorized
        /// Signed, but not a JSON object with a `type`: 400.
        case malformed
        /// A body over the size limit: 413, not read to the end.
        case tooLarge
    }

    /// The HTTP answer for one delivery.
    public struct Reply: Sendable, Equatable {
        /// The HTTP status code.
        public var status: Int
        /// A short JSON body.
        public var body: [UInt8]
        /// What the delivery amounted to.
        public var verdict: Verdict
    }

    private let notificationURL: String
    private let signatureKey: String
    private let coalescer: SyncCoalescer
    /// Where the counts of `inventory.count.updated` events are stored at once; `nil`: not stored.
    private let database: CatalogDatabase?
    /// Told the counts an event stored (those newer than what was there), after they are stored.
    private let stockChanged: (@Sendable ([StockCount]) async -> Void)?
    private let logger: Logger
    private var seen: RecentEventIDs
    /// How many deliveries got each verdict.
    public private(set) var tally: [Verdict: Int] = [:]

    /// Creates a receiver for the subscription at `notificationURL`, signed with `signatureKey`. With a
    /// `database`, the IN_STOCK counts an `inventory.count.updated` event carries are stored as they arrive,
    /// each only when newer than the stored one (`CatalogDatabase.applyStockEvent`), and `stockChanged` is
    /// handed those it stored.
    public init(
        notificationURL: String, signatureKey: String, coalescer: SyncCoalescer, rememberedEventIDs: Int = 10_000,
        database: CatalogDatabase? = nil, logger: Logger = WebhookLog.standardError(label: "catalog.webhook"),
        stockChanged: (@Sendable ([StockCount]) async -> Void)? = nil
    ) {
        self.notificationURL = notificationURL
        self.signatureKey = signatureKey
        self.coalescer = coalescer
        self.database = database
        self.stockChanged = stockChanged
        self.logger = logger
        seen = RecentEventIDs(capacity: rememberedEventIDs)
    }

    /// Handles one delivery: the raw body and the value of the signature header, if any.
    public func receive(signature: String?, body: [UInt8]) async -> Reply {
        guard
            WebhookSignature.isValid(
                header: signature, body: body, notificationURL: notificationURL, key: signatureKey)
        else {
            let why = signature == nil ? "no \(WebhookSignature.headerName) header" : "signature does not match"
            logger.warning("webhook rejected: \(why) (\(body.count) bytes); check the notification URL and key")
            return reply(401, .unauthorized, error: "invalid signature")
        }
        guard let event = try? JSONValue.parse(body), case .object = event, let type = event["type"]?.stringValue
        else {
            logger.warning("webhook rejected: signed body is not a JSON event (\(body.count) bytes)")
            return reply(400, .malformed, error: "body is not a JSON event")
        }
        let eventID = event["event_id"]?.stringValue ?? ""
        if !eventID.isEmpty, !seen.insert(eventID) {
            logger.info("webhook \(type) \(eventID): duplicate")
            return reply(200, .duplicate)
        }
        guard Self.syncTypes.contains(type) else {
            logger.info("webhook \(type) \(eventID): ignored")
            return reply(200, .ignored)
        }
        if type == "inventory.count.updated" { await storeCounts(of: event, id: eventID) }
        let outcome = await coalescer.request()
        logger.info("webhook \(type) \(eventID): accepted (sync \(outcome))")
        return reply(200, .accepted)
    }

    /// Stores the IN_STOCK counts an inventory event carries (`InventoryCountUpdatedEvent`:
    /// `data.object.inventory_counts`) that are newer than the stored ones, so shown stock is fresh before any
    /// sync, and tells `stockChanged` which.
    private func storeCounts(of event: JSONValue, id: String) async {
        guard let database else { return }
        let counts = (event["data"]?["object"]?["inventory_counts"]?.arrayValue ?? []).compactMap(
            StockCount.init(square:))
        guard !counts.isEmpty else { return }
        do {
            let applied = try await database.applyStockEvent(counts)
            if applied.count < counts.count {
                logger.info(
                    "webhook \(id): \(counts.count - applied.count) of \(counts.count) stock counts older than stored")
            }
            if !applied.isEmpty { await stockChanged?(applied) }
        } catch {
            logger.warning("webhook \(id): could not store \(counts.count) stock counts: \(error)")
        }
    }

    /// Answers a body over the size limit (the listener stops reading it at `limit` bytes).
    public func rejectTooLarge(limit: Int) -> Reply {
        logger.warning("webhook rejected: body over \(limit) bytes")
        return reply(413, .tooLarge, error: "body over \(limit) bytes")
    }

    private func reply(_ status: Int, _ verdict: Verdict, error: String? = nil) -> Reply {
        tally[verdict, default: 0] += 1
        let body: JSONValue = error.map { ["error": .string($0)] } ?? ["status": .string(verdict.rawValue)]
        return Reply(status: status, body: body.serializedBytes(), verdict: verdict)
    }
}
