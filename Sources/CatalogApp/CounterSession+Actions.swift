import CatalogCore
import Foundation
import Scanner
import Store

extension CounterSession {
    /// Lets label mode print each scanned item's label: `request`'s template (loaded now, so a broken one is
    /// reported before the first scan), on `printer` (nil: labels.printer, else the CUPS default).
    public mutating func printLabels(_ request: LabelRequest, printer: String?, context: AppContext) throws {
        let template = try request.loadTemplate(settings: context.settings)
        printerProblem = { location in
            await LabelPrinting.printerProblem(printer, template: template.name, at: location, context: context)
        }
        printLabel = { variation, copies in
            let outcome = try await LabelPrinting.print(
                [variation], request: request, template: template, printer: printer, copies: copies, context: context)
            let tags = copies == 1 ? "Tag" : "\(copies) tags"
            return (
                "label job \(outcome.labelJob.id ?? 0) on \(outcome.job.printer)", false,
                ScanResult(
                    .printed, "\(tags) sent to the printer", detail: "Printer “\(outcome.job.printer)”.",
                    quantity: copies)
            )
        }
    }

    /// Lets shelf mode put each scanned item on the shelf scanned last: its shelf place at `place` set in
    /// Square through the edit path (fetch-before-update; the outbox when Square cannot be reached).
    public mutating func shelveItems(at place: CounterLocation, context: AppContext) {
        setShelf = { variation, shelf in
            let outcome = try await EditWorkflow(context: context).edit(
                variation.variationID, EditRequest(location: place.id, shelf: shelf))
            let waits = outcome.queued ? " Square cannot be reached: it is sent when it can." : ""
            return (
                outcome.queued ? "shelf \(shelf) (waiting for Square)" : "shelf \(shelf)", false,
                ScanResult(.shelved, "On shelf \(shelf)", detail: "At \(place.name).\(waits)")
            )
        }
    }

    /// Lets audit mode check each scanned item's tag in the audit of the shelf scanned last at `place` (one
    /// audit per shelf, shared by every counter walking it): a wrong tag's reprint goes to the print queue.
    public mutating func auditShelves(at place: CounterLocation, context: AppContext) {
        auditItem = { variation, shelf in
            let audits = try ShelfAudits(context: context)
            let audit = try await audits.start(shelf: shelf, location: place.id).audit
            let checked = try await audits.check(variation, in: audit, place: place)
            return (
                checked.action, false,
                ScanResult(checked.needsLook ? .tagWrong : .tagOK, checked.headline, detail: checked.detail)
            )
        }
    }

    /// Lets count mode count each scan into the stock count open at `place` when it is scanned (one
    /// started after the scanner is found too).
    public mutating func countStock(at place: CounterLocation, context: AppContext) {
        let workflow = CountWorkflow(context: context, database: database)
        countIsBlind = { (try? await workflow.openSession(nil, location: place.id))?.blind ?? false }
        countItem = { variation, quantity, kilograms in
            let session = try await workflow.openSession(nil, location: place.id)
            let counted: CountWorkflow.Counted
            if let kilograms {
                counted = try await workflow.count(variation, weighing: kilograms, in: session)
            } else {
                counted = try await workflow.count(variation.variationID, quantity: Decimal(quantity), in: session)
            }
            let total = Terminal.quantity(counted.line.counted)
            let added = kilograms == nil ? "+\(quantity)" : "+\(Terminal.quantity(counted.added))"
            var result = ScanResult(
                .counted, "\(added) counted",
                detail:
                    "\(total) counted so far; the count has \(counted.totals.lines) line\(counted.totals.lines == 1 ? "" : "s"), "
                    + "\(Terminal.quantity(counted.totals.units)) in all.", quantity: quantity)
            result.total = total
            if let area = counted.area { result.detail = "\(area.name): " + (result.detail ?? "") }
            if let warning = counted.warning { result.detail = (result.detail ?? "") + " Look: \(warning)." }
            return (
                "count \(added) = \(total) (this count: "
                    + "\(counted.totals.lines) lines, \(Terminal.quantity(counted.totals.units)) units)", false, result
            )
        }
    }

