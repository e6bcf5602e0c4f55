import CatalogCore
import Foundation
import Labels
import Scanner
import Store
import Sync

/// What the counter did with one scan: the line a person reads and the JSON object a script reads.
public struct ScanOutcome: Sendable {
    public var code: String
    public var symbology: String?
    public var time: String
    public var match: VariationSummary?
    /// The IN_STOCK count last read from Square at the counter's location, when known.
    public var stock: String?
    /// What a customer pays for it now (Square's running sale, deals, taxes, unit price), when found.
    public var shelf: ShelfPrice?
    /// What a scale code printed: its price, or its weight and what that weight costs.
    public var embedded: (text: String, json: JSONValue)?
    /// What was done, outcome first: `found`, `unknown`, `held back`, `mode label`, `label job 12 on zebra`, ...
    public var action: String
    public var mode: CounterMode
    /// True when the person at the counter should hear the failure ring (unknown code, failed action).
    public var failed: Bool
    /// The scan's number in the scan log; nil for a command barcode (not logged).
    public var logID: Int64?
    /// Why Square's copy of what was scanned could not be stored by a sync: the found variation is then
    /// the last good copy, and a code that found nothing is in Square but not stored here yet.
    public var heldBack: SyncProblem?
    /// The same outcome for a counter screen: its kind, headline and figures.
    public var result: ScanResult?
    /// The found variation as it is after the scan (a receipt's new stock, a shelf just set): the card a
    /// counter screen draws, as `catalog show` reports it.
    public var report: VariationReport?

    public var text: String {
        guard let match else {
            var line = "\(shownAction)  \(Terminal.visible(code))" + (symbology.map { " (\($0))" } ?? "")
            if let heldBack {
                line +=
                    "  in Square, but \(Terminal.visible(heldBack.label)) could not be stored "
                    + "(\(Terminal.visible(heldBack.reason))): fix it in Square; the next sync stores it"
            }
            return line
        }
        let regular = match.price?.formatted ?? "variable price"
        // A running sale is the price the customer pays: it comes first, the regular price after it.
        let price = shelf?.sale.map { "SALE \($0.priceText) (\($0.terms), was \(regular))" } ?? regular
        var line = "\(shownAction)  \(Terminal.visible(match.label))  \(price)"
        if let unit = shelf?.unitPrice() { line += "  \(unit.formatted)" }
        if let embedded { line += "  scale \(embedded.text)" }
        if let sku = match.sku { line += "  SKU \(Terminal.visible(sku))" }
        if let stock { line += "  stock \(stock)" }
        if let availability = ShopLocations.availability(match) { line += "  \(availability.uppercased())" }
        if let heldBack {
            line +=
                "  HELD BACK: Square's newer copy could not be stored (\(Terminal.visible(heldBack.reason))), "
                + "this is the last good copy"
        }
        return line + "  [\(mode.rawValue)]"
    }

    /// The action with only its first word upper-cased (`REFUSED: label mode needs --template ...`), so a
    /// message or command inside it reads, and copies, as written; `HELD BACK` whole.
    public var shownAction: String {
        if action == "held back" { return "HELD BACK" }
        let word = action.prefix { $0.isLetter }
        return word.uppercased() + Terminal.visible(String(action.dropFirst(word.count)))
    }

    public var json: JSONValue {
        var matchJSON: JSONValue = .null
        if let match {
            func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            matchJSON = [
                "item_id": .string(match.itemID), "variation_id": .string(match.variationID),
                "item_name": .string(match.itemName), "variation_name": text(match.variationName),
                "sku": text(match.sku), "gtin": text(match.gtin), "price": match.price?.json ?? .null,
                "in_stock": text(stock), "location": match.location?.json ?? .null,
                "base_price": match.basePrice?.json ?? .null, "available": .bool(match.isSold),
                "sold_out": .bool(match.isSoldOut),
            ]
            for (key, value) in shelf?.jsonFields() ?? [] { matchJSON[key] = value }
            if let embedded { matchJSON["embedded"] = embedded.json }
        }
        return [
            "code": .string(code), "symbology": symbology.map(JSONValue.string) ?? .null, "time": .string(time),
            "match": matchJSON, "action": .string(action), "mode": .string(mode.rawValue),
            "held_back": heldBack?.heldBackJSON ?? .null, "result": result?.json ?? .null,
        ]
    }
}

/// What a mode's action did with a found variation: the log's words, whether it failed, and the result a
/// screen shows.
public typealias ScanAction = (action: String, failed: Bool, result: ScanResult)

