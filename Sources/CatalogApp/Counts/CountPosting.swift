import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// How posting a count ended.
public struct CountPosting: Sendable {
    /// The session as it stands after posting (posted, or posting while lines wait in the outbox).
    public var session: CountSession
    public var location: CounterLocation
    /// Every line of the session with how its physical count went, and its variation when the replica has it.
    public var lines: [(line: CountLine, variation: VariationSummary?)]
    /// Lines Square took in this run.
    public var postedNow: Int
    /// Why the lines still queued wait (Square out of reach), when some do.
    public var waitingReason: String?
    /// Variations whose tracking was turned on in Square for this posting (`--track`).
    public var trackingTurnedOn: [String]
    /// Variations in scope never counted and not posted (no `--zero-uncounted`).
    public var notCounted: Int
    /// Another catalog process was posting the same count at the same time; what is shown is how its
    /// posting ended (or stands, when it had not finished: then `waitingReason` says so).
    public var postedElsewhere = false
    /// The count was already posted before this run: nothing was sent.
    public var alreadyPosted = false

    /// Whether every line is in Square: nothing refused, left out or waiting.
    public var complete: Bool { session.status == .posted && lines.allSatisfy { $0.line.postStatus == .posted } }

    public func lines(_ status: CountLine.PostStatus) -> [(line: CountLine, variation: VariationSummary?)] {
        lines.filter { $0.line.postStatus == status }
    }
}

