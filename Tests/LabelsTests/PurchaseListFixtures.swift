import CatalogCore
import Foundation
import Labels

/// Purchase lists the purchase-list tests render, and the poppler tools they read them with (the suites that
/// use them say `.requires(.poppler)`).
enum PurchaseListFixtures {
    /// Three vendors with 1, 40 and 2 lines: non-ASCII names, EAN-13 and UPC-A GTINs, SKU-only lines,
    /// a long name, a note, unknown costs, and one vendor without a total.
    static func threeVendors(paper: PurchaseList.Paper) -> PurchaseList {
        let acme = PurchaseListVendor(
            name: "Acme Supply",
            lines: [
                PurchaseListLine(
                    item: "Widget", variation: "Large", sku: "AC-WDG-0042-L", vendorCode: "ACM-778",
                    gtin: "4006381333931", quantity: "6", unitCost: "£1.20", lineCost: "£7.20",
                    note: "Blue ones only, please")
            ],
            total: "£7.20")
        let muller = PurchaseListVendor(
            name: "Müller Großhandel",
            lines: (0..<40).map { line($0) },
            total: "£1,234.56")
        let cafe = PurchaseListVendor(
            name: "Café Øresund",
            lines: [
                PurchaseListLine(item: "Crème brûlée cups", variation: "Ø 8 cm", sku: "CAFE-77", quantity: "120"),
                PurchaseListLine(
                    item: "Straße tea towels", gtin: "036000291452", quantity: "3", unitCost: "£2.00",
                    lineCost: "£6.00"),
            ],
            total: nil)
        return PurchaseList(
            title: "Purchase list", shop: "Corner Shop", reference: "PO-2026-0042", createdAt: "2026-11-23 14:05",
            paper: paper, vendors: [acme, muller, cafe])
    }

    /// The `index`th line of the long section: every third is SKU-only (line 20's SKU is long), the
    /// others alternate EAN-13 and UPC-A GTINs; every seventh has a long name that must be shortened.
    static func line(_ index: Int) -> PurchaseListLine {
        let long = index % 7 == 3
        let name =
            long
            ? "Extra-large über-premium organic fair-trade whole-bean espresso roast with a very long name \(index)"
            : "Kaffee Nr. \(index) Äpfel"
        let gtin: String? =
            switch index % 3 {
            case 0: ean13(index)
            case 1: upcA(index)
            default: nil
            }
        return PurchaseListLine(
            item: name, variation: index % 2 == 0 ? "1 kg" : nil, sku: index == 20 ? longSKU : "MG-\(1000 + index)",
            vendorCode: "V\(index)", gtin: gtin, quantity: String(index + 1), unitCost: "€3.\(index % 10)0",
            lineCost: "€\(index + 1)3.00", note: index == 5 ? "Ask for the Dezember price list" : nil)
    }

    /// A SKU too long for the barcode column: its Code 128 gets the whole width under the text.
    static let longSKU = "MG-1020-EXTRA-LONG-SUPPLIER-CODE"

    /// A valid EAN-13 (starting 40, so not a UPC-A) made from `seed`.
    static func ean13(_ seed: Int) -> String { withCheckDigit("40" + padded(1_234_500 + seed, to: 10)) }
    /// A valid UPC-A made from `seed`.
    static func upcA(_ seed: Int) -> String { withCheckDigit("0" + padded(3_600_029_100 + seed, to: 10)) }

    static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func withCheckDigit(_ body: String) -> String {
        body + String(Barcode.gs1CheckDigit(body.map { Int(String($0))! }))
    }

    /// `pdfinfo`'s fields, such as `Pages` and `Page size`.
    static func info(_ pdf: URL) async throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try await Scan.run("/usr/bin/pdfinfo", [pdf.path]).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The text of pages `first` to `last` (all when nil), as `pdftotext -layout` reads it.
    static func text(_ pdf: URL, first: Int? = nil, last: Int? = nil) async throws -> String {
        var arguments = ["-layout", "-enc", "UTF-8"]
        if let first { arguments += ["-f", String(first)] }
        if let last { arguments += ["-l", String(last)] }
        return try await Scan.run("/usr/bin/pdftotext", arguments + [pdf.path, "-"])
    }
}
