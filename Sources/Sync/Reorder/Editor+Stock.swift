import CatalogCore
import Foundation
import SquareAPI
import Store

/// How a receipt ended.
public struct ReceiveResult: Sendable {
    /// Posted to Square, or queued in the outbox because Square could not be reached.
    public enum Status: Sendable, Equatable {
        case posted
        case queued(reason: String)
    }

    public var status: Status
    /// What the receipt did to the reorder list.
    public var receipt: StockReceipt
    /// Square's IN_STOCK count at the location after the receipt, when it was posted.
    public var inStock: String?
}

extension Editor {
    /// Receives `quantity` units of a variation at a location: books them against the reorder list and
    /// posts a `NONE` → `IN_STOCK` adjustment to Square.
    ///
    /// The list change and the outbox entry holding the adjustment and its idempotency key are stored in
    /// one transaction before anything is sent, so a crash, a dropped connection or Square being away
    /// never loses the receipt, and every later send of it uses the same key, so Square counts it once.
    /// The adjustment's `reference_id` says when the stock arrived (`InventoryWindow`). When Square refuses
    /// it, or refuses the access token, the outbox entry stays as failed with the reason, the list as the
    /// receipt booked it, and the error is thrown: `outbox resolve` sends it again (stamped afresh) or drops
    /// it, putting the list back.
    public func receiveStock(
        variation: VariationSummary, quantity: Int, locationID: String
    ) async throws -> ReceiveResult {
        let entry = adjustmentEntry(
            into: true, objectID: variation.variationID, itemID: variation.itemID, label: variation.label,
            quantity: String(quantity), locationID: locationID)
        let receipt = try await database.receiveStock(
            variationID: variation.variationID, quantity: quantity, counter: counter, outbox: entry,
            claimedBy: sender)
        var stored = entry
        stored.id = receipt.outboxID
        do {
            let inStock = try await sendInventory(stored, id: receipt.outboxID)
            return ReceiveResult(status: .posted, receipt: receipt, inStock: inStock)
        } catch let error as SquareError where error.isRetryable {
            let reason = error.waitingReason
            try await database.updateOutbox(
                OutboxUpdate(id: receipt.outboxID, status: .pending, reason: reason, sender: sender))
            return ReceiveResult(status: .queued(reason: reason), receipt: receipt, inStock: nil)
        } catch let error as SquareError where error.isAuthenticationFailure {
            // Kept, but not pending: a sync with a good token must not send it behind the person's back
            // while they are told it failed; `outbox resolve` sends it once the token is fixed.
            try await database.updateOutbox(
                OutboxUpdate(
                    id: receipt.outboxID, status: .failed,
                    reason: "not sent: Square rejected the access token; send it again once the token is fixed",
                    sender: sender))
            throw error
        }
    }

    /// Undoes receipt `outboxID` (a counter's undo, seconds after the scan): puts the reorder list back and
    /// posts the compensating `IN_STOCK` → `NONE` adjustment of the same quantity at the same location,
    /// stored with the list change before it is sent, exactly as a receipt is (queued when Square cannot be
    /// reached). Asked twice, the second answer is the first undo's: the units are taken out once. Queued
    /// behind its receipt when that has not reached Square yet, so Square sees them in order.
    public func undoReceipt(outboxID: Int64) async throws -> ReceiveResult {
        guard let receipt = try await database.outboxEntry(id: outboxID), receipt.kind == .inventory,
            let adjustment = InventoryWindow.adjustment(in: receipt.payload),
            adjustment["to_state"]?.stringValue == "IN_STOCK",
            let quantity = adjustment["quantity"]?.stringValue, let locationID = adjustment["location_id"]?.stringValue
        else { throw ReorderError.notAReceipt(outboxID: outboxID) }
        let entry = adjustmentEntry(
            into: false, objectID: receipt.objectID, itemID: receipt.itemID, label: receipt.label,
            quantity: quantity, locationID: locationID)
        let (undoID, fresh) = try await database.undoStockReceipt(
            outboxID: outboxID, undo: entry, counter: counter, claimedBy: sender)
        let booked = StockReceipt(outboxID: undoID, lines: [], unlisted: 0)
        guard fresh else {
            let earlier = try await database.outboxEntry(id: undoID)
            let status: ReceiveResult.Status =
                earlier?.status == .applied ? .posted : .queued(reason: earlier?.reason ?? "not sent yet")
            return ReceiveResult(status: status, receipt: booked, inStock: nil)
        }
        var stored = entry
        stored.id = undoID
        // Behind its receipt while that waits: the next sync sends both, in order.
        if let current = try await database.outboxEntry(id: outboxID), current.status != .applied {
            let reason = "waits for the receipt it undoes (outbox \(outboxID))"
            try await database.updateOutbox(OutboxUpdate(id: undoID, status: .pending, reason: reason, sender: sender))
            return ReceiveResult(status: .queued(reason: reason), receipt: booked, inStock: nil)
        }
        do {
            let inStock = try await sendInventory(stored, id: undoID)
            return ReceiveResult(status: .posted, receipt: booked, inStock: inStock)
        } catch let error as SquareError where error.isRetryable {
            let reason = error.waitingReason
            try await database.updateOutbox(OutboxUpdate(id: undoID, status: .pending, reason: reason, sender: sender))
            return ReceiveResult(status: .queued(reason: reason), receipt: booked, inStock: nil)
        }
    }

