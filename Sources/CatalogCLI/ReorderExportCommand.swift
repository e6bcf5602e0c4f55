import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation
import Labels
import Store

/// `catalog reorder export`: the list for suppliers as CSV, JSON or a printable PDF.
struct ReorderExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the reorder list for suppliers: CSV, JSON or a PDF purchase list per vendor.",
        discussion: """
            Lines are grouped by vendor, then ordered by item name. CSV is RFC 4180 UTF-8 with a header \
            row (--excel adds a byte-order mark and uses ; so Excel opens it in any locale, and puts a ' before \
            cells starting with = + - @ so no name runs as a formula). The PDF has \
            a section per vendor with each line's names, codes, quantity and a scannable barcode. \
            A file is written in full under a temporary name and then renamed, so it is never half written.
            Columns: \(ReorderOutput.exportColumns.joined(separator: ", ")).
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var export: ReorderExportOptions

    @Option(help: ArgumentHelp("wanted (default), ordered, or open (both).", valueName: "status"))
    var status = "wanted"

    @Option(help: ArgumentHelp("Only the lines of this order reference (with --status ordered).", valueName: "ref"))
    var reference: String?

    func run() async throws {
        try await reportingErrors {
            let statuses = try ReorderListCommand.statuses(status)
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            let place = try await CounterLocation.resolve(
                export.location, configured: settings.location, in: database, required: export.location != nil)
            var lines = try await database.reorderLines(statuses: statuses, locationID: place?.id)
            if let vendor = export.vendor { lines = try Self.filter(lines, vendor: vendor) }
            if let reference { lines = lines.filter { $0.orderReference == reference } }
            try export.write(lines, settings: settings, reference: reference)
        }
    }

    /// The lines of one vendor, matched by name or id in any case; an unknown vendor is an error listing
    /// the vendors on the list.
    static func filter(_ lines: [ReorderLine], vendor: String) throws -> [ReorderLine] {
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

/// The options every export shares (`reorder export` and `reorder order`).
struct ReorderExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("csv (default), json or pdf.", valueName: "format"))
    var format = "csv"

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The file to write; - or none for standard output."))
    var output: String?

    @Option(help: ArgumentHelp("Only this vendor's lines (\"No vendor\" for lines without one).", valueName: "name"))
    var vendor: String?

    @Flag(
        help: """
            CSV for Excel: a UTF-8 byte-order mark, ; between fields, and a ' before any cell starting with \
            = + - or @ so a spreadsheet never runs a name as a formula.
            """)
    var excel = false

    @Option(
        help: ArgumentHelp(
            "PDF paper: letter or a4 (default: reorder.paper in the config, else letter).",
            valueName: "paper"))
    var paper: String?

    @Option(help: ArgumentHelp("The location whose stock on hand to include.", valueName: "name"))
    var location: String?

    /// Writes `lines` in the chosen format to the output (or standard output).
    func write(_ lines: [ReorderLine], settings: Settings, reference: String?) throws {
        if format.lowercased() == "pdf", output == nil || output == "-" {
            throw AppError("A PDF needs a file: give --output FILE.pdf.", exitCode: .usage)
        }
        try OutputFile.refuseOverwriting(output, option: "--output", inputs: settings.keptFiles)
        let bytes = try encode(lines, defaultPaper: settings.reorder.paper, reference: reference)
        if let output, output != "-" {
            try OutputFile.replace(output, with: bytes)
            Terminal.error("Wrote \(Terminal.count(lines.count)) line\(lines.count == 1 ? "" : "s") to \(output).")
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }

    /// `lines` in the chosen format; `defaultPaper` is the configured paper when `--paper` is not given.
    func encode(_ lines: [ReorderLine], defaultPaper: String?, reference: String?) throws -> [UInt8] {
        let bytes: [UInt8]
        switch format.lowercased() {
        case "csv":
            bytes = ReorderOutput.csv(lines, excel: excel)
        case "json":
            let object: JSONValue = [
                "generated_at": .string(Timestamp.now().rfc3339),
                "order_reference": reference.map(JSONValue.string) ?? .null,
                "lines": .array(ReorderOutput.sorted(lines).map(ReorderOutput.json)),
                "vendors": .array(Self.vendorTotals(lines)),
            ]
            bytes = Array((object.jsonString + "\n").utf8)
        case "pdf":
            let paperName = (paper ?? defaultPaper ?? "letter").lowercased()
            guard let paper = PurchaseList.Paper(rawValue: paperName) else {
                throw AppError("--paper \(paperName) is not known: use letter or a4.", exitCode: .usage)
            }
            do {
                bytes = try PurchaseListRenderer.pdf(Self.purchaseList(lines, paper: paper, reference: reference))
            } catch {
                throw AppError("Cannot draw the purchase list: \(error)", exitCode: .internalError)
            }
        default:
            throw AppError("--format \(format) is not known: use csv, json or pdf.", exitCode: .usage)
        }
        return bytes
    }

    /// Per vendor: lines, units and total cost (when every line has a cost in one currency).
    static func vendorTotals(_ lines: [ReorderLine]) -> [JSONValue] {
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

    /// The lines as the label module's purchase list.
    static func purchaseList(_ lines: [ReorderLine], paper: PurchaseList.Paper, reference: String?) -> PurchaseList {
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
        let now = Timestamp.now().rfc3339
        let created = String(now.prefix(10)) + " " + String(now.dropFirst(11).prefix(5)) + " UTC"
        return PurchaseList(reference: reference, createdAt: created, paper: paper, vendors: vendors)
    }
}
