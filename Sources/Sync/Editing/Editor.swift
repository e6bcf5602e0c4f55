import CatalogCore
import Foundation
import SquareAPI
import Store

/// Writes field changes back to Square without losing anyone's data.
///
/// Every write is fetch → change only the named fields on the fetched JSON → upsert with a new
/// idempotency key. A price or other variation field upserts the variation alone; an item field
/// upserts the fetched item with all its variations and their versions. On `VERSION_MISMATCH` the
/// whole round is repeated (another writer's changes to other fields are kept because they are in
/// the new fetch). Square's answer, the history rows and any outbox state land in one transaction.
public struct Editor: Sendable {
    public let database: CatalogDatabase
    public let client: SquareClient
    /// This computer's name, for the history and the outbox.
    public let counter: String
    /// Fetch-and-upsert rounds before giving up on an object that keeps changing.
    public var maxAttempts = 5
    /// Runs after each fetch, before the upsert (a seam for tests that play a second writer).
    public var afterFetch: (@Sendable (_ attempt: Int) async -> Void)?

    public init(
        database: CatalogDatabase, client: SquareClient, counter: String, sender: OutboxSender = .thisProcess
    ) {
        self.database = database
        self.client = client
        self.counter = counter
        self.sender = sender
    }

    /// Whose claim the outbox entries it sends carry.
    public var sender: OutboxSender

    /// What one round is for: a fresh edit, an outbox entry being sent, or a conflict resolved.
    struct Purpose: Sendable {
        var action: HistoryEntry.Action = .edit
        var source: String?
        /// For an outbox entry: the values the edit was based on; a field that moved away from its base
        /// value on Square is a conflict.
        var baseline: [EditField: JSONValue?]?
        /// The outbox entry to mark applied (or resolved) in the same transaction.
        var outboxID: Int64?
        var resolving = false
        /// A fresh edit: before its upsert goes out, the intended change is stored as an outbox entry this
        /// process holds, so a process killed after Square applied it leaves the write for the next sync
        /// to complete (and record) instead of losing it.
        var recordsIntent = false
        /// The changes of that entry.
        var intent: [FieldChange] = []
        /// When set, each upsert's idempotency key is this and a digest of the object sent, not a fresh one:
        /// the same write sent twice, by a retry or by another hub applying the same staged plan, is one.
        var boundKey: String?
    }

    /// Edits a variation and its item in Square; when Square cannot be reached, queues the edit in the
    /// outbox and returns `.queued`.
    ///
    /// Earlier writes of the same variation still in the outbox (queued offline, or left by a process
    /// that died while sending) are sent first, so they land, and are recorded, before this one.
    ///
    /// `seen` holds, for some fields, the values the person saw when they asked for the edit (a counter
    /// screen's card): a field Square has changed away from what they saw is a conflict, and nothing is
    /// written, rather than their edit silently overwriting the other change. `action` and `source` are what
    /// the history says of it (a staged plan's line: `.plan`, the plan's name and line).
    public func edit(
        variationID: String, itemID: String, label: String, edits: [FieldEdit], seen: [EditField: JSONValue?]? = nil,
        action: HistoryEntry.Action = .edit, source: String? = nil, boundKey: String? = nil
    ) async throws -> EditResult {
        for edit in edits { try edit.field.checkLength(edit.value) }
        do {
            _ = try await sendOutbox(objectID: variationID)
            return try await write(
                variationID: variationID, itemID: itemID, label: label, edits: edits,
                purpose: Purpose(
                    action: action, source: source, baseline: seen, recordsIntent: true, boundKey: boundKey))
        } catch let error as SquareError where error.isRetryable {
            return try await queue(variationID: variationID, itemID: itemID, label: label, edits: edits, error: error)
        } catch OutboxError.stillOffline(_, let cause) {
            return try await queue(variationID: variationID, itemID: itemID, label: label, edits: edits, error: cause)
        }
    }

