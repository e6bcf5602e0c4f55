import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

extension ImportCommand {
    /// `catalog import prices FILE`: set prices from a CSV file.
    struct Prices: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "prices",
            abstract: "Set prices in Square from a CSV file (a dry run unless --apply).",
            discussion: """
                FILE is CSV as spreadsheets save it: `,` or `;` between fields (detected from the first line), \
                fields in double quotes when they hold separators, quotes or line breaks, UTF-8 with or without \
                a byte order mark. One column names the variation by barcode (UPC/EAN/GTIN, any spelling), SKU \
                or variation id; another holds the new price, such as 4.99, 4,99, $4.99 or 1.234,50. Columns \
                are found by their headers (code, barcode, upc, ean, gtin, sku, variation id ...; price, new \
                price, retail, sell price, amount ...) or, when the headers say nothing, by what their values \
                look like; --code-column and --price-column name them by header or number from 1.

                Example (supplier.csv):
                  EAN;Bezeichnung;Preis
                  4006381333931;"Stift; blau";4,99

                  catalog import prices supplier.csv                  # what would change
                  catalog import prices supplier.csv --apply --report result.csv

                Each change fetches the variation from Square and changes only its price. Running the same file \
                again changes nothing twice. Exit status: 0 all rows applied or unchanged, 65 the file cannot \
                be read or some rows are unknown or wrong (the good rows are still applied), 75 Square could not \
                be reached for some rows (run the same command again).
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The CSV file of codes and prices.")
        var file: String

        @Flag(help: "Send the changes to Square (without it, only show what would change).")
        var apply = false

        @Option(help: ArgumentHelp("Write the per-row report as CSV to this file, or - for stdout.", valueName: "file"))
        var report: String?

        @Flag(
            help: """
                Write the --report for Excel: a ' before any cell starting with = + - or @, so a spreadsheet \
                never runs a supplier's cell as a formula.
                """)
        var excel = false

        @Option(help: ArgumentHelp("The code column: its header or its number from 1.", valueName: "column"))
        var codeColumn: String?

        @Option(help: ArgumentHelp("The price column: its header or its number from 1.", valueName: "column"))
        var priceColumn: String?

        @Option(help: ArgumentHelp("The currency of the file's prices, such as EUR.", valueName: "code"))
        var currency: String?

        @Option(
            help: ArgumentHelp(
                "Set this location's own prices (name or id) instead of the base prices.", valueName: "name"))
        var location: String?

        @Flag(help: "Print each row as one JSON object per line instead of the table.")
        var json = false

        func validate() throws {
            if let currency, currency.count != 3 || !currency.allSatisfy(\.isLetter) {
                throw ValidationError("--currency takes a three-letter code such as USD or EUR.")
            }
        }

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            try OutputFile.refuseOverwriting(
                report.map(context.path), option: "--report",
                inputs: [OutputFile.Input(path: context.path(file), what: "the price file being imported")]
                    + context.settings.keptFiles)
            if let status = try await perform(PriceImportWorkflow(context: context), output) {
                throw ExitCode(status.rawValue)
            }
        }

        /// Plans the file, applies it when asked, prints and writes the report; returns how it ends.
        func perform(_ workflow: PriceImportWorkflow, _ output: CommandOutput) async throws -> ExitStatus? {
            var place: CounterLocation?
            if let location { place = try await workflow.context.location(location, in: workflow.database) }
            let choices = PriceImportOptions(
                codeColumn: codeColumn.map(ColumnChoice.init), priceColumn: priceColumn.map(ColumnChoice.init),
                currency: currency,
                location: place)
            if apply { _ = try workflow.context.makeClient() }
            let plan = try await workflow.plan(file: workflow.context.path(file), options: choices)
            let toStderr = report == "-"
            let say: (String) -> Void = { line in toStderr ? output.error(line) : output.out(line) }
            if !json { say(Self.columnsLine(plan, file: file)) }
            var rows = plan.rows
            var stopReason: String?
            if apply {
                let result = try await workflow.apply(plan, source: file)
                rows = result.rows
                stopReason = result.stopReason
            }
            if let report {
                let bytes = PriceImportWorkflow.report(rows, separator: plan.separator, excel: excel)
                if report == "-" {
                    output.write(bytes)
                } else {
                    try OutputFile.replace(workflow.context.path(report), with: bytes)
                }
            }
            if json {
                for row in rows where report != "-" { output.out(row.json) }
            } else {
                for line in Self.table(rows, applied: apply) { say(line) }
                say(Self.summary(rows, applied: apply))
            }
            if let stopReason {
                output.error("catalog: \(stopReason)")
                output.error("catalog: rows marked not_sent were not sent; run the same command again to finish.")
            }
            return PriceImportWorkflow.exitStatus(rows, stopped: stopReason != nil)
        }

        static func columnsLine(_ plan: PricePlan, file: String) -> String {
            let columns = plan.columns
            return "\(file): codes from “\(columns.name(of: columns.code))” (by \(columns.codeBasis.rawValue)), "
                + "prices from “\(columns.name(of: columns.price))” (by \(columns.priceBasis.rawValue)), "
                + "\(Terminal.count(plan.rows.count)) rows"
                + (plan.location.map { "; setting \(Terminal.visible($0.name))'s own prices" } ?? "")
        }

        /// The changes (old → new), then unknown codes, then rows with errors, each with its line.
        static func table(_ rows: [PriceImportRow], applied: Bool) -> [String] {
            var lines: [String] = []
            let changed = rows.filter { $0.status == (applied ? .updated : .change) }
            if !changed.isEmpty {
                lines.append(applied ? "Updated:" : "Would change:")
                let names = changed.map { ($0.itemName ?? "") + ($0.variationName.map { " — \($0)" } ?? "") }
                let width = min(50, names.map(\.count).max() ?? 0)
                for (row, name) in zip(changed, names) {
                    let shown = name.count > width ? String(name.prefix(width - 1)) + "…" : name
                    let flag = row.archived ? "  (archived)" : ""
                    lines.append(
                        "  line \(Terminal.column(String(row.line), 5)) "
                            + Terminal.column(shown, width) + "  "
                            + "\(row.oldPrice?.formatted ?? "variable") → \(row.newPrice?.formatted ?? "?")\(flag)")
                    // A new base price that a location's own price hides there (the planner's note).
                    if let note = row.message.range(of: "The new base price") {
                        lines.append("             " + row.message[note.lowerBound...])
                    }
                }
            }
            let problems: [(String, [PriceImportStatus])] = [
                ("Unknown codes:", [.unknown]), ("Rows with errors:", [.error, .ambiguous]), ("Not sent:", [.notSent]),
            ]
            for (title, statuses) in problems {
                let matching = rows.filter { statuses.contains($0.status) }
                guard !matching.isEmpty else { continue }
                lines.append(title)
                for row in matching {
                    lines.append("  line \(row.line): \(row.code.isEmpty ? "(no code)" : row.code): \(row.message)")
                }
            }
            return lines
        }

        static func summary(_ rows: [PriceImportRow], applied: Bool) -> String {
            let counts = PriceImportRow.counts(rows)
            let order: [(PriceImportStatus, String)] = [
                (.change, "to change"), (.updated, "updated"), (.unchanged, "unchanged"), (.duplicate, "duplicate"),
                (.unknown, "unknown"), (.ambiguous, "ambiguous"), (.error, "with errors"), (.notSent, "not sent"),
            ]
            let parts = order.compactMap { status, label in
                counts[status].map { "\(Terminal.count($0)) \(label)" }
            }
            var line =
                "\(Terminal.count(rows.count)) rows: "
                + (parts.isEmpty ? "nothing to do" : parts.joined(separator: ", "))
            if !applied, counts[.change, default: 0] > 0 {
                line += ". Run again with --apply to send the changes to Square."
            }
            return line + (line.hasSuffix(".") ? "" : ".")
        }
    }
}
