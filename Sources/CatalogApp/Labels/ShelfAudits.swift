import CatalogCore
import Foundation
import Labels
import Store

/// Shelf audits: walking a shelf and scanning each item to find the tags that are wrong. Each scan compares
/// the last tag printed for the item at the audit's location with the price a tag would show now (the rule
/// `catalog label stale` uses): "tag OK", or "tag shows £4.49, price £4.99: reprint queued" with the reprint
/// in the print queue (the last tag's template, the route's printer). At the end, the items the shelf
/// should hold that nobody scanned are listed: missing from the shelf, or their tag lost. The command line
/// (`catalog audit`) and the counter's audit mode use the same calls.
public struct ShelfAudits: Sendable {
    public let context: AppContext
    let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// What one check found, in words for staff and for the log.
    public struct Checked: Sendable {
        public var check: ShelfAuditCheck
        public var variation: VariationSummary
        /// "Tag OK", "Tag wrong: reprint queued", "No tag on record".
        public var headline: String
        public var detail: String
        /// The item's shelf here is not one the audit covers (or it has none).
        public var stray: Bool

        /// Whether the tag needs a person's look (wrong, or none on record).
        public var needsLook: Bool { check.verdict != .ok }
        /// The log's line: `tag ok`, `tag stale: shows £4.49, price £4.99, reprint label job 12`.
        public var action: String {
            switch check.verdict {
            case .ok: return "tag ok"
            case .stale:
                return "tag stale: \(detail)"
            case .untagged: return "no tag on record"
            }
        }
    }

    /// An audit, what was checked, and what the shelf should hold that nobody scanned.
    public struct Report: Sendable {
        public var audit: ShelfAudit
        public var location: CounterLocation
        public var checks: [ShelfAuditCheck]
        /// The variations the audit's shelves hold at its location, in shelf order.
        public var expected: [VariationSummary]
        /// The expected ones nobody scanned.
        public var missing: [VariationSummary]
        /// Names of the variations checked, by id.
        public var names: [String: String]
    }

    /// The open audit of `shelf` at `wanted` (the counter's location when nil), started now when there is
    /// none; several counters walking the same shelf share it.
    public func start(shelf: String, location wanted: String?) async throws -> (
        audit: ShelfAudit, place: CounterLocation
    ) {
        let tidy: String?
        do {
            tidy = try ShelfPlace.tidied(shelf)
        } catch {
            throw AppError(error.description, exitCode: .usage)
        }
        guard let tidy else {
            throw AppError("Say which shelf to audit, such as A3 (every place starting with it).", exitCode: .usage)
        }
        guard let place = try await context.location(wanted, in: database) else {
            throw AppError("Say which location's shelf: \(context.frontEnd.chooseLocation).", exitCode: .usage)
        }
        let audit = try await database.openShelfAudit(
            locationID: place.id, shelf: tidy, counter: context.counter, at: context.clock.now())
        return (audit, place)
    }

    /// Checks `variation`'s tag in `audit` (scanned now by this context's counter), queues a reprint when the
    /// tag is wrong, and keeps the check (a second scan of the item replaces the first).
    public func check(_ found: VariationSummary, in audit: ShelfAudit, place: CounterLocation) async throws -> Checked {
        guard let auditID = audit.id, audit.status == .open else {
            throw AppError("This shelf audit is \(audit.status.rawValue); start a new one.", exitCode: .dataError)
        }
        let variation = found.at(place)
        let prices = try await ShelfPrices.load(for: [variation], database: database, at: context.clock.now())
        // Prices as a tag shows them (£4.99): what the person holding the tag compares.
        let shelfPrice = prices.shelf(variation).price
        let priceNow = shelfPrice?.labelText ?? "a variable price"
        let shelfHere = variation.shelves.places[place.id]
        let stray = !(shelfHere?.lowercased().hasPrefix(audit.shelf.lowercased()) ?? false)
        let strayWords =
            stray
            ? " It is not on this shelf's list: "
                + (shelfHere.map { "its shelf here is \($0)." } ?? "it has no shelf here.")
            : ""
        var labelJobID: Int64?
        let verdict: ShelfAuditCheck.Verdict
        var printed: Money?
        var current: Money?
        var headline: String
        var detail: String
        if let last = try await database.lastTag(variationID: variation.variationID, locationID: place.id) {
            printed = last.hasTypedDiscount ? last.basePrice : last.price
            let stale = try await database.staleLabels(variationIDs: [variation.variationID])
                .first { $0.printed.locationID == place.id }
            if let stale {
                verdict = .stale
                current = stale.currentPrice
                let shows = printed?.labelText ?? "no price"
                let reprint = try await reprint(variation, template: last.template)
                labelJobID = reprint.id
                headline = reprint.sent ? "Tag wrong: reprint queued" : "Tag wrong: reprint kept in the print queue"
                detail = "The tag shows \(shows), the price is \(current?.labelText ?? priceNow): " + reprint.words
            } else {
                verdict = .ok
                current = printed
                headline = "Tag OK"
                detail = "The tag shows \(printed?.labelText ?? priceNow), today's price."
            }
        } else {
            verdict = .untagged
            current = shelfPrice
            headline = "No tag on record"
            detail = "No tag printed here is on record: check it shows \(priceNow)."
        }
        detail += strayWords
        let check = ShelfAuditCheck(
            auditID: auditID, variationID: variation.variationID, checkedAt: context.clock.now().rfc3339,
            counter: context.counter, verdict: verdict, printed: printed, price: current, labelJobID: labelJobID,
            shelf: shelfHere)
        try await database.recordAuditCheck(check)
        return Checked(check: check, variation: variation, headline: headline, detail: detail, stray: stray)
    }

