import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// Price changes staged for a time, for every front end: a price file checked line by line and staged
/// whole or not at all, the plans listed and cancelled, and each plan applied once its time has come,
/// line by line through the editor (fetch before update; a price Square moved meanwhile is a conflict).
public struct StagedPrices: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// What applying one plan did.
    public struct Applied: Sendable {
        public var plan: StagedPlan
        public var lines: [StagedPlanLine]
        /// Whether every line is settled (the plan is applied); false when Square could not be reached and
        /// some lines wait for the next try.
        public var finished: Bool
    }

    /// Stages the price changes of the file at `path` to take effect at `when` (`2026-12-01 08:00` in the
    /// location's time zone, or RFC 3339), named `name` (the file's name when nil). Every row must name one
    /// variation and a price it can take; a file with any bad row is refused with each such line, and nothing
    /// is staged.
    public func stage(file path: String, at when: String, name: String?, options: PriceImportOptions)
        async throws -> StagedPlanSummary
    {
        return try await stage(
            try PriceImportWorkflow.read(path), file: URL(fileURLWithPath: path).lastPathComponent, at: when,
            name: name, options: options)
    }

    /// Stages the price changes of a file's `bytes` (the file called `file`, sent from the back office) as
    /// `stage(file:at:name:options:)` does.
    public func stage(_ bytes: [UInt8], file path: String, at when: String, name: String?, options: PriceImportOptions)
        async throws -> StagedPlanSummary
    {
        let zone = try await timeZone(at: options.location?.id)
        let effective = try Self.effectiveTime(when, timeZone: zone, now: context.clock.now())
        let plan = try await PriceImportWorkflow(context: context).plan(bytes, named: path, options: options)
        let bad = plan.rows.filter { [.unknown, .ambiguous, .error].contains($0.status) }
        guard bad.isEmpty else {
            let shown = bad.prefix(20).map { "  line \($0.line): \(Terminal.echo($0.code)): \($0.message)" }
            throw AppError(
                "\(path): \(bad.count) of its rows cannot be staged, so nothing was staged:\n"
                    + shown.joined(separator: "\n") + (bad.count > 20 ? "\n  ..." : "")
                    + "\nCorrect them in the file and stage it again.", exitCode: .dataError)
        }
        var lines: [StagedPlanLine] = []
        for row in plan.rows where [.change, .unchanged].contains(row.status) {
            guard let variationID = row.variationID, let itemID = row.itemID, let price = row.newPrice else { continue }
            let stored = try await database.storedObject(id: variationID)
            let label = [row.itemName, row.variationName].compactMap { $0 }.joined(separator: " — ")
            lines.append(
                StagedPlanLine(
                    line: row.line, variationID: variationID, itemID: itemID, label: label, oldPrice: row.oldPrice,
                    newPrice: price, baseValue: stored.flatMap { plan.field.value(in: $0) }))
        }
        guard !lines.isEmpty else {
            throw AppError("\(path): no row sets a price, so nothing was staged.", exitCode: .dataError)
        }
        let source = path
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let staged = try await database.stage(
            StagedPlan(
                name: trimmed.isEmpty ? source : trimmed, locationID: options.location?.id,
                effectiveAt: effective.rfc3339, stagedAt: context.clock.now().rfc3339, stagedBy: context.counter,
                source: source),
            lines: lines)
        return StagedPlanSummary(plan: staged, lines: lines.count)
    }

    /// The moment `text` names: `YYYY-MM-DD HH:MM` (or with a `T`, or a date alone for its first minute) in
    /// `timeZone`, or RFC 3339 with its own offset; refused when it is not after `now`.
    public static func effectiveTime(_ text: String, timeZone: TimeZone, now: Timestamp) throws -> Timestamp {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var moment = Timestamp(rfc3339: trimmed)
        if moment == nil {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
                formatter.dateFormat = format
                if let date = formatter.date(from: trimmed) {
                    moment = Timestamp(epochMilliseconds: Int64(date.timeIntervalSince1970 * 1000))
                    break
                }
            }
        }
        guard let moment else {
            throw AppError(
                "--at \(Terminal.echo(trimmed)): give the time as YYYY-MM-DD HH:MM (the shop's time, "
                    + "\(timeZone.identifier)), such as 2026-12-01 08:00.", exitCode: .usage)
        }
        guard now < moment else {
            throw AppError(
                "--at \(Terminal.echo(trimmed)) has passed (it is now \(local(now, timeZone))): give a time to come.",
                exitCode: .dataError)
        }
        return moment
    }

    /// `moment` as the shop reads it: `2026-12-01 08:00` in `timeZone`.
    public static func local(_ moment: Timestamp, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(moment.seconds)))
    }

    /// The time zone plans are staged in at `location` (an id; the counter's own when nil).
    public func timeZone(at location: String?) async throws -> TimeZone {
        let shop = try await ShopLocations.load(location, context: context, database: database)
        return shop.format?.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
    }

    /// The plans waiting for their time, or with `all` every plan ever staged, by effective time; the plans
    /// that follow Square's sales are worked out again first if anything they depend on changed.
    public func plans(all: Bool) async throws -> [StagedPlanSummary] {
        try await SalePlans(context: context, database: database).follow()
        return try await database.stagedPlans(statuses: all ? nil : [.staged])
    }

    /// The shop's active locations' names by id, for a plan's place.
    public func locationNames() async throws -> [String: String] {
        ShopLocations(all: ShopLocations.active(try await database.locations()), here: nil).names
    }

    /// The tags plan `text` changes at `location` (the plan's own for a location's prices or a sale's; for
    /// base prices the one given, else the counter's), as they should print once it applies: each variation
    /// at the plan's new price (a sale's: as the variation is, for pricing at the plan's time), in the order
    /// the location's shelves are walked, those without a shelf last by category and name. `unchanged`: lines
    /// whose tag the plan does not change there (a base price the location overrides).
    public func tags(_ text: String, at wanted: String?) async throws -> (
        variations: [VariationSummary], location: CounterLocation?, unchanged: Int, effective: Timestamp
    ) {
        let (plan, lines) = try await plan(text)
        var location = try await context.location(wanted, in: database, required: false)
        if let own = plan.locationID {
            guard location == nil || wanted == nil || location?.id == own else {
                throw AppError(
                    "Plan \(plan.id ?? 0) sets the prices of one location: leave out --location.", exitCode: .usage)
            }
            location = try await context.location(own, in: database)
        }
        let stored = try await database.variations(ids: lines.map(\.variationID))
        var tags: [VariationSummary] = []
        for line in lines {
            guard let variation = stored[line.variationID] else { continue }
            guard plan.kind == .prices else {
                tags.append(variation.at(location))
                continue
            }
            let tag = variation.priced(line.newPrice, at: plan.locationID).at(location)
            if tag.price == line.newPrice { tags.append(tag) }
        }
        func order(_ tag: VariationSummary) -> (Int, String, String) {
            if let shelf = tag.shelf { return (0, ShelfPlace.sortKey(shelf), tag.label) }
            return (1, tag.category ?? "", tag.label)
        }
        let effective = Timestamp(rfc3339: plan.effectiveAt) ?? context.clock.now()
        return (tags.sorted { order($0) < order($1) }, location, lines.count - tags.count, effective)
    }

    /// The plan `text` numbers, or a usage error naming it.
    public func plan(_ text: String) async throws -> (plan: StagedPlan, lines: [StagedPlanLine]) {
        guard let id = Int64(text.trimmingCharacters(in: .whitespaces)),
            let found = try await database.stagedPlan(id: id)
        else {
            throw AppError(
                "There is no plan \(Terminal.echo(text)). See the plans with catalog prices plans.",
                exitCode: .notFound)
        }
        return found
    }

    /// Cancels plan `text` while it is staged; a plan applied or cancelled already, or one that follows a
    /// Square sale, is refused in words.
    public func cancel(_ text: String) async throws -> StagedPlan {
        let found = try await plan(text)
        guard found.plan.kind == .prices else {
            throw AppError(
                "Plan \(found.plan.id ?? 0) follows Square's sale “\(Terminal.visible(found.plan.name))”: it changes "
                    + "when the sale's dates change in Square, and goes when the sale does.", exitCode: .dataError)
        }
        guard let id = found.plan.id, let plan = try await database.cancelPlan(id: id, at: context.clock.now())
        else { throw AppError("There is no plan \(Terminal.echo(text)).", exitCode: .notFound) }
        switch found.plan.status {
        case .staged: return plan
        case .applied:
            throw AppError(
                "Plan \(id) was applied at \(plan.appliedAt ?? "its time"): its prices are in Square. Change them "
                    + "back with a new plan or catalog edit.", exitCode: .dataError)
        case .cancelled: throw AppError("Plan \(id) was cancelled already.", exitCode: .dataError)
        }
    }

    /// Applies every staged plan whose time has come, line by line through the editor: a line Square already
    /// has is applied, one whose price Square moved away from the staged one is a conflict (not overwritten),
    /// one Square refused has failed. When Square cannot be reached the line waits in the outbox (it goes
    /// with the next sync) and the plan's other lines stay staged for the next try. Each line is settled once.
    /// A plan that follows a Square sale has nothing to write: it is marked applied.
    public func applyDue() async throws -> [Applied] {
        var done: [Applied] = []
        for plan in try await database.duePlans(at: context.clock.now()) {
            guard let id = plan.id, let (_, lines) = try await database.stagedPlan(id: id) else { continue }
            guard plan.kind == .prices else {
                // Square runs its sale itself: nothing to write, the tags change now.
                let finished = try await database.finishSalePlan(id: id, at: context.clock.now())
                let applied = lines.map { line in
                    var line = line
                    line.status = .applied
                    return line
                }
                done.append(Applied(plan: plan, lines: applied, finished: finished))
                continue
            }
            let field = plan.locationID.map { EditField.price(at: $0) } ?? .price
            let staged = lines.filter { $0.status == .staged }
            // In batches, as a price file is applied: each variation fetched, its price compared with the one
            // the plan was made over, and written under an idempotency key bound to the plan and what is sent.
            let rows = try staged.map { line in
                var row = PriceImportRow(
                    line: line.line, code: line.variationID, priceText: line.newPrice.decimalString,
                    variationID: line.variationID, itemID: line.itemID, newPrice: line.newPrice, status: .change)
                row.baseline = .some(try line.baseValue.map { try JSONValue.parse($0) })
                return row
            }
            let result = try await PriceImport(database: database).apply(
                rows: rows, field: field, client: try context.makeClient(), counter: context.counter,
                source: "plan \(id) “\(plan.name)”", action: .plan, keyPrefix: "catalog-plan")
            var settled: [StagedPlanLine] = []
            var waiting: StagedPlanLine?
            for (var line, row) in zip(staged, result.rows) {
                switch row.status {
                case .updated, .unchanged:
                    line.status = .applied
                    line.version = row.version
                case .conflict:
                    line.status = .conflict
                    line.message = row.message
                case .notSent:
                    // Square out of reach: the first of these waits in the outbox; the rest stay staged for the
                    // next look.
                    if waiting == nil { waiting = line }
                    continue
                default:
                    line.status = .failed
                    line.message = row.message
                }
                try await database.settle(line)
                settled.append(line)
            }
            if var line = waiting {
                let editor = Editor(
                    database: database, client: try context.makeClient(), counter: context.counter,
                    sender: context.sender)
                let base = try line.baseValue.map { try JSONValue.parse($0) }
                let queued = try await editor.edit(
                    variationID: line.variationID, itemID: line.itemID, label: line.label,
                    edits: [FieldEdit(field, line.newPrice.json)], seen: [field: base], action: .plan,
                    source: "plan \(id) “\(plan.name)” line \(line.line)", boundKey: "catalog-plan")
                switch queued.status {
                case .queued(_, let reason):
                    line.status = .queued
                    line.message = "Square could not be reached (\(reason)); it waits and goes with the next sync."
                case .conflict:
                    line.status = .conflict
                    line.message = "Square's price moved away from the one the plan was made over: not changed."
                case .applied, .unchanged:
                    line.status = .applied
                    line.version = queued.newVersion ?? queued.oldVersion
                }
                try await database.settle(line)
                settled.append(line)
            }
            let finished = try await database.finishPlan(id: id, at: context.clock.now())
            done.append(Applied(plan: plan, lines: settled, finished: finished))
        }
        return done
    }
}

extension StagedPlanSummary {
    /// The plan as `catalog prices plans --json` and `GET /api/v1/plans` give it.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "id": plan.id.map(JSONValue.int) ?? .null, "name": .string(plan.name),
            "status": .string(plan.status.rawValue), "effective_at": .string(plan.effectiveAt),
            "location_id": text(plan.locationID), "lines": .int(Int64(lines)), "staged_at": .string(plan.stagedAt),
            "staged_by": .string(plan.stagedBy), "source": text(plan.source), "cancelled_at": text(plan.cancelledAt),
            "applied_at": text(plan.appliedAt), "kind": .string(plan.kind.rawValue), "rule_id": text(plan.ruleID),
        ]
    }
}

extension StagedPlanLine {
    /// One price of a plan, as `catalog prices plans --show ID --json` gives it.
    public var json: JSONValue {
        [
            "line": .int(Int64(line)), "variation_id": .string(variationID), "label": .string(label),
            "old_price": oldPrice?.json ?? .null, "new_price": newPrice.json, "status": .string(status.rawValue),
            "message": .string(message), "version": version.map(JSONValue.int) ?? .null,
        ]
    }
}
