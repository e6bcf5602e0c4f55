import CatalogCore
import Foundation
import SquareAPI
import Store

/// What sending the outbox did.
public struct OutboxReplaySummary: Sendable, Equatable {
    /// Entries Square accepted (or already had).
    public var applied = 0
    /// Entries that met a change of the same field on Square and now wait for a decision.
    public var conflicts = 0
    /// Entries that can never be applied (object deleted, write refused).
    public var failed = 0
    /// Entries still waiting because Square could not be reached.
    public var pending = 0

    public init() {}
}

extension Editor {
    /// Sends every pending outbox entry (or those of one variation), oldest first.
    ///
    /// An edit is applied only where Square's value of each field is still the one it was based on
    /// (or already the one wanted); any other value is a conflict, recorded with Square's value, and
    /// nothing of that entry is written. When Square cannot be reached the rest stay pending and the
    /// error is thrown after the summary is stored.
    ///
    /// Each entry is claimed first (`CatalogDatabase.claimOutbox`): of several processes sending at once,
    /// one sends it and records it; the others pass it by and do not count it.
    public func sendOutbox(objectID: String? = nil) async throws -> OutboxReplaySummary {
        var summary = OutboxReplaySummary()
        let entries = try await database.outboxEntries(statuses: [.pending]).filter {
            objectID == nil || $0.objectID == objectID
        }
        for (index, listed) in entries.enumerated() {
            guard let id = listed.id,
                let entry = try await database.claimOutbox(id: id, statuses: [.pending], by: sender)
            else { continue }
            do {
                let status = try await send(entry, id: id)
                switch status {
                case .conflict: summary.conflicts += 1
                default: summary.applied += 1
                }
            } catch StoreError.outboxEntryTaken {
                continue
            } catch let error as SquareError where error.isRetryable {
                try await database.updateOutbox(
                    OutboxUpdate(
                        id: id, status: .pending, reason: error.waitingReason, sender: sender))
                summary.pending = entries.count - index
                throw OutboxError.stillOffline(waiting: summary.pending, cause: error)
            } catch let error as EditError {
                try await database.updateOutbox(
                    OutboxUpdate(id: id, status: .failed, reason: error.description, sender: sender))
                summary.failed += 1
            } catch let error as SquareError where !error.isAuthenticationFailure {
                try await database.updateOutbox(
                    OutboxUpdate(
                        id: id, status: .failed, reason: "Square refused it: \(error.description)", sender: sender))
                summary.failed += 1
            } catch {
                try await database.releaseOutbox(id: id, by: sender)
                throw error
            }
        }
        return summary
    }

    /// Sends one entry and records how it ended.
    func send(_ entry: OutboxEntry, id: Int64) async throws -> EditResult.Status {
        switch entry.kind {
        case .create:
            return try await sendCreation(entry, id: id)
        case .inventory:
            try await sendInventory(entry, id: id)
            return .applied
        case .count:
            try await sendCountEntry(entry, id: id)
            return .applied
        case .edit:
            var edits: [FieldEdit] = []
            var baseline: [EditField: JSONValue?] = [:]
            for change in entry.changes {
                guard let field = EditField(rawValue: change.field) else {
                    throw EditError.refused(
                        label: entry.label,
                        error: SquareError(kind: .badResponse, url: "", reason: "unknown field \(change.field)"))
                }
                edits.append(FieldEdit(field, change.new))
                baseline[field] = .some(change.old)
            }
            let purpose = Purpose(action: .edit, source: "outbox \(id)", baseline: baseline, outboxID: id)
            let result = try await write(
                variationID: entry.objectID, itemID: entry.itemID ?? "", label: entry.label, edits: edits,
                purpose: purpose)
            if case .conflict(let remote) = result.status {
                let fields = remote.keys.sorted().joined(separator: ", ")
                try await database.updateOutbox(
                    OutboxUpdate(
                        id: id, status: .conflict,
                        reason: "changed in Square since this edit was made (\(fields)); decide with "
                            + "catalog outbox resolve \(id) --keep local|remote",
                        remote: remote, sender: sender))
            }
            return result.status
        }
    }