    /// The outbox entry of one stock adjustment made now with a new key: `quantity` units of a variation moved
    /// into stock at a location (NONE → IN_STOCK, a receipt) or back out of it (IN_STOCK → NONE, its undo),
    /// its `reference_id` saying when (`InventoryWindow`).
    private func adjustmentEntry(
        into: Bool, objectID: String, itemID: String?, label: String, quantity: String, locationID: String
    ) -> OutboxEntry {
        let key = UUID().uuidString
        let now = database.clock.now()
        let adjustment: JSONValue = [
            "reference_id": .string(InventoryWindow.receiptReference(key: key, arrived: now)),
            "from_state": into ? "NONE" : "IN_STOCK", "to_state": into ? "IN_STOCK" : "NONE",
            "location_id": .string(locationID), "catalog_object_id": .string(objectID),
            "catalog_object_type": "ITEM_VARIATION", "quantity": .string(quantity), "occurred_at": .string(now.rfc3339),
        ]
        let shown = into ? "+\(quantity) at \(locationID)" : "-\(quantity) at \(locationID) (undo)"
        return OutboxEntry(
            counter: counter, kind: .inventory, objectID: objectID, itemID: itemID, label: label, baseVersion: nil,
            changes: [OutboxEntry.Change(field: "in_stock", old: nil, new: .string(shown))],
            payload: ["changes": [["type": "ADJUSTMENT", "adjustment": adjustment]]], idempotencyKey: key,
            reason: "not sent yet", at: now)
    }

    /// Posts an inventory outbox entry with its own key and records the outcome: applied with the new
    /// counts stored and a history row, or failed with Square's reason (the list stays as the receipt
    /// booked it). Returns the IN_STOCK count Square reported for the entry's variation. Errors that mean
    /// "try later" are thrown untouched.
    ///
    /// An entry whose `occurred_at` Square would no longer take (`InventoryWindow`), or one sent again on
    /// purpose (`afresh`, after a refusal), is first looked for in Square's inventory changes, in case an
    /// earlier send of it was applied without its answer arriving; only when Square has not got it is it
    /// stamped with the time of sending and a new key, stored before it is sent.
    @discardableResult
    func sendInventory(_ entry: OutboxEntry, id: Int64, afresh: Bool = false) async throws -> String? {
        var entry = entry
        let now = database.clock.now()
        if afresh || InventoryWindow.needsNewStamp(entry.payload, now: now) {
            if try await appliedEarlier(entry) {
                try await recordReceipt(entry, id: id, counts: [])
                return nil
            }
            entry = try await restamp(entry, id: id, at: now)
        }
        let result = try await postInventory(entry)
        if case .failure(let error) = result {
            try await database.updateOutbox(
                OutboxUpdate(
                    id: id, status: .failed, reason: "Square refused the stock receipt: \(error.description)",
                    sender: sender))
            throw ReorderError.receiptRefused(label: entry.label, cause: error, outboxID: id)
        }
        guard case .success(let answer) = result else { return nil }
        let counts = answer.counts.compactMap(StockCount.init(square:))
        let inStock = answer.counts.first {
            $0["catalog_object_id"]?.stringValue == entry.objectID && $0["state"]?.stringValue == "IN_STOCK"
        }?["quantity"]?.stringValue
        try await recordReceipt(entry, id: id, counts: counts)
        return inStock
    }
}

