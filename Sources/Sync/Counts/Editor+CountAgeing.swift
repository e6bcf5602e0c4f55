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
    /// What posting would do now with each of `lines` (variation, counted quantity, when counted) at
    /// `location`: one read of Square's changes since the oldest line outside its window, the same read the
    /// posting makes, and `CountAgeing` for each line. Lines inside the window are `asCounted` without a read.
    /// Throws `CountAgeingError.changesUnreadable` naming the aged lines when the changes cannot be read.
    public func countAgeing(
        of lines: [(variationID: String, counted: Decimal, countedAt: Timestamp)], at location: String
    ) async throws -> [String: CountAgeing] {
        let now = database.clock.now()
        let aged = lines.filter { InventoryWindow.outside($0.countedAt, now: now) }
        var recorded: [JSONValue] = []
        if let oldest = aged.map(\.countedAt).min() {
            do {
                recorded = try await changesSince(oldest, of: aged.map(\.variationID), at: location)
            } catch {
                throw CountAgeingError.changesUnreadable(lines: aged.map(\.variationID), cause: "\(error)")
            }
        }
        var outcomes: [String: CountAgeing] = [:]
        for line in lines {
            outcomes[line.variationID] = CountAgeing.of(
                counted: line.counted, at: line.countedAt, variationID: line.variationID, now: now, changes: recorded)
        }
        return outcomes
    }

    /// Square's adjustments and physical counts of `variationIDs` at `location` since `start`: what a count
    /// line counted then is moved by, or refused for.
    func changesSince(_ start: Timestamp, of variationIDs: [String], at location: String) async throws -> [JSONValue] {
        try await inventoryChanges(
            of: variationIDs, at: location, types: ["ADJUSTMENT", "PHYSICAL_COUNT"], since: start)
    }

    /// A count batch as it can be sent now. Square takes a physical count only while its `occurred_at` is at
    /// most 24 hours old (`InventoryWindow`); each line is sent as `CountAgeing` says: as counted, as of now
    /// moved by what Square recorded since, or refused when Square holds a newer count of it.
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
        guard let oldest = aged.min(),
            let location = changes.first?["physical_count"]?["location_id"]?.stringValue
        else { return entry }
        let ids = changes.map(Self.variationID(of:))
        let recorded: [JSONValue]
        do {
            recorded = try await changesSince(oldest, of: ids, at: location)
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
            guard let at else {
                rewritten.append(change)
                continue
            }
            let variationID = Self.variationID(of: change)
            let quantity = Quantity.parse(change["physical_count"]?["quantity"]?.stringValue ?? "") ?? 0
            switch CountAgeing.of(counted: quantity, at: at, variationID: variationID, now: now, changes: recorded) {
            case .asCounted:
                rewritten.append(change)
            case .asOfNow(let posts, _):
                var adjusted = change
                adjusted["physical_count"]?["quantity"] = .string(Quantity.text(posts))
                adjusted["physical_count"]?["occurred_at"] = .string(now.rfc3339)
                rewritten.append(adjusted)
            case let refusal:
                refused[variationID] = refusal.refusal
            }
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
}
