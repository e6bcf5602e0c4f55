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
    /// When Square refuses it, or refuses the access token, the list is put back as it was, the outbox
    /// entry is marked failed (never to be sent) and the error is thrown.
    public func receiveStock(
        variation: VariationSummary, quantity: Int, locationID: String
    ) async throws -> ReceiveResult {
        let key = UUID().uuidString
        let adjustment: JSONValue = [
            "reference_id": .string("catalog-receive-" + key.prefix(8).lowercased()),
            "from_state": "NONE", "to_state": "IN_STOCK", "location_id": .string(locationID),
            "catalog_object_id": .string(variation.variationID), "catalog_object_type": "ITEM_VARIATION",
            "quantity": .string(String(quantity)), "occurred_at": .string(database.clock.now().rfc3339),
        ]
        let change: JSONValue = ["type": "ADJUSTMENT", "adjustment": adjustment]
        let entry = OutboxEntry(
            counter: counter, kind: .inventory, objectID: variation.variationID, itemID: variation.itemID,
            label: variation.label, baseVersion: nil,
            changes: [OutboxEntry.Change(field: "in_stock", old: nil, new: .string("+\(quantity) at \(locationID)"))],
            payload: ["changes": [change]], idempotencyKey: key, reason: "not sent yet",
            at: database.clock.now())
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
            // Not sent and not kept: a receipt left pending here would be sent by the next sync with
            // a good token, on top of the one the person makes again after fixing the token.
            try await abandonReceipt(outboxID: receipt.outboxID, reason: "not sent: Square rejected the access token")
            throw error
        }
    }

    /// Posts an inventory outbox entry with its own key and records the outcome: applied with the new
    /// counts stored, or failed with the list put back. Returns the IN_STOCK count Square reported for
    /// the entry's variation. Errors that mean "try later" are thrown untouched.
    @discardableResult
    func sendInventory(_ entry: OutboxEntry, id: Int64) async throws -> String? {
        let result = try await postInventory(entry)
        if case .failure(let error) = result {
            try await abandonReceipt(outboxID: id, reason: "Square refused the stock receipt: \(error.description)")
            throw ReorderError.receiptRefused(label: entry.label, cause: error)
        }
        guard case .success(let answer) = result else { return nil }
        let counts = answer.counts.compactMap(StockCount.init(square:))
        let inStock = answer.counts.first {
            $0["catalog_object_id"]?.stringValue == entry.objectID && $0["state"]?.stringValue == "IN_STOCK"
        }?["quantity"]?.stringValue
        try await database.saveStockCounts(counts)
        try await database.updateOutbox(OutboxUpdate(id: id, status: .applied, reason: nil, sender: sender))
        return inStock
    }
}

extension Editor {
    /// Marks a receipt's outbox entry failed (never to be sent) and puts the reorder list back.
    private func abandonReceipt(outboxID: Int64, reason: String) async throws {
        try await database.updateOutbox(OutboxUpdate(id: outboxID, status: .failed, reason: reason, sender: sender))
        try await database.reverseStockReceipt(outboxID: outboxID, reason: reason, counter: counter)
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
