import CatalogCore
import Foundation
import SquareAPI
import Store

/// What sending a count's batches did.
public struct CountSendSummary: Sendable, Equatable {
    /// Lines Square took.
    public var posted = 0
    /// Lines Square refused (each with its reason on the line).
    public var refused = 0

    public init() {}
}

extension Editor {
    /// The PHYSICAL_COUNT change for one counted line: `quantity` IN_STOCK at `locationID` as of
    /// `occurredAt` (when it was last counted), under the session's `reference`.
    public static func physicalCount(
        variationID: String, locationID: String, quantity: Decimal, occurredAt: String, reference: String
    ) -> JSONValue {
        [
            "type": "PHYSICAL_COUNT",
            "physical_count": [
                "reference_id": .string(reference), "catalog_object_id": .string(variationID),
                "catalog_object_type": "ITEM_VARIATION", "state": "IN_STOCK", "location_id": .string(locationID),
                "quantity": .string(Quantity.text(quantity)), "occurred_at": .string(occurredAt),
            ],
        ]
    }

    /// The outbox entry carrying some of a session's physical counts, with a new idempotency key.
    public func countEntry(
        sessionID: Int64, name: String, reference: String, locationID: String, changes: [JSONValue]
    ) -> OutboxEntry {
        OutboxEntry(
            counter: counter, kind: .count, objectID: reference, itemID: nil,
            label: "Count \(sessionID) “\(name)”: \(changes.count) line\(changes.count == 1 ? "" : "s")",
            baseVersion: nil,
            changes: [
                OutboxEntry.Change(
                    field: "in_stock@" + locationID, old: nil,
                    new: .string("\(changes.count) physical count\(changes.count == 1 ? "" : "s")"))
            ],
            payload: ["session_id": .int(sessionID), "name": .string(name), "changes": .array(changes)],
            idempotencyKey: UUID().uuidString, reason: "not sent yet", at: database.clock.now())
    }

    /// Sends one count entry this process has claimed, with its own key, and records the outcome.
    ///
    /// Square applies a batch all or nothing, so a refused batch applied nothing: the changes Square
    /// named are marked refused with its reason and the rest are sent again under a new key stored
    /// first; when Square names none, the batch is halved until the refused line stands alone. "Try
    /// later" errors and a refused token are thrown; entries split off here are then left pending for the
    /// next sync (the caller settles `entry` itself).
    @discardableResult
    public func sendCountEntry(_ entry: OutboxEntry, id: Int64) async throws -> CountSendSummary {
        var summary = CountSendSummary()
        var work: [(entry: OutboxEntry, id: Int64)] = [(entry, id)]
        while !work.isEmpty {
            var (current, currentID) = work.removeFirst()
            guard let sessionID = current.payload?["session_id"]?.int64Value,
                !(current.payload?["changes"]?.arrayValue ?? []).isEmpty
            else {
                try await database.updateOutbox(
                    OutboxUpdate(id: currentID, status: .failed, reason: "the entry holds no count", sender: sender))
                continue
            }
            do {
                // Lines counted longer ago than Square takes are brought up to now first (stored under a new key).
                guard
                    let ready = try await withinSquaresWindow(
                        current, id: currentID, sessionID: sessionID, summary: &summary)
                else { continue }
                current = ready
                let changes = current.payload?["changes"]?.arrayValue ?? []
                let answer = try await client.batchCreateInventoryChanges(
                    idempotencyKey: current.idempotencyKey, changes: changes, ignoreUnchangedCounts: false)
                try await database.recordCountBatchPosted(
                    outboxID: currentID, sessionID: sessionID,
                    counts: answer.counts.compactMap(StockCount.init(square:)), sender: sender)
                summary.posted += changes.count
            } catch let error as SquareError where !error.isRetryable && !error.isAuthenticationFailure {
                let next = try await reshape(current, id: currentID, sessionID: sessionID, refusal: error)
                summary.refused += next.refused
                work.insert(contentsOf: next.work, at: 0)
            } catch {
                // Entries split off here wait for the next sync; the caller settles `entry` itself.
                let reason = (error as? SquareError)?.waitingReason ?? "not sent yet"
                for waitingID in [currentID] + work.map(\.id) where waitingID != id {
                    try await database.updateOutbox(
                        OutboxUpdate(id: waitingID, status: .pending, reason: reason, sender: sender))
                }
                throw error
            }
        }
        return summary
    }

    /// After Square refused `entry`'s batch: marks the changes it named refused and keeps the rest in the
    /// entry under a new key, or (none named) splits the batch in two; returns the entries to send next.
    private func reshape(_ entry: OutboxEntry, id: Int64, sessionID: Int64, refusal: SquareError) async throws
        -> (work: [(entry: OutboxEntry, id: Int64)], refused: Int)
    {
        let changes = entry.payload?["changes"]?.arrayValue ?? []
        var refused: [String: String] = [:]
        for error in refusal.errors {
            guard let index = Self.changeIndex(error.field), index < changes.count else { continue }
            refused[Self.variationID(of: changes[index])] = Self.reason(error)
        }
        var keep: [JSONValue]
        var split: [JSONValue] = []
        if !refused.isEmpty {
            keep = changes.filter { refused[Self.variationID(of: $0)] == nil }
        } else if changes.count == 1 {
            refused[Self.variationID(of: changes[0])] = refusal.errors.first.map(Self.reason) ?? refusal.description
            keep = []
        } else {
            keep = Array(changes[..<(changes.count / 2)])
            split = Array(changes[(changes.count / 2)...])
        }
        let session = entry.payload?["name"]?.stringValue ?? ""
        let location = entry.changes.first?.field.split(separator: "@").last.map(String.init) ?? ""
        func batch(_ part: [JSONValue]) -> CountBatch? {
            guard !part.isEmpty else { return nil }
            return CountBatch(
                entry: countEntry(
                    sessionID: sessionID, name: session, reference: entry.objectID, locationID: location,
                    changes: part),
                variationIDs: part.map(Self.variationID(of:)))
        }
        let remaining = batch(keep)
        let stored = try await database.reshapeCountBatch(
            outboxID: id, sessionID: sessionID, refused: refused, remaining: remaining, split: batch(split),
            reason: "Square refused it: \(refusal.description)", sender: sender)
        var work: [(entry: OutboxEntry, id: Int64)] = []
        if let remaining { work.append((remaining.entry, id)) }
        if let stored, let storedID = stored.entry.id { work.append((stored.entry, storedID)) }
        return (work, refused.count)
    }

    /// The index `n` of a field Square names as `changes[n]…`.
    static func changeIndex(_ field: String?) -> Int? {
        guard let field, field.hasPrefix("changes["), let close = field.firstIndex(of: "]") else { return nil }
        return Int(field[field.index(field.startIndex, offsetBy: 8)..<close])
    }

    static func variationID(of change: JSONValue) -> String {
        change["physical_count"]?["catalog_object_id"]?.stringValue ?? ""
    }

    /// Square's reason for refusing one change, as a person reads it.
    static func reason(_ error: SquareAPIError) -> String {
        "\(error.code): \(error.detail ?? "refused")"
    }
}
