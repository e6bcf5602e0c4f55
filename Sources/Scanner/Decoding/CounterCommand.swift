import CatalogCore

/// What the counter does with a scanned product code.
public enum CounterMode: String, CaseIterable, Hashable, Sendable {
    /// Show the item.
    case lookup
    /// Add one to the reorder list.
    case reorder
    /// Print the item's label.
    case label
    /// Receive one (or the set quantity) into stock at the counter's location.
    case receive
    /// Count one (or the set quantity) into the stock count open at the counter's location.
    case count
    /// Put the item on the shelf whose label was scanned last (its shelf place at the counter's location).
    case shelf
    /// Check the tag of each item on the shelf whose label was scanned last against today's price.
    case audit

    /// The modes as a person reads them in a message: "lookup, reorder, label, receive, count, shelf or audit".
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
    }
}

/// A command barcode printed on the counter's command sheet.
public enum CounterCommand: Hashable, Sendable {
    /// `CATALOG:MODE:LOOKUP|REORDER|LABEL|RECEIVE|COUNT|SHELF|AUDIT`: switch mode.
    case mode(CounterMode)
    /// `CATALOG:QTY:n` (1...999): the next reorder, label or receive scan counts `n`.
    case quantity(Int)
    /// `CATALOG:SHELF:place` (a shelf label's code, the place as written, such as A3-2): the shelf the next
    /// scans in shelf mode are put on.
    case shelf(String)

    /// The text to encode in the command's barcode.
    public var barcodeText: String {
        switch self {
        case .mode(let mode): return "CATALOG:MODE:\(mode.rawValue.uppercased())"
        case .quantity(let count): return "CATALOG:QTY:\(count)"
        case .shelf(let place): return "CATALOG:SHELF:\(place)"
        }
    }
}

/// A scan read as either a counter command or a code to look up.
public enum ScannedInput: Hashable, Sendable {
    /// A command barcode.
    case command(CounterCommand)
    /// Anything else: a product code (or unknown text) to look up.
    case code(String)
    /// Text in the command form (`CATALOG:...`) that is no command on the sheet, such as `CATALOG:QTY:0`:
    /// refused with `reason`, never looked up as a product code.
    case badCommand(String, reason: String)

    /// Reads scanned text: exact command spellings (case-insensitive) are commands, other `CATALOG:` text a
    /// bad command, anything else a code.
    public init(_ text: String) {
        let parts = text.uppercased().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "CATALOG" else {
            self = .code(text)
            return
        }
        // A shelf's place is free text, colons and case kept: all that follows CATALOG:SHELF:.
        if parts[1] == "SHELF", parts.count >= 3 {
            let place = String(text.unicodeScalars.dropFirst("CATALOG:SHELF:".unicodeScalars.count))
            do {
                guard let tidy = try ShelfPlace.tidied(place) else {
                    self = .badCommand(text, reason: "a shelf label names its place, such as CATALOG:SHELF:A3-2")
                    return
                }
                self = .command(.shelf(tidy))
            } catch {
                self = .badCommand(text, reason: error.description)
            }
            return
        }
        guard parts.count == 3 else {
            self = .badCommand(
                text, reason: "commands look like CATALOG:MODE:REORDER, CATALOG:QTY:6 or CATALOG:SHELF:A3-2")
            return
        }
        switch parts[1] {
        case "MODE":
            if let mode = CounterMode(rawValue: parts[2].lowercased()) {
                self = .command(.mode(mode))
                return
            }
            let modes = CounterMode.allCases.map { $0.rawValue.uppercased() }.joined(separator: ", ")
            self = .badCommand(text, reason: "the modes are \(modes)")
            return
        case "QTY":
            if parts[2].allSatisfy(\.isASCII), parts[2].allSatisfy(\.isNumber), parts[2].count <= 3,
                let count = Int(parts[2]), (1...999).contains(count)
            {
                self = .command(.quantity(count))
                return
            }
            self = .badCommand(text, reason: "a quantity is a whole number from 1 to 999")
            return
        default: break
        }
        self = .badCommand(text, reason: "the commands are CATALOG:MODE:..., CATALOG:QTY:... and CATALOG:SHELF:...")
    }
}