extension Editor {
    /// Stores Square's counts after a receipt, and marks it applied with a history row saying what arrived
    /// when (the reference's arrival time) and the time Square was told.
    private func recordReceipt(_ entry: OutboxEntry, id: Int64, counts: [StockCount]) async throws {
        try await database.saveStockCounts(counts)
        let adjustment = InventoryWindow.adjustment(in: entry.payload)
        let arrived = (adjustment?["reference_id"]?.stringValue).flatMap(InventoryWindow.arrival(inReference:))
        let history = HistoryEntry(
            at: database.clock.now().rfc3339, counter: entry.counter, action: .receive, objectType: "ITEM_VARIATION",
            objectID: entry.objectID, itemID: entry.itemID, field: "in_stock", oldValue: nil,
            newValue: entry.changes.first?.new, version: nil,
            source: "outbox \(id)" + (arrived.map { ", arrived \($0.rfc3339)" } ?? ""))
        try await database.recordWrite(
            objects: [], history: [history],
            outbox: [OutboxUpdate(id: id, status: .applied, reason: nil, sender: sender)])
    }

    /// Whether Square already has this entry's adjustment (found by its `reference_id` among the
    /// variation's adjustments at the location since the entry was made).
    private func appliedEarlier(_ entry: OutboxEntry) async throws -> Bool {
        guard let adjustment = InventoryWindow.adjustment(in: entry.payload),
            let reference = adjustment["reference_id"]?.stringValue,
            let location = adjustment["location_id"]?.stringValue,
            let made = Timestamp(rfc3339: entry.createdAt)
        else { return false }
        let changes = try await inventoryChanges(
            of: [entry.objectID], at: location, types: ["ADJUSTMENT"], since: Timestamp(seconds: made.seconds - 3600))
        return changes.contains { $0["adjustment"]?["reference_id"]?.stringValue == reference }
    }

    /// Square's inventory changes of `types` to `variationIDs` at `location` recorded since `start`, every page.
    func inventoryChanges(of variationIDs: [String], at location: String, types: [String], since start: Timestamp)
        async throws -> [JSONValue]
    {
        var found: [JSONValue] = []
        for first in stride(from: 0, to: variationIDs.count, by: 500) {
            let chunk = variationIDs[first..<min(first + 500, variationIDs.count)]
            let request: JSONValue = [
                "catalog_object_ids": .array(chunk.map(JSONValue.string)), "location_ids": [.string(location)],
                "types": .array(types.map(JSONValue.string)), "updated_after": .string(start.rfc3339),
            ]
            for try await page in client.batchRetrieveInventoryChanges(request) { found += page.changes }
        }
        return found
    }

    /// The entry stamped `now` with a new idempotency key, stored (while this sender holds it) before it is
    /// sent.
    private func restamp(_ entry: OutboxEntry, id: Int64, at now: Timestamp) async throws -> OutboxEntry {
        var entry = entry
        entry.payload = InventoryWindow.stamped(entry.payload, at: now)
        entry.idempotencyKey = UUID().uuidString
        if let payload = entry.payload {
            try await database.restampOutbox(
                id: id, payload: payload, idempotencyKey: entry.idempotencyKey, by: sender)
        }
        return entry
    }

    /// Sends an entry's changes with its key: Square's answer, or the refusal when Square said no.
    /// "Try later" errors (and a refused token) are thrown.
    private func postInventory(_ entry: OutboxEntry) async throws -> Result<InventoryChangesResult, SquareError> {
        do {
            return .success(
                try await client.batchCreateInventoryChanges(
                    idempotencyKey: entry.idempotencyKey, changes: entry.payload?["changes"]?.arrayValue ?? []))
        } catch {
            if error.isRetryable || error.isAuthenticationFailure { throw error }
            return .failure(error)
        }
    }
}

extension StockCount {
    /// An IN_STOCK `InventoryCount` from Square; `nil` for other states or a count without ids.
    public init?(square count: JSONValue) {
        guard count["state"]?.stringValue ?? "IN_STOCK" == "IN_STOCK",
            let variationID = count["catalog_object_id"]?.stringValue,
            let locationID = count["location_id"]?.stringValue
        else { return nil }
        self.init(
            variationID: variationID, locationID: locationID, quantity: count["quantity"]?.stringValue ?? "0",
            calculatedAt: count["calculated_at"]?.stringValue)
    }
}
