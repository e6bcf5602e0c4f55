import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels

/// `catalog reorder export`: the list for suppliers as CSV, JSON or a printable PDF.
struct ReorderExportCommand: ContextCommand, GlobalOptionsCommand {
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

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let statuses = try ReorderWorkflow.statuses(status)
        let lines = try await ReorderWorkflow(context: context).lines(
            statuses: statuses, vendor: export.vendor, reference: reference, location: export.location)
        try export.write(lines, context: context, output: output, reference: reference)
    }
}

/// The options every export shares (`reorder export` and `reorder order`).
struct ReorderExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("csv (default), json or pdf.", valueName: "format"))
    var format = "csv"

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The file to write; - or none for standard output."))
    var outputFile: String?

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
    func write(_ lines: [ReorderLine], context: AppContext, output: CommandOutput, reference: String?) throws {
        let settings = context.settings
        if format.lowercased() == "pdf", outputFile == nil || outputFile == "-" {
            throw AppError("A PDF needs a file: give --output FILE.pdf.", exitCode: .usage)
        }
        try OutputFile.refuseOverwriting(outputFile.map(context.path), option: "--output", inputs: settings.keptFiles)
        let bytes = try export.encode(
            lines, defaultPaper: settings.reorder.paper, reference: reference, at: context.clock.now())
        if let outputFile, outputFile != "-" {
            try OutputFile.replace(context.path(outputFile), with: bytes)
            output.error("Wrote \(Terminal.count(lines.count)) line\(lines.count == 1 ? "" : "s") to \(outputFile).")
        } else {
            output.write(bytes)
        }
    }

    /// The export the flags ask for.
    var export: ReorderExport { ReorderExport(format: format, excel: excel, paper: paper) }
}