/// The counter: each scan is looked up in the local catalog, logged, and acted on by the current mode.
/// Command barcodes switch the mode or set the quantity for the next scan.
public struct CounterSession: Sendable {
    public var mode: CounterMode
    public var quantity = 1
    /// The shelf whose label was scanned last (`CATALOG:SHELF:...`): where shelf mode puts each item.
    public var shelfPlace: String?
    public let database: CatalogDatabase
    /// This counter's name, for the reorder list.
    public var counter: String
    /// The counter's location, whose price, availability and stock count each found item shows; `nil`
    /// when not known (the base price is shown).
    public var location: CounterLocation?
    /// Prints one label for a variation (label mode); `nil` when no template/printer was configured.
    public var printLabel: (@Sendable (VariationSummary, Int) async throws -> ScanAction)?
    /// Receives stock into Square (receive mode); `nil` when no location or token is configured, with
    /// `receiveUnavailable` saying why.
    public var receive: (@Sendable (VariationSummary, Int) async throws -> ScanAction)?
    /// Undoes a receipt this counter's receive mode made (its outbox entry), as `Editor.undoReceipt` does.
    public var undoReceipt: (@Sendable (Int64) async throws -> ReceiveResult)?
    public var receiveUnavailable = "receive mode needs a location (--location or location: in the config) and a token"
    /// Counts stock (count mode) into the count open at the counter's location: the action's words.
    /// Counts a scan in count mode: the variation, the quantity set for it, and the weight in kilograms a
    /// scale label carries (nil for any other code).
    public var countItem: (@Sendable (VariationSummary, Int, Decimal?) async throws -> ScanAction)?
    /// Whether the count that count mode counts into is blind: then no scan in count mode shows the stock
    /// Square expects (nor its card), whatever the outcome.
    public var countIsBlind: (@Sendable () async -> Bool)?
    /// Why count mode is off, when `countItem` is nil.
    public var countUnavailable = "count mode needs the counter's location (--location or location: in the config)"
    /// Why label mode cannot print now (its printer stopped, gone or out of reach), asked before it is offered.
    public var printerProblem: (@Sendable (CounterLocation?) async -> String?)?
    /// Why label mode is off, when `printLabel` is nil.
    public var printUnavailable = "label mode needs --template and a printer"
    /// The layouts of the shop's scale codes (`scale:` in the config).
    public var scaleLayouts: [ScaleLayout] = []
    /// The shop's location names by id, for the stock figures of a found item's report.
    public var locationNames: [String: String] = [:]
    /// Sets a variation's shelf place at the counter's location in Square (shelf mode); nil when there is no
    /// location or no token, with `shelfUnavailable` saying why.
    public var setShelf: (@Sendable (VariationSummary, String) async throws -> ScanAction)?
    public var shelfUnavailable = "shelf mode needs a location (--location or location: in the config) and a token"
    /// Checks a variation's tag in the audit of the shelf scanned last (audit mode); nil when there is no
    /// location, with `auditUnavailable` saying why.
    public var auditItem: (@Sendable (VariationSummary, String) async throws -> ScanAction)?
    public var auditUnavailable = "audit mode needs the counter's location (--location or location: in the config)"

    public init(mode: CounterMode, database: CatalogDatabase, counter: String) {
        self.mode = mode
        self.database = database
        self.counter = counter
    }

    /// Switches to `next`, or says why it cannot (and stays in the current mode).
    public mutating func switchMode(to next: CounterMode) -> String? {
        if next == .label, printLabel == nil {
            return "\(printUnavailable); staying in \(mode.rawValue) mode"
        }
        if next == .receive, receive == nil { return "\(receiveUnavailable); staying in \(mode.rawValue) mode" }
        if next == .count, countItem == nil { return "\(countUnavailable); staying in \(mode.rawValue) mode" }
        if next == .shelf, setShelf == nil { return "\(shelfUnavailable); staying in \(mode.rawValue) mode" }
        if next == .audit, auditItem == nil { return "\(auditUnavailable); staying in \(mode.rawValue) mode" }
        mode = next
        return nil
    }

    /// Why `mode` cannot work at this counter now (the words `switchMode` refuses with), or nil when it can.
    /// Count mode also needs a count open at the counter's location: without one every scan would fail.
    public func unavailable(_ mode: CounterMode) async throws -> String? {
        switch mode {
        case .lookup, .reorder: return nil
        case .label:
            if printLabel == nil { return printUnavailable }
            return await printerProblem?(location).map { "label mode needs a printer: \($0)" }
        case .receive: return receive == nil ? receiveUnavailable : nil
        case .shelf: return setShelf == nil ? shelfUnavailable : nil
        case .audit: return auditItem == nil ? auditUnavailable : nil
        case .count:
            guard countItem != nil, let location else { return countUnavailable }
            let open = try await database.countSessions(statuses: [.open]).contains { $0.locationID == location.id }
            return open ? nil : "no count is open at \(location.name)"
        }
    }

