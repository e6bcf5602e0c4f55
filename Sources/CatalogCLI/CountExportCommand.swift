import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count export`: the review as a file.
struct CountExportCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a count's review to a file: CSV, JSON or a PDF report.",
        discussion: """
            The same figures as catalog count review: a row per line counted, then one per variation in \
            scope not counted. CSV is RFC 4180 UTF-8 with a header row (--excel: a byte-order mark, ; between \
            fields, formula-safe cells); JSON is what count review --json prints; PDF is a printed report (a \
            section per category, what was not counted, the totals), drawn like the purchase list. A file is \
            written in full \
            under a temporary name and then renamed.
            Columns: \(CountOutput.exportColumns.joined(separator: ", ")).
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Option(help: ArgumentHelp("csv (default), json or pdf.", valueName: "format"))
    var format = "csv"

    @Option(
        help: ArgumentHelp(
            "PDF paper: letter or a4 (default: reorder.paper in the config, else letter).", valueName: "paper"))
    var paper: String?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The file to write; - or none for standard output."))
    var outputFile: String?

    @Flag(help: "CSV for Excel: a UTF-8 byte-order mark, ; between fields, formula-safe cells.")
    var excel = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        guard ["csv", "json", "pdf"].contains(format.lowercased()) else {
            throw AppError("--format \(format) is not known: use csv, json or pdf.", exitCode: .usage)
        }
        if format.lowercased() == "pdf", outputFile == nil || outputFile == "-", output.columns != nil {
            throw AppError(
                "A PDF is not for the terminal: give --output FILE.pdf (or pipe it somewhere).", exitCode: .usage)
        }
        try OutputFile.refuseOverwriting(
            outputFile.map(context.path), option: "--output", inputs: context.settings.keptFiles)
        let workflow = try CountWorkflow(context: context)
        let review = try await workflow.review(try await workflow.session(which.session, location: which.location))
        let bytes = try CountOutput.export(
            review, format: format, paper: paper ?? context.settings.reorder.paper, excel: excel,
            at: context.clock.now())
        if let outputFile, outputFile != "-" {
            try OutputFile.replace(context.path(outputFile), with: bytes)
            output.error(
                "Wrote count \(review.session.id) (\(review.counted.count) counted, "
                    + "\(review.notCounted.count) not counted) to \(outputFile).")
        } else {
            output.write(bytes)
        }
    }
}