    /// One or more fetch-and-upsert rounds for `edits`; for a fresh edit whose intent was stored, a failure
    /// settles that entry: pending (and `.queued`) when Square could not be reached, failed otherwise.
    func write(variationID: String, itemID: String, label: String, edits: [FieldEdit], purpose: Purpose)
        async throws -> EditResult
    {
        var purpose = purpose
        do {
            return try await rounds(
                variationID: variationID, itemID: itemID, label: label, edits: edits, purpose: &purpose)
        } catch {
            guard purpose.recordsIntent, let id = purpose.outboxID else { throw error }
            guard let failure = error as? SquareError, failure.isRetryable else {
                let reason = String(describing: error)
                try await database.updateOutbox(
                    OutboxUpdate(id: id, status: .failed, reason: "not applied: " + reason, sender: sender))
                throw error
            }
            let reason = failure.waitingReason
            try await database.updateOutbox(OutboxUpdate(id: id, status: .pending, reason: reason, sender: sender))
            return EditResult(
                status: .queued(outboxID: id, reason: reason), itemID: itemID, variationID: variationID,
                changes: purpose.intent, oldVersion: nil, newVersion: nil, attempts: 1)
        }
    }

    func rounds(
        variationID: String, itemID: String, label: String, edits: [FieldEdit], purpose: inout Purpose
    ) async throws -> EditResult {
        let needsItem = edits.contains { $0.field.onItem }
        var attempt = 0
        while true {
            attempt += 1
            let snapshot = try await fetch(variationID: variationID, itemID: itemID, needsItem: needsItem, label: label)
            if let afterFetch { await afterFetch(attempt) }
            var pending: [FieldEdit] = []
            var changes: [FieldChange] = []
            // Fields of an outbox entry Square already holds: the entry's own write, sent by a process
            // that could not record it, or the same value set elsewhere. Recorded once, now.
            var confirmed: [FieldChange] = []
            var conflicts: [String: JSONValue] = [:]
            for edit in edits {
                let current = snapshot.value(edit.field)
                let base = purpose.baseline?[edit.field]
                if edit.field.same(current, edit.value) {
                    // Only an outbox entry confirms a value it finds already there; a fresh edit wrote nothing.
                    if !purpose.resolving, !purpose.recordsIntent, let base, !edit.field.same(base, edit.value) {
                        confirmed.append(FieldChange(field: edit.field, old: base, new: edit.value))
                    }
                    continue
                }
                if let base, !edit.field.same(current, base) {
                    conflicts[edit.field.rawValue] = current ?? .null
                    continue
                }
                pending.append(edit)
                changes.append(FieldChange(field: edit.field, old: current, new: edit.value))
            }
            let fetched = snapshot.item ?? snapshot.variation
            var result = EditResult(
                status: .unchanged, itemID: itemID, variationID: variationID, changes: changes,
                oldVersion: fetched["version"]?.int64Value, newVersion: nil, attempts: attempt)
            if !conflicts.isEmpty {
                result.status = .conflict(remote: conflicts)
                try await database.recordWrite(objects: [fetched], history: [])
                if purpose.recordsIntent, let id = purpose.outboxID {
                    // The intent stored on an earlier round: nothing of it was written.
                    try await database.updateOutbox(
                        OutboxUpdate(
                            id: id, status: .failed, reason: "not written: Square's values changed meanwhile",
                            sender: sender))
                }
                return result
            }
            if pending.isEmpty {
                try await database.recordWrite(
                    objects: [fetched],
                    history: history(
                        confirmed, in: fetched, variationID: variationID, itemID: itemID, purpose: purpose),
                    outbox: outboxUpdate(purpose, version: result.oldVersion, reason: "Square already had these values")
                )
                return result
            }
            if purpose.recordsIntent, purpose.outboxID == nil {
                purpose.intent = changes
                purpose.outboxID = try await recordIntent(
                    variationID: variationID, itemID: itemID, label: label, changes: changes,
                    version: result.oldVersion)
            }
            try await ensureShelfDefinitions(for: pending)
            guard
                let written = try await upsert(
                    snapshot.applying(pending), label: label, attempt: attempt, boundKey: purpose.boundKey)
            else {
                continue
            }
            result.status = .applied
            result.newVersion = written["version"]?.int64Value
            let note = purpose.resolving ? "kept this counter's values over Square's" : "sent"
            try await database.recordWrite(
                objects: [written],
                history: history(
                    changes + confirmed, in: written, variationID: variationID, itemID: itemID, purpose: purpose),
                outbox: outboxUpdate(purpose, version: result.newVersion, reason: note))
            return result
        }
    }

    /// One history row per changed field, with the version Square gave the object that holds it.
    func history(
        _ changes: [FieldChange], in object: JSONValue, variationID: String, itemID: String, purpose: Purpose
    ) -> [HistoryEntry] {
        changes.map { change in
            HistoryEntry(
                at: database.clock.now().rfc3339, counter: counter, action: purpose.action,
                objectType: change.field.onItem ? "ITEM" : "ITEM_VARIATION",
                objectID: change.field.onItem ? itemID : variationID, itemID: itemID,
                field: change.field.rawValue, oldValue: change.old, newValue: change.new,
                version: EditSnapshot.version(of: change.field, in: object, variationID: variationID),
                source: purpose.source)
        }
    }

