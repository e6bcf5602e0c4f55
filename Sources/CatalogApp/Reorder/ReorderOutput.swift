import CatalogCore
import Foundation
import Store

/// How reorder lines are shown: one JSON shape for scripts and exports, and lines for people.
public enum ReorderOutput {
    /// The name lines without a vendor are filed under.
    public static let noVendor = "No vendor"

    /// The columns of a CSV export, in order: the JSON members of the same name.
    public static let exportColumns = [
        "vendor", "vendor_code", "sku", "gtin", "item", "variation", "quantity", "unit_cost", "line_cost", "currency",
        "on_hand", "threshold", "note", "first_added", "last_added", "status", "order_reference",
    ]

    /// The vendor a line is filed under: its name, its id when the name is not known, or "No vendor".
    public static func vendor(_ line: ReorderLine) -> String {
        if let name = line.vendorName { return name }
        if let id = line.supply?.vendorID { return "Vendor \(id)" }
        return noVendor
    }

    /// The barcode in the form printed on the pack: UPC-A, else EAN-13, else GTIN-8 or GTIN-14.
    public static func barcode(_ variation: VariationSummary?) -> String? {
        guard let gtin = variation?.gtin, let code = try? Barcode(gtin) else { return variation?.upc }
        return code.upcA ?? code.gtin13 ?? code.gtin8 ?? code.gtin14
    }

    /// Lines in export order: by vendor name ("No vendor" last), then item and variation name, ignoring
    /// case and accents. Each line's keys are made once, so a long list sorts quickly.
    public static func sorted(_ lines: [ReorderLine]) -> [ReorderLine] {
        func key(_ text: String?) -> String {
            (text ?? "").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        let keyed = lines.map { line in
            let vendor = vendor(line)
            return (
                line: line, last: vendor == noVendor, vendor: key(vendor),
                item: key(line.variation?.itemName), variation: key(line.variation?.variationName)
            )
        }
        return keyed.sorted { left, right in
            if left.last != right.last { return right.last }
            if left.vendor != right.vendor { return left.vendor < right.vendor }
            if left.item != right.item { return left.item < right.item }
            if left.variation != right.variation { return left.variation < right.variation }
            return left.line.id < right.line.id
        }.map(\.line)
    }

    /// Sorted lines in runs of one vendor.
    public static func groups(_ lines: [ReorderLine]) -> [(vendor: String, lines: [ReorderLine])] {
        var groups: [(vendor: String, lines: [ReorderLine])] = []
        for line in sorted(lines) {
            let vendor = vendor(line)
            if groups.last?.vendor == vendor {
                groups[groups.count - 1].lines.append(line)
            } else {
                groups.append((vendor, [line]))
            }
        }
        return groups
    }

    /// One line as a JSON object with snake_case keys.
    public static func json(_ line: ReorderLine) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let cost = line.supply?.unitCost
        return [
            "id": .int(line.id), "status": .string(line.status.rawValue), "vendor": .string(vendor(line)),
            "vendor_id": text(line.supply?.vendorID), "vendor_code": text(line.supply?.vendorCode),
            "sku": text(line.variation?.sku), "gtin": text(barcode(line.variation)),
            "item": text(line.variation?.itemName), "variation": text(line.variation?.variationName),
            "variation_id": .string(line.variationID), "quantity": .int(Int64(line.quantity)),
            "received": .int(Int64(line.received)), "unit_cost": text(cost?.decimalString),
            "line_cost": text(line.lineCost?.decimalString), "currency": text(cost?.currency),
            "on_hand": text(line.onHand), "threshold": line.threshold.map(JSONValue.int) ?? .null,
            "note": text(line.note), "counter": .string(line.counter), "first_added": .string(line.firstAdded),
            "last_added": .string(line.lastAdded), "order_reference": text(line.orderReference),
            "ordered_at": text(line.orderedAt), "closed_at": text(line.closedAt),
        ]
    }

    /// The lines as a CSV file in export order, with a header row; for Excel with a byte-order mark, `;` and
    /// cells that start like a formula written as text (`formulaSafe` alone: such cells only, as the hub's
    /// download does).
    public static func csv(_ lines: [ReorderLine], excel: Bool, formulaSafe: Bool? = nil) -> [UInt8] {
        let rows = sorted(lines).map { line in
            let object = json(line)
            return exportColumns.map { column -> String in
                switch object[column] {
                case .string(let text)?: return text
                case .number(let text)?: return text
                default: return ""
                }
            }
        }
        return CSVWriter.write(
            [exportColumns] + rows, separator: excel ? ";" : ",", byteOrderMark: excel,
            formulaSafe: formulaSafe ?? excel)
    }

    /// One line for people: quantity first, then what it is, the codes, the cost and the stock.
    public static func text(_ line: ReorderLine) -> String {
        var parts = ["\(line.quantity) ×", Terminal.visible(line.label)]
        if line.status == .ordered { parts[0] = "\(line.outstanding) of \(line.quantity) ×" }
        if let sku = line.variation?.sku { parts.append("SKU \(Terminal.visible(sku))") }
        if let code = line.supply?.vendorCode { parts.append("vendor code \(Terminal.visible(code))") }
        if let cost = line.supply?.unitCost, let total = line.lineCost {
            parts.append("\(cost.decimalString) each = \(total.formatted)")
        }
        if let onHand = line.onHand {
            parts.append("on hand \(onHand)" + (line.threshold.map { " (low at \($0))" } ?? ""))
        }
        if let reference = line.orderReference, line.status != .wanted { parts.append("order \(reference)") }
        if let note = line.note, !note.isEmpty { parts.append("“\(Terminal.visible(note))”") }
        return parts.joined(separator: "  ")
    }

    /// The total cost of lines that all have a unit cost in one currency; nil otherwise.
    public static func total(_ lines: [ReorderLine]) -> Money? {
        var sum: Money?
        for line in lines {
            guard let cost = line.lineCost else { return nil }
            if let current = sum {
                guard current.currency == cost.currency else { return nil }
                sum = Money(amount: current.amount + cost.amount, currency: cost.currency)
            } else {
                sum = cost
            }
        }
        return sum
    }

    /// The list as people read it: grouped by vendor, each with its line count, units and total.
    public static func table(_ lines: [ReorderLine]) -> String {
        var out: [String] = []
        for group in groups(lines) {
            out.append(Terminal.visible(group.vendor))
            for line in group.lines { out.append("  " + text(line)) }
            let units = group.lines.reduce(0) { $0 + $1.outstanding }
            let total = total(group.lines).map { ", total \($0.formatted)" } ?? ""
            out.append("  — \(Terminal.count(group.lines.count)) lines, \(Terminal.count(units)) units\(total)")
            out.append("")
        }
        return out.joined(separator: "\n")
    }
}
