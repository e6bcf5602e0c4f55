import CatalogCore
import Foundation
import Store
import Sync

extension CountWorkflow {
    /// The lines posting still has to send (not posted, not refused).
    static func unsent(_ lines: [CountLine]) -> [CountLine] {
        lines.filter { $0.postStatus == nil || [.queued, .untracked, .notSold].contains($0.postStatus) }
    }

    /// What posting would do now with each of `lines` not sent yet, by its age (`CountAgeing`, the rule posting
    /// follows): Square's changes since the oldest line too old for Square are read once, through the same
    /// reader posting uses. When they cannot be read, those lines wait (their ids) and `problem` says why.
    func ageing(of lines: [CountLine], at place: CounterLocation) async -> (
        outcomes: [String: CountAgeing], waiting: [String], problem: String?
    ) {
        let now = context.clock.now()
        let aged = Self.unsent(lines).compactMap { line in
            Timestamp(rfc3339: line.lastCountedAt).map {
                (variationID: line.variationID, counted: line.counted, countedAt: $0)
            }
        }.filter { InventoryWindow.outside($0.countedAt, now: now) }
        guard !aged.isEmpty else { return ([:], [], nil) }
        let cause: String
        do {
            let editor = Editor(
                database: database, client: try context.makeClient(), counter: context.counter,
                sender: context.sender)
            return (try await editor.countAgeing(of: aged, at: place.id), [], nil)
        } catch CountAgeingError.changesUnreadable(_, let why) {
            cause = why
        } catch {
            cause = "\(error)"
        }
        return (
            [:], aged.map(\.variationID),
            "Lines counted more than \(InventoryWindow.restampAfter / 3600) hours ago are posted as of now, adjusted by "
                + "what Square recorded since, and what Square recorded could not be read ("
                + (cause.hasSuffix(".") ? String(cause.dropLast()) : cause) + "). Posting leaves "
                + "them waiting until it can be read: check the connection to Square, then review or post again."
        )
    }

    /// The warning for `lines` getting old (or already too old for Square to take as counted), of those not
    /// sent yet; nil when none is.
    func ageWarning(of lines: [CountLine]) -> CountAgeWarning? {
        CountAgeWarning(
            countedAt: Self.unsent(lines).compactMap { Timestamp(rfc3339: $0.lastCountedAt) },
            now: context.clock.now())
    }

    /// The warning for `session`'s lines getting old, when it is open or being posted; nil otherwise.
    public func ageWarning(_ session: CountSession) async throws -> CountAgeWarning? {
        guard [.open, .posting].contains(session.status) else { return nil }
        return ageWarning(of: try await database.countLines(sessionID: session.id))
    }

    /// The warning for the lines of the counts open at `location` getting old (what the hub's counters are
    /// told); nil when none is, or no count is open there.
    public func ageWarning(at location: CounterLocation) async throws -> CountAgeWarning? {
        var lines: [CountLine] = []
        for session in try await database.countSessions(statuses: [.open]) where session.locationID == location.id {
            lines += try await database.countLines(sessionID: session.id)
        }
        return ageWarning(of: lines)
    }
}
