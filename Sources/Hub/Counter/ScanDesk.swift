import CatalogApp
import CatalogCore
import Foundation
import Scanner
import Store

/// The hub's counters: a scan posted by any of them (a remote `catalog scan --hub`, a keyboard-wedge scanner
/// on a counter screen, a scanner on the hub itself) is handled by that counter's own session (its mode,
/// its quantity for the next scan), answered, logged and published to every open page.
///
/// Each counter's scans are handled one at a time in arrival order; different counters' scans are handled
/// side by side, so a busy counter (or a hub busy with searches) never holds up another counter's queue. A
/// scan posted again under the same id gets the first answer again, marked `repeated`, and is never counted
/// twice, even while the first is still being handled.
public actor ScanDesk {
    let database: CatalogDatabase
    let events: HubEvents
    /// Whether the hub was given a location: sessions made without it are made again once it is known.
    let locationWanted: Bool
    let makeSession: @Sendable (_ counter: String) async throws -> CounterSession
    private var sessions: [String: CounterSession] = [:]
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
        makeSession: @escaping @Sendable (_ counter: String) async throws -> CounterSession
    ) {
        self.database = database
        self.events = events
        self.makeSession = makeSession
        self.locationWanted = locationWanted
    }

    /// Handles the scan `code` from `counter` posted under `id`: the answer (the scan's JSON, as `catalog
    /// scan --json` prints it, with `id`, `counter`, `text` and `repeated`).
    public func post(id: String, code: String, counter: String, device: String? = nil) async throws -> JSONValue {
        try Self.check(id: id, code: code, counter: counter)
        if let first = inFlight[id] {
            var answer = try await first.value
            answer["repeated"] = .bool(true)
            return answer
        }
        let work = inTurn(of: counter) { try await self.handle(id: id, code: code, counter: counter, device: device) }
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
        if let refusal = session.switchMode(to: mode) { throw AppError(refusal, exitCode: .dataError) }
        sessions[counter] = session
        let state: JSONValue = ["counter": .string(counter), "mode": .string(mode.rawValue)]
        await events.publish("mode", state)
        return state
    }

    /// The counters that have posted scans since the hub started, and their modes.
    public var counters: [(name: String, mode: String)] {
        sessions.map { ($0.key, $0.value.mode.rawValue) }.sorted { $0.name < $1.name }
    }

    private func handle(id: String, code: String, counter: String, device: String?) async throws -> JSONValue {
        if var answer = try await earlierAnswer(id) {
            let first = answer["code"]?.stringValue ?? ""
            guard first == Symbology.split(code).data else {
                throw AppError(
                    "The scan id \(Terminal.echo(id)) was already used for the code \(Terminal.echo(first)); give "
                        + "each scan its own id (a new one per scan, the same one only when posting it again).",
                    exitCode: .dataError)
            }
            answer["repeated"] = .bool(true)
            return answer
        }
        var session = try await session(for: counter)
        let now = database.clock.now()
        let moment = EventTime(seconds: now.seconds, microseconds: Int64(now.nanoseconds / 1000))
        // A scanner set to send AIM prefixes (`]E0...`) names its symbology, as the evdev reader reads it.
        let (symbology, text) = Symbology.split(code)
        let outcome = try await session.handle(
            Scan(text: text, symbology: symbology, startedAt: moment, endedAt: moment, device: device), scanID: id)
        sessions[counter] = session
        var answer = outcome.json
        answer["id"] = .string(id)
        answer["counter"] = .string(counter)
        answer["text"] = .string(outcome.text)
        answer["failed"] = .bool(outcome.failed)
        answer["repeated"] = .bool(false)
        if let logID = outcome.logID {
            try await database.recordAnswer(answer.jsonString, scan: logID)
        } else {
            // A command barcode is not logged; its answer is kept for a repeat, the latest thousand of them.
            commandAnswers[id] = answer
            commandOrder.append(id)
            if commandOrder.count > 1000 { commandAnswers[commandOrder.removeFirst()] = nil }
        }
        await events.publish("scan", answer)
        return answer
    }

    /// `counter`'s session: its own, or a new one. A session made before the hub's location was known (a
    /// first sync still running) is made again once it is, keeping its mode and quantity.
    private func session(for counter: String) async throws -> CounterSession {
        if let existing = sessions[counter], existing.location != nil || !locationWanted { return existing }
        var fresh = try await makeSession(counter)
        if let existing = sessions[counter] {
            fresh.quantity = existing.quantity
            if fresh.switchMode(to: existing.mode) != nil { fresh.mode = .lookup }
        }
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