    /// Handles one scan; never throws for a bad code (that is an outcome), only when the database fails.
    /// `scanID` is the id a remote counter gave it (kept in the scan log, where a second scan with the same
    /// id is refused by the database, so it is never counted twice); `scannedAt`, when the counter says it
    /// was scanned, if not just now (a scan it kept while the hub could not be reached); `answer`, the
    /// answer to keep with the logged scan (to give again when it is posted again), made from the outcome.
    public mutating func handle(
        _ scan: Scan, scanID: String? = nil, scannedAt: Timestamp? = nil,
        answer: (@Sendable (ScanOutcome) -> String)? = nil
    ) async throws -> ScanOutcome {
        let time = database.clock.now().rfc3339
        var outcome = ScanOutcome(
            code: scan.text, symbology: scan.symbology?.name, time: time, match: nil, action: "", mode: mode,
            failed: false)
        switch ScannedInput(scan.text) {
        case .command(.mode(let next)):
            if let refusal = switchMode(to: next) {
                outcome.action = "refused: \(refusal)"
                outcome.failed = true
                outcome.result = .refused(refusal, headline: "Mode not changed")
            } else {
                outcome.mode = next
                outcome.action = "mode \(next.rawValue)"
                outcome.result = ScanResult(.command, "\(next.rawValue.capitalized) mode")
            }
            return outcome
        case .command(.shelf(let place)):
            shelfPlace = place
            outcome.action = "shelf \(place)"
            let next =
                mode == .shelf
                ? "scan each item on it"
                : mode == .audit ? "scan each item on it to check its tag" : "switch to shelf mode to put items on it"
            outcome.result = ScanResult(.command, "Shelf \(place)", detail: "Now \(next).")
            return outcome
        case .command(.quantity(let count)):
            quantity = count
            outcome.action = "quantity \(count) for the next scan"
            outcome.result = ScanResult(.command, "Next scan counts \(count)", quantity: count)
            return outcome
        case .badCommand(let text, let reason):
            outcome.action = "refused: \(text) is not a command on the sheet (\(reason))"
            outcome.failed = true
            outcome.result = .refused(
                "this is not a command on the sheet (\(reason))", headline: "Command not understood")
            return outcome
        case .code(let code):
            var found: VariationSummary?
            switch try await CodeResolution.resolve(code, scaleLayouts: scaleLayouts, in: database) {
            case .found(let variation, let scale):
                let here = variation.at(location)
                found = here
                outcome.match = here
                let shelf = try await ShelfPrices.load(for: [here], database: database, at: database.clock.now())
                    .shelf(here)
                outcome.shelf = shelf
                outcome.embedded = scale?.embedded(here, shelf: shelf)
                let acted = await act(on: here, scale: scale)
                (outcome.action, outcome.failed, outcome.result) = (acted.action, acted.failed, acted.result)
                let status = try await database.variationStatus(variationID: here.variationID, itemID: here.itemID)
                if let location { outcome.stock = status.stock[location.id] }
                outcome.heldBack = status.heldBack
                // Shelf mode changed the variation itself: the report shows it as stored now.
                let now =
                    mode == .shelf && !acted.failed
                    ? try await database.variations(objectID: here.variationID).first?.at(location) ?? here : here
                let waiting = try await database.outboxEntries(statuses: [.pending, .conflict])
                outcome.report = VariationReport(
                    now, shelf: shelf, status: status, outbox: waiting.filter { $0.objectID == now.variationID },
                    scale: scale, names: locationNames)
                if mode == .count, await countIsBlind?() == true {
                    outcome.stock = nil
                    outcome.report?.stock = [:]
                    outcome.report?.stockFigures = []
                }
            case .ambiguous(let matches, _):
                // A code several variations share names none of them: acting on one would be a guess.
                let names = matches.prefix(5).map(\.label).joined(separator: "; ")
                outcome.action = "refused: \(code) names \(matches.count) variations (\(names)); scan their barcode"
                outcome.failed = true
                outcome.result = .refused(
                    "this code belongs to \(matches.count) items (\(names)); scan the barcode on the item instead",
                    headline: "Which item?")
            case .heldBack(let held):
                // In Square but held back by a sync: not an unknown code to create an item from.
                outcome.heldBack = held
                outcome.action = "held back"
                outcome.failed = true
                outcome.result = ScanResult(
                    .heldBack, "In Square, not here yet",
                    detail: "Square's copy could not be stored (\(held.reason)); it is stored once it is fixed in "
                        + "Square and the hub syncs.")
            case .scaleCodeWithoutItem:
                outcome.action = "unknown"
                outcome.failed = true
                outcome.result = ScanResult(
                    .unknown, "Unknown scale code", detail: "No item has this scale code's item number (PLU).")
            case .badCheckDigit:
                outcome.action = "unknown"
                outcome.failed = true
                outcome.result = ScanResult(
                    .unknown, "Misread barcode",
                    detail: "Its check digit is wrong: scan it again, or type the number under the bars.")
            case .unknown:
                outcome.action = "unknown"
                outcome.failed = true
                outcome.result = ScanResult(.unknown, "Unknown code", detail: "No item here has this code.")
            }
            quantity = 1
            var record = ScanRecord(
                at: time, device: scan.device, code: code, gtin: Barcode.interpretations(of: code).first?.gtin14,
                symbology: scan.symbology?.name, variationID: found?.variationID, mode: mode.rawValue,
                action: outcome.action, scanID: scanID, counter: counter, scannedAt: scannedAt?.rfc3339)
            record.answer = answer?(outcome)
            outcome.logID = try await database.recordScan(record)
            return outcome
        }
    }

