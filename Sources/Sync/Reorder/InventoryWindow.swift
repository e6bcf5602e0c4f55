import CatalogCore
import Foundation

/// Square's time window for inventory changes: an adjustment's or a physical count's `occurred_at` "cannot
/// be older than 24 hours or in the future relative to the time of the request". A receipt that waited in
/// the outbox longer (Square away over a weekend, a laptop closed) is stamped again when it is sent; the
/// time the stock really arrived travels in its `reference_id` and is kept in the history.
public enum InventoryWindow {
    /// How old an `occurred_at` Square takes, in seconds.
    public static let accepted: Int64 = 24 * 3600
    /// From this age a queued change is stamped again before it is sent: an hour short of Square's limit,
    /// so a request that is slow to arrive, or a clock a little off, is not refused.
    public static let restampAfter: Int64 = 23 * 3600
    /// From this age the lines of an open count are getting old: the review, `count show` and the hub say
    /// so, while there is still time to post them as counted (before `restampAfter`).
    public static let warnAfter: Int64 = 20 * 3600

    /// A receipt's `reference_id`: this tool's mark, the first letters of its first key, and when the stock
    /// arrived (`catalog-receive-1a2b3c4d@2026-11-24T09:30:00Z`).
    public static func receiptReference(key: String, arrived: Timestamp) -> String {
        "catalog-receive-" + key.prefix(8).lowercased() + "@" + Timestamp(seconds: arrived.seconds).rfc3339
    }

    /// When the stock arrived, read back from a receipt's `reference_id` (nil for one made before the time was
    /// kept there).
    public static func arrival(inReference reference: String) -> Timestamp? {
        guard reference.hasPrefix("catalog-receive-"), let at = reference.firstIndex(of: "@") else { return nil }
        return Timestamp(rfc3339: String(reference[reference.index(after: at)...]))
    }

    /// The first adjustment of an inventory outbox entry's payload (`{"changes": [{"type": "ADJUSTMENT",
    /// "adjustment": {...}}]}`).
    static func adjustment(in payload: JSONValue?) -> JSONValue? {
        payload?["changes"]?.arrayValue?.first?["adjustment"]
    }

    /// Whether Square would refuse an `occurred_at` of `occurred` at `now`, or soon would.
    public static func outside(_ occurred: Timestamp, now: Timestamp) -> Bool {
        now.seconds - occurred.seconds >= restampAfter || occurred.seconds > now.seconds
    }

    /// When an inventory change (an adjustment or a physical count) happened: its `occurred_at`.
    static func occurredAt(_ change: JSONValue) -> Timestamp? {
        ((change["adjustment"] ?? change["physical_count"])?["occurred_at"]?.stringValue)
            .flatMap(Timestamp.init(rfc3339:))
    }

    /// Whether a payload's adjustments carry an `occurred_at` Square would refuse at `now`, or soon would.
    static func needsNewStamp(_ payload: JSONValue?, now: Timestamp) -> Bool {
        for change in payload?["changes"]?.arrayValue ?? [] where change["adjustment"] != nil {
            guard let occurred = occurredAt(change) else { return true }
            if outside(occurred, now: now) { return true }
        }
        return false
    }

    /// The payload with every adjustment stamped `now`.
    static func stamped(_ payload: JSONValue?, at now: Timestamp) -> JSONValue? {
        guard var payload, let changes = payload["changes"]?.arrayValue else { return payload }
        payload["changes"] = .array(
            changes.map { change in
                var change = change
                if change["adjustment"] != nil { change["adjustment"]?["occurred_at"] = .string(now.rfc3339) }
                return change
            })
        return payload
    }
}
