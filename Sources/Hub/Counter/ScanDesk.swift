import CatalogApp
import CatalogCore
import Foundation
import Scanner
import Store
import Sync

/// The hub's counters: a scan posted by any of them (a remote `catalog scan --hub`, a keyboard-wedge scanner
/// on a counter screen, a scanner on the hub itself) is handled by that counter's own session (its mode,
/// its quantity for the next scan), answered, logged and published to every open page.
///
/// Each counter's scans are handled one at a time in arrival order; different counters' scans are handled
/// side by side, so a busy counter (or a hub busy with searches) never holds up another counter's queue. A
/// scan posted again under the same id gets the first answer again, marked `repeated`, and is never counted
/// twice, even while the first is still being handled.
///
/// Each counter's state (its mode, its next quantity, when it was last used) is kept in the hub's database
/// (`CounterState`): a page reload and a hub restart find it as it was. A counter in a mode other than lookup
/// goes back to lookup once it has had no scan for `idleLimit`, and says so with the next answer. A scan may
/// say the mode it was made in and when (`post(...mode:scannedAt:)`): one a counter kept while the hub could
/// not be reached is handled in that mode, and its idle time runs from when it was made.
public actor ScanDesk {
    let database: CatalogDatabase
    let events: HubEvents
    /// Whether the hub was given a location: sessions made without it are made again once it is known.
    let locationWanted: Bool
    /// How long a counter may go without a scan before a mode other than lookup goes back to lookup (nil:
    /// never).
    let idleLimit: Duration?
    let makeSession: @Sendable (_ counter: String) async throws -> CounterSession
    /// The card of the variation a scan found (what `GET /api/v1/variations/{id}` answers for it), sent with
    /// the scan's answer and event so a page draws the item without asking again; nil leaves it out.
    let card: (@Sendable (_ variationID: String) async throws -> JSONValue)?
    private var sessions: [String: CounterSession] = [:]
    /// Each counter's kept state, as last read or written.
    private var states: [String: CounterState] = [:]
    /// Answers to command barcodes (the scan log keeps only codes), by scan id.
    private var commandAnswers: [String: JSONValue] = [:]
    private var commandOrder: [String] = []
    /// The end of each counter's queue.
    private var last: [String: Task<Void, Never>] = [:]
    /// The scans being handled now, by id: a repeat that arrives meanwhile waits for the first's answer.
    private var inFlight: [String: Task<JSONValue, any Error>] = [:]

    /// A desk whose counters' sessions `makeSession` starts (in lookup mode, at the hub's location when it
    /// is known: `locationWanted` says whether one was asked for).
    public init(
        database: CatalogDatabase, events: HubEvents, locationWanted: Bool = false,
        idleLimit: Duration? = ScanDesk.defaultIdleLimit,
        card: (@Sendable (_ variationID: String) async throws -> JSONValue)? = nil,
        makeSession: @escaping @Sendable (_ counter: String) async throws -> CounterSession
    ) {
        self.database = database
        self.events = events
        self.makeSession = makeSession
        self.card = card
        self.locationWanted = locationWanted
        self.idleLimit = idleLimit
    }

    /// Ten minutes: a counter left in receive mode goes back to lookup before the next person scans to look.
    public static let defaultIdleLimit: Duration = .seconds(600)

    /// Handles the scan `code` from `counter` posted under `id`: the answer (the scan's JSON, as `catalog
    /// scan --json` prints it, with `id`, `counter`, `text`, `repeated`, `scanned_at`, and `mode_reset` when
    /// the counter went back to lookup first). `mode` is the mode the scan was made in, when the counter
    /// says (else the counter's mode now); `scannedAt`, when it was made, if not just now. `card`: the answer
    /// and its event carry the item's card, for a page that draws it (a remote counter does not ask, and its
    /// scans cost no card).
    public func post(
        id: String, code: String, counter: String, device: String? = nil, mode: CounterMode? = nil,
        scannedAt: Timestamp? = nil, card wanted: Bool = false
    ) async throws -> JSONValue {
        // A code that is not a code (control characters, pages of text) is answered and logged as refused;
        // only a scan without an id, counter or code at all is a malformed request.
        try Self.check(id: id, code: code.isEmpty ? code : "code", counter: counter)
        if let first = inFlight[id] {
            var answer = try await first.value
            answer["repeated"] = .bool(true)
            return answer
        }
        let work = inTurn(of: counter) {
            try await self.handle(
                id: id, code: code, counter: counter, device: device, mode: mode, scannedAt: scannedAt, card: wanted)
        }
        inFlight[id] = work
        defer { inFlight[id] = nil }
        return try await work.value
    }

    /// Runs `body` after everything asked of `counter` before it has finished, so a counter's session is
    /// never changed by two things at once.
    private func inTurn(of counter: String, _ body: @escaping @Sendable () async throws -> JSONValue)
        -> Task<JSONValue, any Error>
    {
        let previous = last[counter]
        let work = Task { () async throws -> JSONValue in
            await previous?.value
            return try await body()
        }
        last[counter] = Task { _ = try? await work.value }
        return work
    }

    /// Undoes the stock receipt scan `scanID` made at `counter`, within `ScanResult.undoWindowSeconds` of
    /// when it was handled (a few seconds' grace for the network): the units taken back out of stock in
    /// Square and the reorder list put back, through the receipt's own write path. The scan's answer, with
    /// `undone` added (kept in the scan log); asked again, the same answer (`repeated`), nothing done twice.
    public func undo(scanID: String, counter: String) async throws -> JSONValue {
        try Self.check(id: scanID, code: "undo", counter: counter)
        return try await inTurn(of: counter) { try await self.undoReceipt(scanID, counter: counter) }.value
    }

    private func undoReceipt(_ scanID: String, counter: String) async throws -> JSONValue {
        guard let record = try await database.scan(scanID: scanID), let logID = record.id,
            var answer = record.answer.flatMap({ try? JSONValue.parse($0) })
        else { throw AppError("There is no such scan to undo.", exitCode: .notFound) }
        guard record.counter == counter else {
            throw AppError("That scan was made at another counter; it can be undone only there.", exitCode: .dataError)
        }
        if let undone = answer["undone"], !undone.isNull {
            answer["repeated"] = .bool(true)
            return answer
        }
        guard let result = answer["result"], result["kind"]?.stringValue == ScanResult.Kind.received.rawValue,
            let receipt = result["receipt"]?.doubleValue.map({ Int64($0) }),
            let until = (result["undo_until"]?.stringValue).flatMap(Timestamp.init(rfc3339:))
        else { throw AppError("This scan did not receive stock, so there is nothing to undo.", exitCode: .dataError) }
        let now = database.clock.now()
        guard now.seconds <= until.seconds + Self.undoGraceSeconds else {
            throw AppError(
                "Too late to undo: a receipt can be undone for \(ScanResult.undoWindowSeconds) seconds after the "
                    + "scan. To put the stock right, count the item.", exitCode: .dataError)
        }
        guard let undo = try await session(for: counter).undoReceipt else {
            throw AppError(
                "Receiving is off at this counter now, so the receipt cannot be undone here.", exitCode: .unavailable)
        }
        let done = try await undo(receipt)
        let quantity = result["quantity"]?.doubleValue.map { Int($0) } ?? 1
        var undone: JSONValue = [
            "at": .string(now.rfc3339), "headline": .string("Undone: −\(quantity)"),
            "stock_after": done.inStock.map(JSONValue.string) ?? .null,
        ]
        switch done.status {
        case .posted:
            undone["status"] = "posted"
            undone["detail"] = .string(done.inStock.map { "Stock is back to \($0)." } ?? "Square has the undo.")
        case .queued:
            undone["status"] = "queued"
            undone["detail"] = "Square cannot be reached now; the hub sends the undo, once, after the receipt."
        }
        answer["undone"] = undone
        try await database.recordAnswer(answer.jsonString, scan: logID)
        answer["repeated"] = .bool(false)
        return answer
    }

    /// Seconds past a receipt's `undo_until` an undo is still taken: the tap was in time, its request slow.
    static let undoGraceSeconds: Int64 = 5

    /// Switches `counter`'s mode, as scanning the mode's command barcode would; the counter's state (as
    /// `counters` lists it). A mode the hub cannot offer is refused with the reason.
    public func switchMode(counter: String, to name: String) async throws -> JSONValue {
        try Self.check(id: "mode", code: name, counter: counter)
        guard let mode = CounterMode(rawValue: name) else {
            throw AppError(
                "The mode must be \(CounterMode.names), not “\(Terminal.echo(name))”.", exitCode: .usage)
        }
        return try await inTurn(of: counter) { try await self.setMode(mode, counter: counter) }.value
    }

    private func setMode(_ mode: CounterMode, counter: String) async throws -> JSONValue {
        var session = try await session(for: counter)
        if let reason = try await session.unavailable(mode) {
            throw AppError("\(reason); staying in \(session.mode.rawValue) mode", exitCode: .dataError)
        }
        _ = session.switchMode(to: mode)
        sessions[counter] = session
        try await keep(session, counter: counter, usedAt: database.clock.now())
        let state = try await stateJSON(counter)
        await events.publish("mode", state)
        return state
    }

    /// `counter`'s state as the hub shows it: `counter`, `mode`, `quantity`, `shelf`, `mode_set_at`, `active_at`,
    /// `lookup_at` (when it goes back to lookup if nothing is scanned, or null), and `modes` (each mode with
    /// whether it can work here now and, when not, why).
    public func state(of counter: String) async throws -> JSONValue {
        try Self.check(id: "state", code: "state", counter: counter)
        return try await inTurn(of: counter) {
            _ = try await self.backToLookupIfIdle(counter, at: self.database.clock.now())
            return try await self.stateJSON(counter)
        }.value
    }

    private func stateJSON(_ counter: String) async throws -> JSONValue {
        let session = try await session(for: counter)
        let kept = states[counter]
        var modes: [JSONValue] = []
        for mode in CounterMode.allCases {
            let reason = try await session.unavailable(mode)
            modes.append([
                "mode": .string(mode.rawValue), "available": .bool(reason == nil),
                "reason": reason.map(JSONValue.string) ?? .null,
            ])
        }
        let lookupAt = session.mode == .lookup ? nil : kept.flatMap(lookupTime)
        return [
            "counter": .string(counter), "mode": .string(session.mode.rawValue),
            "quantity": .int(Int64(session.quantity)),
            "shelf": session.shelfPlace.map(JSONValue.string) ?? .null,
            "mode_set_at": kept.map { .string($0.modeSetAt) } ?? .null,
            "active_at": kept.map { .string($0.activeAt) } ?? .null,
            "lookup_at": lookupAt.map { .string($0.rfc3339) } ?? .null, "modes": .array(modes),
        ]
    }

    /// The counters the hub knows (kept in its database, or scanning since it started), each's state as
    /// `state(of:)` gives it.
    /// The mode counter `counter` is kept in, as far as the desk has it in hand (nil before its state is
    /// first read): cheap enough for every search.
    public func mode(of counter: String) -> String? { states[counter]?.mode }

    public func counters() async throws -> [JSONValue] {
        for kept in try await database.counterStates() where states[kept.name] == nil { states[kept.name] = kept }
        var list: [JSONValue] = []
        for name in Set(sessions.keys).union(states.keys).sorted() { list.append(try await state(of: name)) }
        return list
    }

    /// When a counter kept as `state` goes back to lookup if nothing is scanned (`idleLimit` after its last
    /// use); nil in lookup, or with no limit.
    private func lookupTime(_ state: CounterState) -> Timestamp? {
        guard state.mode != CounterMode.lookup.rawValue, let idleLimit,
            let active = Timestamp(rfc3339: state.activeAt)
        else { return nil }
        return Timestamp(seconds: active.seconds + idleLimit.components.seconds)
    }

    /// Whether `state`'s mode has run out by `moment`.
    private func idle(_ state: CounterState, at moment: Timestamp) -> Bool {
        lookupTime(state).map { moment.seconds >= $0.seconds } ?? false
    }

    /// Puts `counter` back in lookup when it has been idle too long by `moment`: the words said, or nil.
    private func backToLookupIfIdle(_ counter: String, at moment: Timestamp) async throws -> String? {
        var session = try await session(for: counter)
        guard session.mode != .lookup, let kept = states[counter], idle(kept, at: moment), let idleLimit else {
            return nil
        }
        let was = session.mode
        session.mode = .lookup
        session.quantity = 1
        sessions[counter] = session
        try await keep(session, counter: counter, usedAt: nil)
        let minutes = idleLimit.components.seconds / 60
        let said = "Back to lookup: no scan for \(minutes) minutes in \(was.rawValue) mode."
        var state = try await stateJSON(counter)
        state["mode_reset"] = .string(said)
        await events.publish("mode", state)
        return said
    }

    /// Keeps `session`'s mode, quantity and shelf for `counter`; `usedAt` (a scan's time, a mode set) moves its
    /// last use on, never back.
    private func keep(_ session: CounterSession, counter: String, usedAt: Timestamp?) async throws {
        let now = database.clock.now().rfc3339
        var kept =
            states[counter]
            ?? CounterState(name: counter, mode: session.mode.rawValue, modeSetAt: now, activeAt: now)
        if kept.mode != session.mode.rawValue {
            kept.mode = session.mode.rawValue
            kept.modeSetAt = now
        }
        kept.quantity = max(1, session.quantity)
        kept.shelf = session.shelfPlace
        // The last use only times a mode other than lookup: a counter in lookup is not written for each scan.
        if kept.mode != CounterMode.lookup.rawValue, let usedAt, let active = Timestamp(rfc3339: kept.activeAt),
            usedAt.seconds > active.seconds
        {
            kept.activeAt = usedAt.rfc3339
        }
        guard kept != states[counter] else { return }
        try await database.saveCounterState(kept)
        states[counter] = kept
    }

    private func handle(
        id: String, code: String, counter: String, device: String?, mode scannedMode: CounterMode?,
        scannedAt: Timestamp?, card wanted: Bool
    ) async throws -> JSONValue {
        if var answer = try await earlierAnswer(id) {
            let first = answer["code"]?.stringValue ?? ""
            guard first == (Self.notACode(code) == nil ? Symbology.split(code).data : Self.shown(code)) else {
                throw AppError(
                    "The scan id \(Terminal.echo(id)) was already used for the code \(Terminal.echo(first)); give "
                        + "each scan its own id (a new one per scan, the same one only when posting it again).",
                    exitCode: .dataError)
            }
            answer["repeated"] = .bool(true)
            return wanted ? await withCard(answer) : answer
        }
        if let problem = Self.notACode(code) {
            let session = try await session(for: counter)
            let now = database.clock.now()
            let moment = EventTime(seconds: now.seconds, microseconds: Int64(now.nanoseconds / 1000))
            let scan = Scan(
                text: Self.shown(code), symbology: nil, startedAt: moment,
                endedAt: moment, device: device)
            let made = scannedAt ?? now
            let outcome = try await session.refuse(
                scan, in: scannedMode ?? session.mode, reason: problem, scanID: id, scannedAt: scannedAt,
                headline: "Not a barcode"
            ) { Self.answer($0, id: id, counter: counter, made: made).jsonString }
            return await answered(outcome, id: id, counter: counter, made: made, card: wanted)
        }
        let now = database.clock.now()
        // A scan is never dated after it arrived; one kept by a counter is dated when it was made.
        let made = scannedAt.map { $0.seconds < now.seconds ? $0 : now } ?? now
        let reset = try await backToLookupIfIdle(counter, at: made)
        var session = try await session(for: counter)
        let moment = EventTime(seconds: made.seconds, microseconds: Int64(made.nanoseconds / 1000))
        // A scanner set to send AIM prefixes (`]E0...`) names its symbology, as the evdev reader reads it.
        let (symbology, text) = Symbology.split(code)
        let scan = Scan(text: text, symbology: symbology, startedAt: moment, endedAt: moment, device: device)
        // The answer is kept with the logged scan, in the same write.
        let answer = { @Sendable (outcome: ScanOutcome) in
            Self.answer(outcome, id: id, counter: counter, made: made, reset: reset).jsonString
        }
        let outcome: ScanOutcome
        if let scannedMode, scannedMode != session.mode {
            // Made in another mode than the counter's now (kept while the hub was away, or the page's banner
            // said so): handled in that mode, which the counter then keeps, as the person scanning saw it.
            if let reason = try await session.unavailable(scannedMode) {
                outcome = try await session.refuse(
                    scan, in: scannedMode,
                    reason: "scanned in \(scannedMode.rawValue) mode, which is off now: \(reason)",
                    scanID: id, scannedAt: scannedAt, answer: answer)
            } else {
                _ = session.switchMode(to: scannedMode)
                outcome = try await session.handle(scan, scanID: id, scannedAt: scannedAt, answer: answer)
            }
        } else {
            outcome = try await session.handle(scan, scanID: id, scannedAt: scannedAt, answer: answer)
        }
        sessions[counter] = session
        try await keep(session, counter: counter, usedAt: made)
        return await answered(outcome, id: id, counter: counter, made: made, reset: reset, card: wanted)
    }

    /// The answer to scan `id`: `outcome` with the scan's id, counter and times, as the scan log keeps it.
    private static func answer(
        _ outcome: ScanOutcome, id: String, counter: String, made: Timestamp, reset: String? = nil
    ) -> JSONValue {
        var answer = outcome.json
        answer["id"] = .string(id)
        answer["counter"] = .string(counter)
        answer["text"] = .string(outcome.text)
        answer["failed"] = .bool(outcome.failed)
        answer["repeated"] = .bool(false)
        answer["scanned_at"] = .string(made.rfc3339)
        if let reset { answer["mode_reset"] = .string(reset) }
        return answer
    }

    /// The answer to scan `id` (`answer(_:id:counter:made:reset:)`, logged with the scan; a command's kept
    /// here for a repeat), published to every page; `card`: with the found item's card.
    private func answered(
        _ outcome: ScanOutcome, id: String, counter: String, made: Timestamp, reset: String? = nil, card wanted: Bool
    ) async -> JSONValue {
        var answer = Self.answer(outcome, id: id, counter: counter, made: made, reset: reset)
        if outcome.logID == nil {
            // A command barcode is not logged; its answer is kept for a repeat, the latest thousand of them.
            commandAnswers[id] = answer
            commandOrder.append(id)
            if commandOrder.count > 1000 { commandAnswers[commandOrder.removeFirst()] = nil }
        }
        if wanted {
            // The scan's own report is the card as the item is after the scan; no second look-up.
            if let report = outcome.report { answer["card"] = report.json } else { answer = await withCard(answer) }
        }
        await events.publish("scan", answer)
        return answer
    }

    /// `answer` with the card of the item it found as it is now, for the pages only: the log keeps answers
    /// without it, and a card that cannot be read is left for the page to ask for.
    private func withCard(_ answer: JSONValue) async -> JSONValue {
        guard let card, let variationID = answer["match"]?["variation_id"]?.stringValue else { return answer }
        var carded = answer
        carded["card"] = (try? await card(variationID)) ?? .null
        return carded
    }

    /// `counter`'s session: its own, or a new one in the mode the hub kept for it. A session made before the
    /// hub's location was known (a first sync still running) is made again once it is, keeping its mode,
    /// quantity and shelf.
    private func session(for counter: String) async throws -> CounterSession {
        if let existing = sessions[counter], existing.location != nil || !locationWanted { return existing }
        var fresh = try await makeSession(counter)
        if states[counter] == nil, let kept = try await database.counterState(counter) { states[counter] = kept }
        let previous =
            sessions[counter].map { ($0.mode, $0.quantity, $0.shelfPlace) }
            ?? states[counter].map { (CounterMode(rawValue: $0.mode) ?? .lookup, $0.quantity, $0.shelf) }
        if let (mode, quantity, shelf) = previous {
            fresh.quantity = quantity
            fresh.shelfPlace = shelf
            if fresh.switchMode(to: mode) != nil { fresh.mode = .lookup }
        }
        sessions[counter] = fresh
        return fresh
    }

    /// The answer given when `id` was first posted, if it was.
    private func earlierAnswer(_ id: String) async throws -> JSONValue? {
        if let answer = commandAnswers[id] { return answer }
        guard let record = try await database.scan(scanID: id) else { return nil }
        if let text = record.answer, let answer = try? JSONValue.parse(text) { return answer }
        // Logged but not yet answered (the hub stopped in between): what the log says was done.
        return [
            "id": .string(id), "code": .string(record.code), "time": .string(record.at),
            "counter": record.counter.map(JSONValue.string) ?? .null, "action": .string(record.action ?? "unknown"),
            "mode": record.mode.map(JSONValue.string) ?? .null, "match": .null,
            "text": .string("\(record.action ?? "unknown")  \(record.code)"), "failed": .bool(false),
        ]
    }

    /// The longest code a scan may carry: longer text is not a barcode.
    static let longestCode = 200

    /// What the log keeps of a code that is not one: its first `longestCode` characters, control characters
    /// written out, and "…" when cut.
    static func shown(_ code: String) -> String {
        Terminal.visible(String(code.prefix(longestCode))) + (code.count > longestCode ? "…" : "")
    }

    /// Why `code` cannot be a code a scanner read, or nil: pages of text, or characters no barcode holds.
    static func notACode(_ code: String) -> String? {
        if code.count > longestCode {
            return "this is \(code.count) characters of text; the longest code is \(longestCode) characters"
        }
        if let control = code.unicodeScalars.first(where: Terminal.isControl) {
            return "it holds a control character (\(Terminal.visible(String(control)))) that no barcode has; "
                + "check the scanner's settings"
        }
        return nil
    }

    /// Refuses a scan that cannot be handled, naming the field.
    static func check(id: String, code: String, counter: String) throws {
        for (field, value, longest) in [("id", id, 100), ("code", code, 200), ("counter", counter, 60)] {
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty, value.count <= longest else {
                throw AppError(
                    "The scan's \(field) must be 1 to \(longest) characters; it was \(value.isEmpty ? "empty" : "\(value.count) characters").",
                    exitCode: .usage)
            }
            // A malformed request (400), as an empty or over-long field is; not a value the catalog refuses.
            do {
                try AppError.refuseControlCharacters(in: value, field: "The scan's \(field)")
            } catch let error as AppError {
                throw AppError(error.description, exitCode: .usage)
            }
        }
    }
}