    /// Upserts `object` with a new idempotency key (or, with `boundKey`, one bound to the object sent); `nil`
    /// after a version conflict that allows another round.
    func upsert(_ object: JSONValue, label: String, attempt: Int, boundKey: String? = nil) async throws -> JSONValue? {
        let failure: SquareError
        do {
            let key = boundKey.map { PriceImport.idempotencyKey($0, [object]) } ?? UUID().uuidString
            return try await client.upsertCatalogObject(object, idempotencyKey: key).object
        } catch {
            failure = error
        }
        if failure.isVersionMismatch {
            if attempt < maxAttempts { return nil }
            throw EditError.keptChanging(label: label, attempts: attempt)
        }
        if failure.isRetryable || failure.isAuthenticationFailure { throw failure }
        throw EditError.refused(label: label, error: failure)
    }

    /// Fetches the variation, or the item with its variations inline when an item field is edited.
    func fetch(variationID: String, itemID: String, needsItem: Bool, label: String) async throws -> EditSnapshot {
        do {
            if needsItem {
                let item = try await client.retrieveCatalogObject(id: itemID).object
                guard let snapshot = EditSnapshot(item: item, variationID: variationID) else {
                    throw EditError.gone(id: variationID, label: label)
                }
                return snapshot
            }
            return EditSnapshot(item: nil, variation: try await client.retrieveCatalogObject(id: variationID).object)
        } catch let error as SquareError where error.status == 404 {
            throw EditError.gone(id: needsItem ? itemID : variationID, label: label)
        }
    }

    func outboxUpdate(_ purpose: Purpose, version: Int64?, reason: String?) -> [OutboxUpdate] {
        guard let id = purpose.outboxID else { return [] }
        return [
            OutboxUpdate(
                id: id, status: purpose.resolving ? .resolved : .applied, reason: reason, resultVersion: version,
                sender: sender)
        ]
    }

    /// Stores a fresh edit's intended change as an outbox entry this process holds while it sends it.
    func recordIntent(
        variationID: String, itemID: String, label: String, changes: [FieldChange], version: Int64?
    ) async throws -> Int64 {
        let entry = try await database.enqueue(
            OutboxEntry(
                counter: counter, kind: .edit, objectID: variationID, itemID: itemID, label: label,
                baseVersion: version,
                changes: changes.map { OutboxEntry.Change(field: $0.field.rawValue, old: $0.old, new: $0.new) },
                idempotencyKey: UUID().uuidString, reason: "being sent", at: database.clock.now()),
            claimedBy: sender)
        return entry.id ?? 0
    }

    /// Stores the edit in the outbox, based on the local copy's values and version, or, for a field an
    /// earlier waiting edit of the same variation changes, on the value that edit sets: queued edits
    /// apply in order instead of the later one conflicting with the earlier.
    func queue(variationID: String, itemID: String, label: String, edits: [FieldEdit], error: SquareError)
        async throws -> EditResult
    {
        let variation = try await database.storedObject(id: variationID) ?? .object(JSONObject())
        let item = try await database.storedObject(id: itemID)
        let snapshot = EditSnapshot(item: item, variation: variation)
        var waiting: [String: JSONValue?] = [:]
        for entry in try await database.outboxEntries(statuses: [.pending])
        where entry.kind == .edit && entry.objectID == variationID {
            for change in entry.changes { waiting[change.field] = .some(change.new) }
        }
        let changes = edits.map { edit in
            FieldChange(
                field: edit.field, old: waiting[edit.field.rawValue] ?? snapshot.value(edit.field), new: edit.value)
        }
        let reason = error.waitingReason
        let entry = try await database.enqueue(
            OutboxEntry(
                counter: counter, kind: .edit, objectID: variationID, itemID: itemID, label: label,
                baseVersion: variation["version"]?.int64Value,
                changes: changes.map { OutboxEntry.Change(field: $0.field.rawValue, old: $0.old, new: $0.new) },
                idempotencyKey: UUID().uuidString, reason: reason, at: database.clock.now()))
        return EditResult(
            status: .queued(outboxID: entry.id ?? 0, reason: reason), itemID: itemID, variationID: variationID,
            changes: changes, oldVersion: variation["version"]?.int64Value, newVersion: nil, attempts: 1)
    }
}
