import CatalogCore
import Crypto
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts Square-shaped `catalog.version.updated` and `inventory.count.updated` events, signed like
/// Square signs them, after writes.
///
/// `notify` only hands the event to a queue; one background task posts the events in
/// order with a short timeout. A failed delivery is logged and dropped (Square would retry; the
/// sandbox does not), so a missing receiver never slows the sandbox's answers.
final class WebhookSender: Sendable {
    /// The header Square puts the signature in.
    static let signatureHeader = "x-square-hmacsha256-signature"
    /// The merchant id the sandbox's events carry (the one its locations name).
    static let merchantID = "MSANDBOX00001"

    /// What one queued event announces.
    enum Event: Sendable {
        /// A catalog write committed at this time (epoch milliseconds).
        case catalog(updatedAt: Int64)
        /// Inventory counts after a change (at most 100 per event).
        case inventory(counts: [JSONValue])
    }

    /// The most counts one `inventory.count.updated` event carries.
    static let countsPerEvent = 100

    private let continuation: AsyncStream<Event>.Continuation
    private let task: Task<Void, Never>

    /// Starts the delivery task for `url`, signing with `key`; nil when `url` is not an http(s) URL.
    init?(
        url: String, key: String, timeout: TimeInterval = 2, clockOffset: TimeInterval = 0,
        logger: Logger = Logger(label: "catalog.sandbox") { StreamLogHandler.standardError(label: $0) }
    ) {
        guard let target = URL(string: url), ["http", "https"].contains(target.scheme?.lowercased() ?? "") else {
            return nil
        }
        let (events, continuation) = AsyncStream<Event>.makeStream()
        self.continuation = continuation
        task = Task.detached {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            let session = URLSession(configuration: configuration)
            for await queued in events {
                if Task.isCancelled { break }
                let eventID = UUID().uuidString.lowercased()
                let body: [UInt8]
                switch queued {
                case .catalog(let updatedAt):
                    body = Self.event(
                        updatedAt: updatedAt, eventID: eventID, now: Date().addingTimeInterval(clockOffset))
                case .inventory(let counts):
                    body = Self.inventoryEvent(
                        counts: counts, eventID: eventID, now: Date().addingTimeInterval(clockOffset))
                }
                var request = URLRequest(url: target, timeoutInterval: timeout)
                request.httpMethod = "POST"
                request.httpBody = Data(body)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(
                    Self.signature(body: body, url: url, key: key), forHTTPHeaderField: Self.signatureHeader)
                do {
                    let (_, response) = try await session.data(for: request)
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    if !(200..<300).contains(status) {
                        logger.warning("webhook to \(url) answered \(status); event dropped")
                    }
                } catch {
                    logger.warning("webhook to \(url) failed: \(error.localizedDescription); event dropped")
                }
            }
            session.invalidateAndCancel()
        }
    }

    /// Queues one event for a write committed at `updatedAt` (epoch milliseconds); returns at once.
    func notify(updatedAt: Int64) {
        continuation.yield(.catalog(updatedAt: updatedAt))
    }

    /// Queues `inventory.count.updated` events for `groups` (the counts of one variation and location each: its
    /// IN_STOCK count and the other states a change touched), at most 100 counts per event; returns at once.
    func notify(countGroups groups: [[JSONValue]]) {
        for counts in Self.events(packing: groups) { continuation.yield(.inventory(counts: counts)) }
    }

    /// `groups` packed in order into events of at most `countsPerEvent` counts, a group never split across two
    /// (so a state change's two counts arrive in one event, as Square sends them); a group over the limit alone
    /// is cut at the limit.
    static func events(packing groups: [[JSONValue]]) -> [[JSONValue]] {
        var events: [[JSONValue]] = []
        var current: [JSONValue] = []
        for group in groups {
            if current.count + group.count > countsPerEvent, !current.isEmpty {
                events.append(current)
                current = []
            }
            for count in group {
                if current.count == countsPerEvent {
                    events.append(current)
                    current = []
                }
                current.append(count)
            }
        }
        if !current.isEmpty { events.append(current) }
        return events
    }

    /// Stops taking events, drops the ones still queued, cancels a delivery in flight and waits for the task.
    func finish() async {
        continuation.finish()
        task.cancel()
        await task.value
    }

    /// The event's JSON, in the field order Square uses.
    static func event(updatedAt: Int64, eventID: String, now: Date) -> [UInt8] {
        envelope(
            type: "catalog.version.updated", eventID: eventID, now: now, dataType: "catalog_version", dataID: "",
            object: ["catalog_version": ["updated_at": .string(SandboxTime.format(updatedAt))]])
    }

    /// An `inventory.count.updated` event's JSON for `counts`, in the field order Square uses
    /// (`InventoryCountUpdatedEvent`: `data.type` is `inventory_counts`, the counts in
    /// `data.object.inventory_counts`).
    static func inventoryEvent(counts: [JSONValue], eventID: String, now: Date) -> [UInt8] {
        envelope(
            type: "inventory.count.updated", eventID: eventID, now: now, dataType: "inventory_counts",
            dataID: UUID().uuidString.lowercased(), object: ["inventory_counts": .array(counts)])
    }

    /// Every event's envelope, in the field order Square uses: who, what, when, then `data` around `object`.
    private static func envelope(
        type: String, eventID: String, now: Date, dataType: String, dataID: String, object: JSONValue
    ) -> [UInt8] {
        let createdAt = Timestamp(epochMilliseconds: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
        let event: JSONValue = [
            "merchant_id": .string(merchantID),
            "type": .string(type),
            "event_id": .string(eventID),
            "created_at": .string(createdAt.rfc3339),
            "data": ["type": .string(dataType), "id": .string(dataID), "object": object],
        ]
        return event.serializedBytes()
    }

    /// `base64(HMAC-SHA256(key, url + body))`, as Square computes it.
    static func signature(body: [UInt8], url: String, key: String) -> String {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: Array(key.utf8)))
        hmac.update(data: Array(url.utf8))
        hmac.update(data: body)
        return Data(hmac.finalize()).base64EncodedString()
    }
}