    /// Checks the item `code` names (a barcode, SKU or id, as `catalog show` takes it) in `audit`.
    public func check(code: String, in audit: ShelfAudit, place: CounterLocation) async throws -> Checked {
        try await check(
            try await Lookup.single(code, in: database, frontEnd: context.frontEnd), in: audit, place: place)
    }

    /// A new tag for `variation` with `template` (the last tag's; the default one when that is gone), on the
    /// printer its route chooses: the label job, whether it reached the printer, and the words.
    private func reprint(_ variation: VariationSummary, template: String) async throws
        -> (id: Int64?, sent: Bool, words: String)
    {
        var request = LabelRequest(template: template)
        if (try? request.templateFile(settings: context.settings)) == nil { request = LabelRequest() }
        do {
            let outcome = try await LabelPrinting.print([variation], request: request, printer: nil, context: context)
            return (outcome.labelJob.id, true, "reprint sent to \(outcome.job.printer).")
        } catch let kept as LabelJobError {
            return (kept.jobID, false, "the reprint could not be sent. \(context.frontEnd.explain(kept))")
        }
    }

    /// Audit `text` (its number), or the only open one when nil.
    public func audit(_ text: String?) async throws -> ShelfAudit {
        if let text {
            guard let id = Int64(text.trimmingCharacters(in: .whitespaces)),
                let found = try await database.shelfAudit(id: id)
            else {
                throw AppError(
                    "There is no shelf audit \(Terminal.echo(text)); catalog audit list shows them.",
                    exitCode: .notFound)
            }
            return found.audit
        }
        let open = try await database.shelfAudits(statuses: [.open])
        guard open.count == 1, let only = open.first else {
            throw AppError(
                open.isEmpty
                    ? "No shelf audit is open; start one with catalog audit start --shelf A3."
                    : "\(open.count) shelf audits are open (\(open.map { "\($0.id ?? 0): \($0.shelf)" }.joined(separator: ", "))); "
                        + "say which by its number.",
                exitCode: open.isEmpty ? .notFound : .usage)
        }
        return only
    }

    /// Every audit, open ones first, then newest first.
    public func all() async throws -> [ShelfAudit] {
        // Newest first as stored; the open ones moved to the front, in that order.
        let audits = try await database.shelfAudits()
        return audits.filter { $0.status == .open } + audits.filter { $0.status != .open }
    }

    /// What audit `audit` found so far: its checks, and what its shelves should hold that nobody scanned.
    public func report(_ audit: ShelfAudit) async throws -> Report {
        guard let id = audit.id, let stored = try await database.shelfAudit(id: id) else {
            throw AppError("The shelf audit is gone.", exitCode: .notFound)
        }
        let names = try await StagedPrices(context: context).locationNames()
        let place = CounterLocation(id: audit.locationID, name: names[audit.locationID] ?? audit.locationID)
        let expected = try await database.shelved(at: place.id, prefix: audit.shelf).map { $0.at(place) }
        let checked = Set(stored.checks.map(\.variationID))
        let found = try await database.variations(ids: stored.checks.map(\.variationID))
        return Report(
            audit: stored.audit, location: place, checks: stored.checks,
            expected: expected, missing: expected.filter { !checked.contains($0.variationID) },
            names: found.mapValues(\.label))
    }

    /// Ends audit `audit` (finished, or cancelled) and reports it.
    public func finish(_ audit: ShelfAudit, cancel: Bool = false) async throws -> Report {
        guard let id = audit.id else { throw AppError("The shelf audit is gone.", exitCode: .notFound) }
        guard audit.status == .open else {
            throw AppError(
                "Shelf audit \(id) is \(audit.status.rawValue) already; catalog audit show \(id) reports it.",
                exitCode: .dataError)
        }
        _ = try await database.endShelfAudit(id: id, status: cancel ? .cancelled : .finished, at: context.clock.now())
        return try await report(try await self.audit(String(id)))
    }
}

extension ShelfAudit {
    /// The audit as `catalog audit list --json` prints it.
    public var json: JSONValue {
        [
            "id": id.map(JSONValue.int) ?? .null, "shelf": .string(shelf), "status": .string(status.rawValue),
            "location_id": .string(locationID), "started_at": .string(startedAt), "started_by": .string(startedBy),
            "finished_at": finishedAt.map(JSONValue.string) ?? .null,
        ]
    }
}

extension ShelfAudits.Report {
    /// The report as `catalog audit finish --json` prints it and the hub answers.
    public var json: JSONValue {
        [
            "id": audit.id.map(JSONValue.int) ?? .null, "shelf": .string(audit.shelf),
            "status": .string(audit.status.rawValue), "location": location.json,
            "started_at": .string(audit.startedAt), "finished_at": audit.finishedAt.map(JSONValue.string) ?? .null,
            "expected": .int(expected.count), "checked": .int(checks.count),
            "checks": .array(
                checks.map { check in
                    [
                        "variation_id": .string(check.variationID), "label": .string(names[check.variationID] ?? ""),
                        "verdict": .string(check.verdict.rawValue), "printed_price": check.printed?.json ?? .null,
                        "price": check.price?.json ?? .null, "shelf": check.shelf.map(JSONValue.string) ?? .null,
                        "label_job": check.labelJobID.map(JSONValue.int) ?? .null, "counter": .string(check.counter),
                        "checked_at": .string(check.checkedAt),
                    ]
                }),
            "missing": .array(
                missing.map {
                    [
                        "variation_id": .string($0.variationID), "label": .string($0.label),
                        "shelf": $0.shelf.map(JSONValue.string) ?? .null,
                    ]
                }
            ),
        ]
    }
}
