import CatalogCore
import Foundation
import SquareAPI
import Store

/// Why a count batch with lines older than Square takes could not be brought up to now.
public enum CountAgeingError: Error, CustomStringConvertible, Sendable {
    /// Square's inventory changes since the lines were counted could not be read.
    case changesUnreadable(lines: [String], cause: String)

    public var description: String {
        switch self {
        case .changesUnreadable(let lines, let cause):
            return "Lines counted more than a day ago are posted as of now, adjusted by what Square recorded since; "
                + "those changes could not be read (\(cause)), so these lines wait: "
                + lines.joined(separator: ", ") + "."
        }
    }
}

extension CountAgeingError: UserFacingError {
    public var exitStatus: ExitStatus { .tryLater }
}

extension Editor {
    /// A count batch as it can be sent now. Square takes a physical count only while its `occurred_at` is at
    /// most 24 hours old (`InventoryWindow`); a line counted longer ago is posted as of now, its quantity moved
    /// by what Square recorded for that variation and location since it was counted (units received add,
    /// units sold or moved out subtract), and refused when Square holds a newer count of it.
    ///
    /// An earlier send of the batch that reached Square (its answer lost) is found by the session's reference
    /// and recorded as posted (nil is returned). Otherwise the rewritten batch is stored under a new key
    /// before it is sent (nil when every line was refused).
    func withinSquaresWindow(
        _ entry: OutboxEntry, id: Int64, sessionID: Int64, summary: inout CountSendSummary
    ) async throws -> OutboxEntry? {
        let changes = entry.payload?["changes"]?.arrayValue ?? []
        let now = database.clock.now()
        let counted = changes.map(InventoryWindow.occurredAt)
        let aged = counted.compactMap { $0 }.filter { InventoryWindow.outside($0, now: now) }
        guard let oldest = aged.min(by: { $0.epochMilliseconds < $1.epochMilliseconds }),
            let location = changes.first?["physical_count"]?["location_id"]?.stringValue
        else { return entry }
        let ids = changes.map(Self.variationID(of:))
        let recorded: [JSONValue]
        do {
            recorded = try await inventoryChanges(
                of: ids, at: location, types: ["ADJUSTMENT", "PHYSICAL_COUNT"], since: oldest)
        } catch let error as SquareError where error.isRetryable || error.isAuthenticationFailure {
            throw error
        } catch {
            throw CountAgeingError.changesUnreadable(lines: ids, cause: "\(error)")
        }

        if recorded.contains(where: {
            $0["physical_count"]?["reference_id"]?.stringValue == entry.objectID
                && ids.contains($0["physical_count"]?["catalog_object_id"]?.stringValue ?? "")
        }) {
            try await database.recordCountBatchPosted(
                outboxID: id, sessionID: sessionID, counts: [], sender: sender)
            summary.posted += changes.count
            return nil
        }

        var refused: [String: String] = [:]
        var rewritten: [JSONValue] = []
        for (change, at) in zip(changes, counted) {
            guard let at, InventoryWindow.outside(at, now: now) else {
                rewritten.append(change)
                continue
            }
            let variationID = Self.variationID(of: change)
            let since = recorded.filter {
                Self.subject(of: $0) == variationID
                    && (InventoryWindow.occurredAt($0)?.epochMilliseconds ?? 0) > at.epochMilliseconds
            }
            if let recount = since.first(where: { $0["physical_count"]?["state"]?.stringValue == "IN_STOCK" }) {
                let quantity = recount["physical_count"]?["quantity"]?.stringValue ?? "?"
                refused[variationID] =
                    "Square has a newer count (\(quantity) at \(recount["physical_count"]?["occurred_at"]?.stringValue ?? "?")) "
                    + "than this one (\(at.rfc3339))"
                continue
            }
            let moved = since.reduce(Decimal(0)) { $0 + Self.inStockChange($1) }
            let quantity = Quantity.parse(change["physical_count"]?["quantity"]?.stringValue ?? "") ?? 0
            var adjusted = change
            adjusted["physical_count"]?["quantity"] = .string(Quantity.text(max(0, quantity + moved)))
            adjusted["physical_count"]?["occurred_at"] = .string(now.rfc3339)
            rewritten.append(adjusted)
        }
        let remaining =
            rewritten.isEmpty
            ? nil
            : CountBatch(
                entry: countEntry(
                    sessionID: sessionID, name: entry.payload?["name"]?.stringValue ?? "", reference: entry.objectID,
                    locationID: location, changes: rewritten),
                variationIDs: rewritten.map(Self.variationID(of:)))
        _ = try await database.reshapeCountBatch(
            outboxID: id, sessionID: sessionID, refused: refused, remaining: remaining, split: nil,
            reason: "every line of it was counted again in Square since", sender: sender)
        summary.refused += refused.count
        return remaining?.entry
    }

    /// The variation an inventory change of Square's is about.
    static func subject(of change: JSONValue) -> String? {
        (change["adjustment"] ?? change["physical_count"])?["catalog_object_id"]?.stringValue
    }

    /// What an adjustment did to the IN_STOCK quantity: units moved into it add, units moved out subtract.
    static func inStockChange(_ change: JSONValue) -> Decimal {
        guard let adjustment = change["adjustment"],
            let quantity = Quantity.parse(adjustment["quantity"]?.stringValue ?? "")
        else { return 0 }
        let into = adjustment["to_state"]?.stringValue == "IN_STOCK"
        let outOf = adjustment["from_state"]?.stringValue == "IN_STOCK"
        return into == outOf ? 0 : into ? quantity : -quantity
    }
}