    /// Logs a scan made in `mode` that cannot be handled in it (the mode is off now), and answers it as
    /// refused with `reason`: it is kept in the scan log, never dropped, and never handled in a mode the person
    /// scanning did not choose.
    public func refuse(
        _ scan: Scan, in mode: CounterMode, reason: String, scanID: String?, scannedAt: Timestamp?,
        headline: String? = nil, answer: (@Sendable (ScanOutcome) -> String)? = nil
    ) async throws -> ScanOutcome {
        let time = database.clock.now().rfc3339
        var outcome = ScanOutcome(
            code: scan.text, symbology: scan.symbology?.name, time: time, match: nil, action: "refused: \(reason)",
            mode: mode, failed: true)
        outcome.result = .refused(reason, headline: headline ?? "\(mode.rawValue.capitalized) scan not done")
        var record = ScanRecord(
            at: time, device: scan.device, code: scan.text, symbology: scan.symbology?.name, mode: mode.rawValue,
            action: outcome.action, scanID: scanID, counter: counter, scannedAt: scannedAt?.rfc3339)
        record.answer = answer?(outcome)
        outcome.logID = try await database.recordScan(record)
        return outcome
    }

    /// Does what the mode says with a found variation: the action, outcome first, whether it failed, and
    /// the result a screen shows.
    private func act(on found: VariationSummary, scale: ScaleCode?) async -> ScanAction {
        let shown: ScanAction = ("found", false, ScanResult(.found, "Found", detail: found.label))
        do {
            switch mode {
            case .lookup:
                return shown
            case .label:
                guard let printLabel else { return shown }
                return try await printLabel(found, quantity)
            case .reorder:
                let line = try await database.addToReorderList(
                    variationID: found.variationID, quantity: quantity, counter: counter)
                var result = ScanResult(
                    .reordered, "+\(quantity) on the reorder list", detail: "\(line.quantity) wanted now.",
                    quantity: quantity)
                result.total = String(line.quantity)
                return ("reorder +\(quantity) = \(line.quantity)", false, result)
            case .receive:
                guard let receive else { return shown }
                return try await receive(found, quantity)
            case .count:
                guard let countItem else { return shown }
                // A weighed item's scale label counts its weight; one that carries only a price cannot count.
                if let scale, scale.reading.kilograms == nil {
                    return (
                        "count refused: a scale label with a price, not a weight", true,
                        .refused(
                            "this scale label carries a price, not a weight: weigh the item again for a label with "
                                + "its weight, or type the count", headline: "No weight on this label")
                    )
                }
                return try await countItem(found, quantity, scale?.reading.kilograms)
            case .shelf:
                guard let setShelf else { return shown }
                guard let shelfPlace else {
                    return (
                        "refused: scan the shelf's label first", true,
                        .refused(
                            "scan the label on the shelf first, then the items on it", headline: "Which shelf?")
                    )
                }
                return try await setShelf(found, shelfPlace)
            case .audit:
                guard let auditItem else { return shown }
                guard let shelfPlace else {
                    return (
                        "refused: scan the shelf's label first", true,
                        .refused(
                            "scan the label on the shelf first, then each item on it", headline: "Which shelf?")
                    )
                }
                return try await auditItem(found, shelfPlace)
            }
        } catch {
            let failure = AppError.from(error).description
            return (
                "\(mode.rawValue) failed: \(failure)", true,
                .refused(failure, headline: "\(mode.rawValue.capitalized) failed")
            )
        }
    }
}
