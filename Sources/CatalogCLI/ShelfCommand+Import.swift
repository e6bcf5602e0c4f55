import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension ShelfCommand {
    /// `catalog shelf import FILE`: set many shelf places from a CSV file.
    struct Import: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Set shelf places from a CSV file (a dry run unless --apply).",
            discussion: """
                FILE is CSV as spreadsheets save it (`,` or `;` between fields, UTF-8). One column names the \
                variation by barcode (any spelling), SKU or variation id: found by its header (barcode, ean, \
                sku, code ...) or by what its values look like. Another holds the shelf place, such as A3-2: \
                found by its header (shelf, place, bin, aisle, position ...). --code-column and \
                --shelf-column name them by header or number from 1. A row whose place is empty is left as \
                it is.

                Example (shelves.csv):
                  EAN;Name;Shelf
                  4006381333931;Pen, blue;A3-2

                  catalog shelf import shelves.csv --location "High Street"
                  catalog shelf import shelves.csv --location "High Street" --apply

                The first shows what would change; the second sends it.

                Each change fetches the variation from Square and changes only its place at the location, as \
                catalog shelf set does. Running the same file again changes nothing twice. Exit status: 0 all \
                rows set or unchanged, 65 the file cannot be read or some rows are unknown or wrong (the good \
                rows are still set), 75 Square could not be reached (the first such row waits in the outbox; \
                run the same command again for the rest).
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The CSV file of codes and shelf places.")
        var file: String

        @Flag(help: "Send the changes to Square (without it, only show what would change).")
        var apply = false

        @Option(help: ArgumentHelp("The location (name or id); the counter's own by default.", valueName: "name"))
        var location: String?

        @Option(help: ArgumentHelp("The code column: its header or its number from 1.", valueName: "column"))
        var codeColumn: String?

        @Option(help: ArgumentHelp("The shelf place column: its header or its number from 1.", valueName: "column"))
        var shelfColumn: String?

        @Flag(help: "Print each row as one JSON object per line instead of the table.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            if apply { _ = try context.makeClient() }
            var plan = try await ShelfImport.plan(
                file: context.path(file), codeColumn: codeColumn, placeColumn: shelfColumn, location: location,
                context: context)
            if !json {
                output.out(
                    "\(file): codes from “\(plan.codeColumn)”, places from “\(plan.placeColumn)”, "
                        + "\(Terminal.count(plan.rows.count)) rows; shelves at \(Terminal.visible(plan.location.name))")
            }
            if apply { try await plan.apply(context: context) }
            if json {
                for row in plan.rows { output.out(row.json) }
            } else {
                for line in Self.table(plan.rows, applied: apply) { output.out(line) }
                output.out(Self.summary(plan, applied: apply))
            }
            if let status = plan.exitStatus { throw ExitCode(status.rawValue) }
        }

        /// The changes (old → new), then the rows that need a look, each with its line.
        static func table(_ rows: [ShelfImport.Row], applied: Bool) -> [String] {
            var lines: [String] = []
            let changed = rows.filter { $0.status == (applied ? .updated : .change) }
            if !changed.isEmpty {
                lines.append(applied ? "Set:" : "Would change:")
                let names = changed.map { Terminal.visible($0.variation?.label ?? $0.code) }
                let width = min(50, names.map(\.count).max() ?? 0)
                for (row, name) in zip(changed, names) {
                    let shown = name.count > width ? String(name.prefix(width - 1)) + "…" : name
                    lines.append(
                        "  line \(Terminal.column(String(row.line), 5)) \(Terminal.column(shown, width))  "
                            + "\(row.old.map(Terminal.visible) ?? "no shelf") → \(Terminal.visible(row.new ?? ""))")
                }
            }
            let problems: [(String, [ShelfImport.Status])] = [
                ("Unknown codes:", [.unknown]), ("Rows with errors:", [.error, .ambiguous]),
                ("Waiting for Square:", [.queued, .notSent]),
            ]
            for (title, statuses) in problems {
                let matching = rows.filter { statuses.contains($0.status) }
                guard !matching.isEmpty else { continue }
                lines.append(title)
                for row in matching {
                    let code = row.code.isEmpty ? "(no code)" : Terminal.visible(row.code)
                    lines.append("  line \(row.line): \(code): \(row.message)")
                }
            }
            return lines
        }

        static func summary(_ plan: ShelfImport, applied: Bool) -> String {
            let counts = plan.counts
            let order: [(ShelfImport.Status, String)] = [
                (.change, "to change"), (.updated, "set"), (.unchanged, "unchanged"), (.duplicate, "duplicate"),
                (.blank, "without a place"), (.unknown, "unknown"), (.ambiguous, "ambiguous"),
                (.error, "with errors"), (.queued, "waiting in the outbox"), (.notSent, "not sent"),
            ]
            let parts = order.compactMap { status, label in counts[status].map { "\(Terminal.count($0)) \(label)" } }
            var line =
                "\(Terminal.count(plan.rows.count)) rows: "
                + (parts.isEmpty ? "nothing to do" : parts.joined(separator: ", ")) + "."
            if !applied, counts[.change, default: 0] > 0 {
                line += " Run again with --apply to send the changes to Square."
            }
            return line
        }
    }
}