    /// Lets receive mode add the scanned stock at `place` in Square (queued when Square cannot be reached)
    /// and book it against the reorder list.
    public mutating func receiveStock(at place: CounterLocation, context: AppContext) {
        let workflow = ReorderWorkflow(context: context, database: database)
        let (clock, database) = (context.clock, database)
        undoReceipt = { outboxID in try await workflow.undoReceipt(outboxID: outboxID) }
        receive = { variation, count in
            let result = try await workflow.receive(variation, quantity: count, at: place).result
            var shown = ScanResult(.received, "+\(count) received", quantity: count)
            shown.receiptOutboxID = result.receipt.outboxID
            shown.undoUntil = Timestamp(seconds: clock.now().seconds + ScanResult.undoWindowSeconds)
            // Tags for what arrived, offered on the screen: one per unit, or one per case.
            let caseSize = try await database.caseSizes(variationIDs: [variation.variationID])[variation.variationID]
            shown.labelOffer = ScanResult.LabelOffer(
                unit: ReceiveLabels.unit.tags(quantity: count, caseSize: caseSize),
                perCase: ReceiveLabels.perCase.tags(quantity: count, caseSize: caseSize), caseSize: caseSize)
            switch result.status {
            case .posted:
                shown.stockAfter = result.inStock
                shown.stockBefore = result.inStock.flatMap { Decimal(string: $0) }.map {
                    Terminal.quantity($0 - Decimal(count))
                }
                shown.detail = result.inStock.map { "Stock at \(place.name) is now \($0)." } ?? "Square has it."
                return (
                    "received \(count) at \(place.name)" + (result.inStock.map { ", \($0) in stock" } ?? ""), false,
                    shown
                )
            case .queued:
                shown.headline = "+\(count) received, not in Square yet"
                shown.detail = "Square cannot be reached now; the hub sends it, once, when it can."
                return (
                    "received \(count) at \(place.name), queued for Square (outbox #\(result.receipt.outboxID))", true,
                    shown
                )
            }
        }
    }
}

extension CounterSession {
    /// A counter's session with every mode it can offer turned on, and for each it cannot, why: the one
    /// start of the command line's `catalog scan` and the hub's counters.
    ///
    /// The location is `wanted`, else the configured one, else the shop's only one; count mode needs it, and
    /// receive and shelf modes need it and a Square token. Label mode prints with `labels` (nil: off) on `printer`
    /// (nil: labels.printer, else the CUPS default). `off` holds the error behind each mode that is off, so a
    /// front end that was asked for that mode can report it as it is (its exit status included); the session
    /// refuses a switch to it with the same words. `scaleLayouts` are the ones already checked (the hub checks
    /// them once at start); nil checks them now (`AppContext.scaleLayouts`).
    public static func start(
        counter: String, context: AppContext, location wanted: String?, labels: LabelRequest?, printer: String?,
        scaleLayouts: [ScaleLayout]? = nil
    ) async throws -> (session: CounterSession, off: [CounterMode: AppError]) {
        let database = try context.openDatabase()
        var session = CounterSession(mode: .lookup, database: database, counter: counter)
        if context.frontEnd == .hub {
            // What staff are told of a mode that is off before anything more is known: no options, no files.
            session.printUnavailable = "label mode needs a tag template and a printer"
            session.countUnavailable = "count mode needs the counter's location: \(context.frontEnd.chooseLocation)"
            session.receiveUnavailable =
                "receive mode needs the counter's location and Square to be set up: "
                + FrontEnd.ask("set them up")
            session.shelfUnavailable =
                "shelf mode needs the counter's location and Square to be set up: " + FrontEnd.ask("set them up")
        }
        if let scaleLayouts {
            session.scaleLayouts = scaleLayouts
        } else {
            session.scaleLayouts = try await context.scaleLayouts(in: database)
        }
        session.locationNames =
            ShopLocations(all: ShopLocations.active(try await database.locations()), here: nil).names
        var off: [CounterMode: AppError] = [:]
        if let labels {
            do {
                try session.printLabels(labels, printer: printer, context: context)
            } catch {
                let failure = AppError.from(error)
                off[.label] = failure
                session.printUnavailable = "label mode is off: \(failure.description)"
            }
        }
        let place: CounterLocation?
        do {
            place = try await context.location(wanted, in: database, required: true)
        } catch {
            let failure = AppError.from(error)
            (off[.count], off[.receive], off[.shelf], off[.audit]) = (failure, failure, failure, failure)
            session.auditUnavailable = "audit mode is off: \(failure.description)"
            session.countUnavailable = "count mode is off: \(failure.description)"
            session.receiveUnavailable = "receive mode is off: \(failure.description)"
            session.shelfUnavailable = "shelf mode is off: \(failure.description)"
            // Without one chosen, the shop's only location still prices what is scanned.
            session.location = try? await context.location(wanted, in: database, required: false)
            return (session, off)
        }
        session.location = place
        guard let place else { return (session, off) }
        // Counting needs no token: what Square expects is read when it can be, else at review.
        session.countStock(at: place, context: context)
        session.auditShelves(at: place, context: context)
        do {
            _ = try context.makeClient()
            session.receiveStock(at: place, context: context)
            session.shelveItems(at: place, context: context)
        } catch {
            let failure = AppError.from(error)
            (off[.receive], off[.shelf]) = (failure, failure)
            session.receiveUnavailable = "receive mode is off: \(failure.description)"
            session.shelfUnavailable = "shelf mode is off: \(failure.description)"
        }
        return (session, off)
    }
}