extension CountWorkflow {
    /// Posts `session`'s counts to Square as PHYSICAL_COUNT changes, each as of when its line was last
    /// counted, under the session's reference, exactly once.
    ///
    /// The session stops taking counts first. Every batch (of Square's maximum size) is stored in the
    /// outbox with its idempotency key before it is sent; a batch Square cannot take now waits there for
    /// the next `catalog sync`, and a line Square refuses is recorded with its reason while the rest post.
    /// Variations in scope never counted are posted as zero only with `zeroUncounted`; lines whose stock
    /// Square does not track at the location are left out unless `track` turns tracking on first, and lines
    /// of variations not sold there unless `includeNotSold`. Run again on a session still posting, it sends
    /// what waits (and queues what a crash left unqueued).
    public func post(
        _ session: CountSession, zeroUncounted: Bool = false, track: Bool = false, includeNotSold: Bool = false,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws -> CountPosting {
        // The lines left out that this run may post after all.
        let again = Set(
            [track ? CountLine.PostStatus.untracked : nil, includeNotSold ? .notSold : nil].compactMap { $0 })
        let client = try context.makeClient()
        let editor = Editor(database: database, client: client, counter: context.counter, sender: context.sender)
        let place = try await location(of: session)
        switch session.status {
        case .cancelled:
            throw AppError(
                "Count \(session.id) (\(session.name)) was cancelled; nothing of it is posted.", exitCode: .dataError)
        case .posted:
            let leftOut = try await database.countLines(sessionID: session.id).filter {
                $0.postStatus.map(again.contains) ?? false
            }
            // Posting a posted count again sends nothing and says how it ended: safe to retry.
            guard !leftOut.isEmpty else {
                var done = try await posting(
                    of: session.id, at: place, postedNow: 0, waitingReason: nil, turnedOn: [], notCounted: 0)
                done.alreadyPosted = true
                return done
            }
        case .open, .posting:
            break
        }
        // An area sent back for a recount has had its lines set aside: posting now would post nothing of it.
        if session.status == .open, session.scope == .areas {
            let recounting = try await database.countAreas(sessionID: session.id).filter { $0.status == .recount }
            guard recounting.isEmpty else {
                throw AppError(
                    "Count \(session.id) has areas sent back for a recount: "
                        + recounting.map(\.name).joined(separator: ", ")
                        + ". Post once they are counted again (catalog count area counted NAME).",
                    exitCode: .dataError)
            }
        }
        // An open count with nothing to post is refused before it stops taking counts (the scope's
        // uncounted variations are worked out only when they would be all there is to post).
        if session.status == .open, try await database.countTotals(sessionID: session.id).lines == 0 {
            guard zeroUncounted, !(try await uncounted(session, lines: [], at: place)).isEmpty else {
                throw AppError(
                    "Nothing has been counted in count \(session.id) (\(session.name)): count something first, or "
                        + "cancel it with catalog count cancel.", exitCode: .dataError)
            }
        }
        _ = try await database.freezeCountSession(session.id, reopeningPosted: !again.isEmpty)
        let lines = try await database.countLines(sessionID: session.id)
        let uncounted = try await uncounted(session, lines: lines, at: place)
        var candidates = lines.filter { $0.postStatus == nil || $0.postStatus.map(again.contains) == true }
            .map { (id: $0.variationID, quantity: $0.counted, at: $0.lastCountedAt) }
        let zeroAt = context.clock.now().rfc3339
        // In a count of areas only the done areas' uncounted variations are zeroed (`proposedZeros`).
        let zeroFill =
            !zeroUncounted
            ? []
            : session.scope == .areas
                ? try await proposedZeros(in: session, trackedOnly: false).map(\.variationID)
                : uncounted.map(\.variationID)
        candidates += zeroFill.map { (id: $0, quantity: 0, at: zeroAt) }

        // Not sold here: left out and said so, unless asked for.
        var leftOut: [String: (status: CountLine.PostStatus, reason: String)] = [:]
        if !includeNotSold {
            let sold = try await database.variations(ids: candidates.map(\.id)).mapValues { $0.at(place).isSold }
            for candidate in candidates where sold[candidate.id] == false {
                leftOut[candidate.id] = (
                    .notSold,
                    "not sold at \(place.name); catalog count post --include-not-sold posts it"
                )
            }
            candidates.removeAll { leftOut[$0.id] != nil }
        }
        // Stock Square does not track here: turned on first with --track, else left out and said so.
        let tracking = try await database.inventoryTracking(variationIDs: candidates.map(\.id), locationID: place.id)
        var turnedOn: [String] = []
        for candidate in candidates where tracking[candidate.id] == false {
            guard track else {
                leftOut[candidate.id] = (
                    .untracked,
                    "Square does not track its stock at \(place.name); catalog count post --track turns tracking on and posts it"
                )
                continue
            }
            try await turnTrackingOn(candidate.id, at: place.id, editor: editor)
            turnedOn.append(candidate.id)
        }
        candidates.removeAll { leftOut[$0.id] != nil }

        var batches: [CountBatch] = []
        for start in stride(from: 0, to: candidates.count, by: SquareClient.inventoryChangesPerRequest) {
            let part = candidates[start..<min(start + SquareClient.inventoryChangesPerRequest, candidates.count)]
            let changes = part.map {
                Editor.physicalCount(
                    variationID: $0.id, locationID: place.id, quantity: $0.quantity, occurredAt: $0.at,
                    reference: session.reference)
            }
            batches.append(
                CountBatch(
                    entry: editor.countEntry(
                        sessionID: session.id, name: session.name, reference: session.reference, locationID: place.id,
                        changes: changes),
                    variationIDs: part.map(\.id)))
        }
        // Lines another process queued first are that process's to send: this run sends nothing of them and
        // waits for it below.
        var heldElsewhere = false
        do {
            batches = try await database.queueCountPost(
                sessionID: session.id, zeroFill: zeroFill, at: zeroAt,
                counter: context.counter, leftOut: leftOut, batches: batches, requeue: again,
                claimedBy: editor.sender)
        } catch StoreError.outboxEntryTaken {
            batches = []
            heldElsewhere = true
        }
        // Batches an earlier run left waiting are sent too, after claiming them.
        for waiting in try await database.outboxEntries(statuses: [.pending])
        where waiting.kind == .count && waiting.payload?["session_id"]?.int64Value == session.id
            && !batches.contains(where: { $0.entry.id == waiting.id })
        {
            guard let id = waiting.id,
                let claimed = try await database.claimOutbox(id: id, statuses: [.pending], by: editor.sender)
            else {
                heldElsewhere = true
                continue
            }
            batches.append(CountBatch(entry: claimed, variationIDs: []))
        }

        var posted = 0
        var waitingReason: String?
        let total = batches.reduce(0) { $0 + ($1.entry.payload?["changes"]?.arrayValue?.count ?? 0) }
        var done = 0
        for (index, batch) in batches.enumerated() {
            guard let id = batch.entry.id else { continue }
            do {
                posted += try await editor.sendCountEntry(batch.entry, id: id).posted
            } catch let error as SquareError where error.isRetryable || error.isAuthenticationFailure {
                // This batch and every one after it wait for the next sync, claims let go.
                let reason = error.isRetryable ? error.waitingReason : "not sent: \(error.description)"
                for rest in batches[index...] {
                    guard let restID = rest.entry.id else { continue }
                    try await database.updateOutbox(
                        OutboxUpdate(id: restID, status: .pending, reason: reason, sender: editor.sender))
                }
                if error.isAuthenticationFailure { throw error }
                waitingReason = error.description
                break
            }
            done += batch.entry.payload?["changes"]?.arrayValue?.count ?? 0
            progress?(done, total)
        }
        if heldElsewhere, waitingReason == nil {
            waitingReason = try await waitForOtherPoster(session.id)
        }
        var outcome = try await posting(
            of: session.id, at: place, postedNow: posted, waitingReason: waitingReason, turnedOn: turnedOn,
            notCounted: zeroUncounted ? 0 : uncounted.count)
        outcome.postedElsewhere = heldElsewhere
        // What Square took is counted as of when it was counted: `count due` starts from it.
        try await database.recordLastCounts(
            outcome.lines(.posted).map {
                LastCount(
                    variationID: $0.line.variationID, locationID: place.id, countedAt: $0.line.lastCountedAt,
                    source: .catalog)
            })
        return outcome
    }

    /// How long a second `count post` waits for the process already posting the same count.
    static let otherPosterWait: Duration = .seconds(60)

    /// Waits while another process holds batches of count `sessionID` (it is sending them); nil once it has
    /// let go of them all (sent, or left waiting for Square), else why they still wait.
    private func waitForOtherPoster(_ sessionID: Int64) async throws -> String? {
        let deadline = context.clock.deadline(after: Self.otherPosterWait)
        while true {
            var held = false
            for entry in try await database.outboxEntries(statuses: [.pending])
            where entry.kind == .count && entry.payload?["session_id"]?.int64Value == sessionID {
                guard let id = entry.id else { continue }
                // A batch this process can claim is no longer being sent: let it go again at once.
                if try await database.claimOutbox(id: id, statuses: [.pending], by: context.sender) != nil {
                    try await database.releaseOutbox(id: id, by: context.sender)
                } else {
                    held = true
                }
            }
            guard held else { return nil }
            if context.clock.hasPassed(deadline) {
                return "Another catalog process is posting this count and has not finished; catalog count show "
                    + "\(sessionID) shows how it ends."
            }
            try await context.clock.sleep(for: .milliseconds(100))
        }
    }

    /// Turns on Square's tracking of a variation's stock (and at the location, when its override turns it
    /// off there), by the usual fetch-before-update edit.
    private func turnTrackingOn(_ variationID: String, at locationID: String, editor: Editor) async throws {
        guard let variation = try await database.variations(objectID: variationID).first else { return }
        var edits = [FieldEdit(.tracked, .bool(true))]
        let terms = variation.terms.override(at: locationID)
        if terms?.trackInventory == false { edits.append(FieldEdit(.tracked(at: locationID), .bool(true))) }
        _ = try await editor.edit(
            variationID: variationID, itemID: variation.itemID, label: variation.label, edits: edits)
    }

    /// The session and its lines as they stand now.
    func posting(
        of id: Int64, at place: CounterLocation, postedNow: Int, waitingReason: String?, turnedOn: [String],
        notCounted: Int
    ) async throws -> CountPosting {
        guard let session = try await database.countSession(id: id) else {
            throw AppError("Count \(id) is gone from the database.", exitCode: .internalError)
        }
        let counted = try await database.countLines(sessionID: id)
        let variations = try await database.variations(ids: counted.map(\.variationID))
        let lines = counted.map { (line: $0, variation: variations[$0.variationID]?.at(place)) }
        let waiting = lines.contains { $0.line.postStatus == .queued }
        return CountPosting(
            session: session, location: place, lines: lines, postedNow: postedNow,
            waitingReason: waiting ? (waitingReason ?? "Square could not be reached") : nil,
            trackingTurnedOn: turnedOn, notCounted: notCounted)
    }
}