    /// Sends a queued item creation: its objects as one batch with the key it was queued with, so Square
    /// creates it once however many times it is sent.
    func sendCreation(_ entry: OutboxEntry, id: Int64) async throws -> EditResult.Status {
        let objects = entry.payload?.arrayValue ?? []
        let result = try await client.batchUpsertCatalogObjects(
            batches: [objects], idempotencyKey: entry.idempotencyKey)
        let realID = Dictionary(
            result.idMappings.map { ($0.clientObjectID, $0.objectID) }, uniquingKeysWith: { a, _ in a })
        let itemID = realID[entry.objectID] ?? entry.objectID
        let version = result.objects.first { $0["id"]?.stringValue == itemID }?["version"]?.int64Value
        let history = entry.changes.map { change in
            HistoryEntry(
                at: database.clock.now().rfc3339, counter: counter, action: .create, objectType: "ITEM",
                objectID: itemID, itemID: itemID,
                field: change.field, oldValue: nil, newValue: change.new, version: version,
                source: "outbox \(id)")
        }
        try await database.recordWrite(
            objects: result.objects, history: history,
            outbox: [
                OutboxUpdate(
                    id: id, status: .applied, reason: "created as \(itemID)", resultVersion: version, sender: sender)
            ])
        return .applied
    }

    /// Decides a conflicted (or pending) entry: `keepLocal` writes the entry's values over Square's now;
    /// otherwise Square's values stay and nothing is written.
    public func resolve(outboxID id: Int64, keepLocal: Bool) async throws -> EditResult? {
        guard let listed = try await database.outboxEntry(id: id) else { throw OutboxError.noSuchEntry(id) }
        let open: Set<OutboxEntry.Status> = [.conflict, .pending, .failed]
        guard open.contains(listed.status) else { throw OutboxError.alreadyDone(id: id, status: listed.status) }
        guard let entry = try await database.claimOutbox(id: id, statuses: open, by: sender) else {
            throw OutboxError.beingSent(id: id)
        }
        do {
            guard keepLocal else {
                let fields = entry.changes.map(\.field).joined(separator: ", ")
                try await database.updateOutbox(
                    OutboxUpdate(id: id, status: .resolved, reason: "kept Square's values (\(fields))", sender: sender))
                if entry.kind == .inventory {
                    // The receipt will never reach Square: the list gets its units back.
                    try await database.reverseStockReceipt(
                        outboxID: id, reason: "dropped (outbox resolve --keep remote)", counter: counter)
                }
                return nil
            }
            guard entry.kind == .edit else {
                // Sent as queued, with its own key: Square applies it once however often it is sent. A receipt
                // Square refused goes again stamped afresh, with a new key.
                switch entry.kind {
                case .inventory: try await sendInventory(entry, id: id, afresh: listed.status == .failed)
                case .count: try await sendCountEntry(entry, id: id)
                default: _ = try await sendCreation(entry, id: id)
                }
                return nil
            }
            let edits = entry.changes.compactMap { change in
                EditField(rawValue: change.field).map { FieldEdit($0, change.new) }
            }
            return try await write(
                variationID: entry.objectID, itemID: entry.itemID ?? "", label: entry.label, edits: edits,
                purpose: Purpose(action: .resolve, source: "outbox \(id)", outboxID: id, resolving: true))
        } catch {
            try await database.releaseOutbox(id: id, by: sender)
            throw error
        }
    }
}

extension SquareError {
    /// Why a write waits in the outbox: the reason every queued edit, creation and receipt records, which
    /// `catalog outbox list` and the hub's pages both show. Said for anyone (no address, no setting): what
    /// to check is in the sync's own error.
    public var waitingReason: String {
        switch kind {
        case .unreachable: "Square could not be reached"
        case .timedOut: "Square could not be reached in time"
        case .cancelled: "the request to Square was stopped"
        case .badResponse: "the answer did not come from Square" + (reason.isEmpty ? "" : " (\(reason))")
        case .api(let status): status == 429 ? "Square was busy" : "Square had a problem of its own (\(status))"
        }
    }
}

/// Why the outbox could not be sent or an entry not resolved.
public enum OutboxError: Error, CustomStringConvertible, Sendable {
    case stillOffline(waiting: Int, cause: SquareError)
    case noSuchEntry(Int64)
    case alreadyDone(id: Int64, status: OutboxEntry.Status)
    case beingSent(id: Int64)

    public var description: String {
        switch self {
        case .stillOffline(let waiting, let cause):
            return "\(waiting) edit\(waiting == 1 ? "" : "s") still wait in the outbox: \(cause.description) "
                + "They will be sent by the next catalog sync."
        case .noSuchEntry(let id):
            return "There is no outbox entry \(id). Run catalog outbox to see the entries."
        case .alreadyDone(let id, let status):
            return "Outbox entry \(id) is already \(status.rawValue); only pending, conflicted or failed entries "
                + "can be resolved."
        case .beingSent(let id):
            return "Outbox entry \(id) is being sent by another catalog process right now. "
                + "Try again in a moment: catalog outbox shows how it ended."
        }
    }
}

extension OutboxError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .stillOffline, .beingSent: return .tryLater
        case .noSuchEntry: return .notFound
        case .alreadyDone: return .dataError
        }
    }
}
