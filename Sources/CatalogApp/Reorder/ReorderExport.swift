import CatalogCore
import Foundation
import Labels
import Store

/// The reorder list as a file for a supplier: CSV (for Excel if asked), JSON, or a PDF purchase list.
public struct ReorderExport: Sendable {
    /// csv, json or pdf (any case).
    public var format: String
    /// CSV for Excel: a byte-order mark, `;` between fields, and formula-safe cells.
    public var excel: Bool
    /// Cells that start like a formula written as text (`CSVWriter.formulaSafe`): with `excel`, and always in
    /// the hub's download, which staff open in a spreadsheet.
    public var formulaSafe: Bool
    /// letter or a4; nil for the configured paper.
    public var paper: String?

    public init(format: String = "csv", excel: Bool = false, formulaSafe: Bool? = nil, paper: String? = nil) {
        self.format = format
        self.excel = excel
        self.formulaSafe = formulaSafe ?? excel
        self.paper = paper
    }

    /// `lines` in the chosen format, made at `now`; `defaultPaper` is the configured paper when `--paper`
    /// is not given.
    public func encode(_ lines: [ReorderLine], defaultPaper: String?, reference: String?, at now: Timestamp) throws
        -> [UInt8]
    {
        let bytes: [UInt8]
        switch format.lowercased() {
        case "csv":
            bytes = ReorderOutput.csv(lines, excel: excel, formulaSafe: formulaSafe)
        case "json":
            let object: JSONValue = [
                "generated_at": .string(now.rfc3339),
                "order_reference": reference.map(JSONValue.string) ?? .null,
                "lines": .array(ReorderOutput.sorted(lines).map(ReorderOutput.json)),
                "vendors": .array(Self.vendorTotals(lines)),
            ]
            bytes = Array((object.jsonString + "\n").utf8)
        case "pdf":
            let paperName = (self.paper ?? defaultPaper ?? "letter").lowercased()
            guard let paper = PurchaseList.Paper(rawValue: paperName) else {
                throw AppError("--paper \(paperName) is not known: use letter or a4.", exitCode: .usage)
            }
            do {
                bytes = try PurchaseListRenderer.pdf(
                    Self.purchaseList(lines, paper: paper, reference: reference, at: now))
            } catch {
                throw AppError("Cannot draw the purchase list: \(error)", exitCode: .internalError)
            }
        default:
            throw AppError("--format \(format) is not known: use csv, json or pdf.", exitCode: .usage)
        }
        return bytes
    }

    /// Per vendor: lines, units and total cost (when every line has a cost in one currency).
    public static func vendorTotals(_ lines: [ReorderLine]) -> [JSONValue] {
        ReorderOutput.groups(lines).map { group in
            let total = ReorderOutput.total(group.lines)
            return [
                "vendor": .string(group.vendor), "lines": .int(Int64(group.lines.count)),
                "quantity": .int(Int64(group.lines.reduce(0) { $0 + $1.quantity })),
                "total": total.map { .string($0.decimalString) } ?? .null,
                "currency": total.map { .string($0.currency) } ?? .null,
            ]
        }
    }

    /// The lines as the label module's purchase list, made at `now`.
    public static func purchaseList(
        _ lines: [ReorderLine], paper: PurchaseList.Paper, reference: String?, at now: Timestamp
    ) -> PurchaseList {
        let vendors = ReorderOutput.groups(lines).map { group in
            PurchaseListVendor(
                name: group.vendor,
                lines: group.lines.map { line in
                    PurchaseListLine(
                        item: line.variation?.itemName ?? line.label, variation: line.variation?.variationName,
                        sku: line.variation?.sku, vendorCode: line.supply?.vendorCode,
                        gtin: ReorderOutput.barcode(line.variation), quantity: String(line.quantity),
                        unitCost: line.supply?.unitCost?.formatted, lineCost: line.lineCost?.formatted, note: line.note)
                }, total: ReorderOutput.total(group.lines)?.formatted)
        }
        let time = now.rfc3339
        let created = String(time.prefix(10)) + " " + String(time.dropFirst(11).prefix(5)) + " UTC"
        return PurchaseList(reference: reference, createdAt: created, paper: paper, vendors: vendors)
    }

    /// The lines of one vendor, matched by name or id in any case; an unknown vendor is an error listing
    /// the vendors on the list.
    public static func filter(_ lines: [ReorderLine], vendor: String) throws -> [ReorderLine] {
        let key = vendor.trimmingCharacters(in: .whitespaces).lowercased()
        let kept = lines.filter {
            ReorderOutput.vendor($0).lowercased() == key || $0.supply?.vendorID?.lowercased() == key
        }
        if kept.isEmpty && !lines.isEmpty {
            let known = Set(lines.map(ReorderOutput.vendor)).sorted().joined(separator: "; ")
            throw AppError(
                "No lines on the list are from “\(Terminal.echo(vendor))”. The vendors on it are: \(known).",
                exitCode: .notFound)
        }
        return kept
    }
}
