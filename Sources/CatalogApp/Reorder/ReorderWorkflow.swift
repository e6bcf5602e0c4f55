import CatalogCore
import Foundation
import Store
import Sync

/// The reorder list's rules, for every front end: what is added, changed, removed, proposed from
/// Square's counts, ordered from a vendor and received into stock. The command line and the counter's
/// scanner call these; they only parse what was typed and show the answer.
public struct ReorderWorkflow: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    /// The workflow over the context's database.
    public init(context: AppContext) throws {
        self.init(context: context, database: try context.openDatabase())
    }

    /// The workflow over a database the front end already opened.
    public init(context: AppContext, database: CatalogDatabase) {
        self.context = context
        self.database = database
    }

    /// The largest quantity one line may hold.
    public static let largestQuantity = 1_000_000

    /// A whole number of units from 1 (or 0 when `allowZero`) to 1,000,000, or a usage error naming
    /// `field` as the person typed it (such as `--qty`).
    public static func quantity(_ value: Int, field: String, allowZero: Bool = false) throws -> Int {
        guard value >= (allowZero ? 0 : 1), value <= largestQuantity else {
            throw AppError(
                "\(field) must be a whole number from \(allowZero ? 0 : 1) to \(largestQuantity), not \(value).",
                exitCode: .usage)
        }
        return value
    }

    /// The statuses a status word names: open (wanted and ordered), all, or one status.
    public static func statuses(_ word: String, field: String = "--status") throws -> Set<ReorderLine.Status> {
        switch word.lowercased() {
        case "open": return [.wanted, .ordered]
        case "all": return Set(ReorderLine.Status.allCases)
        default:
            guard let status = ReorderLine.Status(rawValue: word.lowercased()) else {
                throw AppError(
                    "\(field) \(word) is not known: use open, wanted, ordered, received, removed or all.",
                    exitCode: .usage)
            }
            return [status]
        }
    }

    /// The variation `what` names (a code, else words searched, asking the context's prompter).
    public func variation(_ what: String, takeFirst: Bool = false) async throws -> VariationSummary {
        try await Lookup.resolve(
            what, in: database, frontEnd: context.frontEnd, takeFirst: takeFirst, prompter: context.prompter)
    }

    /// Adds `quantity` of what `what` names to its wanted line (adding up); a blank note is no note.
    public func add(_ what: String, quantity: Int, note: String? = nil, takeFirst: Bool = false) async throws
        -> ReorderLine
    {
        let quantity = try Self.quantity(quantity, field: "The quantity")
        return try await add(try await variation(what, takeFirst: takeFirst), quantity: quantity, note: note)
    }

    /// Adds `quantity` of `variation` to its wanted line (adding up).
    public func add(_ variation: VariationSummary, quantity: Int, note: String? = nil) async throws -> ReorderLine {
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await database.addToReorderList(
            variationID: variation.variationID, quantity: quantity,
            note: trimmed?.isEmpty == false ? trimmed : nil, counter: context.counter)
    }

    /// Sets how many of a wanted variation are wanted; 0 takes it off. Not on the list is exit 66.
    public func setQuantity(_ what: String, to quantity: Int) async throws -> ReorderLine {
        let quantity = try Self.quantity(quantity, field: "The quantity", allowZero: true)
        let variation = try await variation(what)
        guard
            let line = try await database.setReorderQuantity(
                variationID: variation.variationID, quantity: quantity, counter: context.counter)
        else {
            throw AppError(
                "\(variation.label) is not on the reorder list (as wanted); add it "
                    + (context.frontEnd == .commandLine
                        ? "with catalog reorder add." : "with Add to reorder list on its card at the counter."),
                exitCode: .notFound)
        }
        return line
    }

    /// Takes a variation's wanted line off the list (its history keeps it); answers the variation.
    public func remove(_ what: String) async throws -> VariationSummary {
        let variation = try await variation(what)
        let lines = try await database.reorderLines(statuses: [.wanted]).filter {
            $0.variationID == variation.variationID
        }
        let removed = try await database.removeReorderLines(
            ids: lines.map(\.id), action: "remove", counter: context.counter)
        guard removed > 0 else {
            throw AppError("\(variation.label) is not on the reorder list (as wanted).", exitCode: .notFound)
        }
        return variation
    }

    /// Takes every wanted line (of `vendor`, when given) off the list; answers how many.
    public func clear(vendor: String?) async throws -> Int {
        var lines = try await database.reorderLines(statuses: [.wanted])
        if let vendor { lines = try ReorderExport.filter(lines, vendor: vendor) }
        return try await database.removeReorderLines(ids: lines.map(\.id), action: "clear", counter: context.counter)
    }

    /// The lines in `statuses`, of `vendor` and order `reference` when given, with stock on hand at
    /// `location` (else the configured or only location, else none).
    public func lines(
        statuses: Set<ReorderLine.Status>, vendor: String? = nil, reference: String? = nil, location: String? = nil
    ) async throws -> [ReorderLine] {
        let place = try await context.location(location, in: database, required: location != nil)
        var lines = try await database.reorderLines(statuses: statuses, locationID: place?.id)
        if let vendor { lines = try ReorderExport.filter(lines, vendor: vendor) }
        if let reference { lines = lines.filter { $0.orderReference == reference } }
        return lines
    }

    /// What `suggest` proposed, and where.
    public struct Suggestions: Sendable {
        public var location: CounterLocation
        public var report: ReorderSuggestions
        /// Lines added to the list (with `apply`), by line id.
        public var added: [Int64: Int]
        public var applied: Bool
    }

    /// Reads Square's counts at the location and proposes what is at or below its threshold, up to
    /// `factor` (else the configured one, else 2) times it; `apply` adds the proposals to the list.
    /// Nil when the shop has several locations and none was chosen.
    public func suggest(location: String?, factor: Double?, apply: Bool) async throws -> Suggestions? {
        let factor = factor ?? context.settings.reorder.parFactor ?? 2
        guard ReorderSuggester.parFactors.contains(factor) else {
            throw AppError(
                "\(context.frontEnd.field("factor")) must be between 1 and 100, not \(factor).", exitCode: .usage)
        }
        guard let place = try await context.location(location, in: database) else { return nil }
        var suggester = ReorderSuggester(database: database, client: try context.makeClient())
        suggester.parFactor = factor
        let progress = context.progress
        let report = try await suggester.suggest(locationID: place.id) { done, total in
            progress.status("Reading stock counts: \(Terminal.count(done)) of \(Terminal.count(total)) variations")
        }
        progress.clearStatus()
        var added: [Int64: Int] = [:]
        if apply {
            for suggestion in report.suggestions {
                let line = try await database.addToReorderList(
                    variationID: suggestion.variationID, quantity: suggestion.proposal, note: nil,
                    counter: context.counter)
                added[line.id] = suggestion.proposal
            }
        }
        return Suggestions(location: place, report: report, added: added, applied: apply)
    }

    /// What `order` did.
    public struct Order: Sendable {
        public var reference: String
        /// The lines as they were sent, each stamped with the reference.
        public var lines: [ReorderLine]
        /// The ids of the lines marked ordered.
        public var ordered: [Int64]
        public var vendor: String { lines.first.map(ReorderOutput.vendor) ?? "" }
    }

    /// The order reference for a moment: PO-, the date and the time (UTC).
    public static func orderReference(at time: Timestamp) -> String {
        let digits = time.rfc3339.filter(\.isNumber)
        return "PO-\(digits.prefix(8))-\(digits.dropFirst(8).prefix(6))"
    }

    /// Orders `vendor`'s wanted lines: `deliver` gets them stamped with the reference (and writes the
    /// export) first, then each line moves to ordered. What was added while the export was written stays
    /// wanted. Nothing wanted from the vendor is exit 66.
    public func order(
        vendor: String, location: String?, reference: String?, deliver: ([ReorderLine], String) throws -> Void
    ) async throws -> Order {
        let lines = try await self.lines(statuses: [.wanted], vendor: vendor, location: location)
        guard !lines.isEmpty else {
            throw AppError("Nothing is wanted from \(vendor) right now.", exitCode: .notFound)
        }
        let reference = reference ?? Self.orderReference(at: context.clock.now())
        var stamped = lines
        for index in stamped.indices { stamped[index].orderReference = reference }
        try deliver(stamped, reference)
        let ordered = try await database.orderReorderLines(
            lines.map { ($0.id, $0.quantity, $0.supply?.vendorID) }, reference: reference, counter: context.counter)
        return Order(reference: reference, lines: stamped, ordered: ordered)
    }

    /// What `receive` did.
    public struct Receipt: Sendable {
        public var variation: VariationSummary
        public var location: CounterLocation
        /// How many arrived.
        public var quantity: Int
        /// How many were outstanding on the variation's lines before.
        public var outstanding: Int
        public var result: ReceiveResult

        /// How many are still on order after this receipt.
        public var stillOnOrder: Int { max(0, outstanding - (quantity - result.receipt.unlisted)) }
        /// Whether Square has not got it yet (it waits in the outbox).
        public var queued: Bool {
            if case .queued = result.status { return true }
            return false
        }
    }

    /// Receives stock of what `what` names at the location: `quantity`, else everything outstanding on
    /// its lines; one adjustment in Square, booked against the list (see `Editor.receiveStock`). Nil
    /// when the shop has several locations and none was chosen.
    public func receive(_ what: String, quantity: Int?, location: String?) async throws -> Receipt? {
        let variation = try await variation(what)
        guard let place = try await context.location(location, in: database) else { return nil }
        return try await receive(variation, quantity: quantity, at: place)
    }

    /// Receives `quantity` of `variation` (else everything outstanding) at `place`.
    public func receive(_ variation: VariationSummary, quantity: Int?, at place: CounterLocation) async throws
        -> Receipt
    {
        let open = try await database.reorderLines(statuses: [.wanted, .ordered]).filter {
            $0.variationID == variation.variationID
        }
        let outstanding = open.reduce(0) { $0 + $1.outstanding }
        let count: Int
        if let quantity {
            count = try Self.quantity(quantity, field: context.frontEnd.field("qty"))
        } else if outstanding > 0 {
            count = outstanding
        } else {
            throw AppError(
                "\(variation.label) is not on order; say how many arrived"
                    + (context.frontEnd == .commandLine ? " with --qty N." : "."), exitCode: .usage)
        }
        let editor = Editor(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        let result = try await editor.receiveStock(variation: variation, quantity: count, locationID: place.id)
        return Receipt(variation: variation, location: place, quantity: count, outstanding: outstanding, result: result)
    }

    /// Undoes receipt `outboxID` (see `Editor.undoReceipt`): the list put back and the units taken out of
    /// stock in Square, once however often it is asked.
    public func undoReceipt(outboxID: Int64) async throws -> ReceiveResult {
        let editor = Editor(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        return try await editor.undoReceipt(outboxID: outboxID)
    }

    /// The list's changes, oldest first (of what `what` names, when given), at most the `limit` newest,
    /// each with the variation's label.
    public func history(of what: String?, limit: Int) async throws -> [(event: ReorderEvent, label: String)] {
        var events = try await database.reorderEvents()
        if let what {
            let variation = try await variation(what)
            events = events.filter { $0.variationID == variation.variationID }
        }
        events = Array(events.suffix(limit))
        let names = try await database.variations(ids: Array(Set(events.map(\.variationID))))
        return events.map { ($0, names[$0.variationID].map(\.label) ?? $0.variationID) }
    }
}
