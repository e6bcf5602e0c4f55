import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog codes assign`: in-store EAN-13s for variations with no barcode, written to Square.
struct CodesAssignCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Give variations without a barcode an in-store EAN-13 (a dry run unless --apply).",
        discussion: """
            Loose goods, own-made goods and books without an ISBN often have only a SKU, and a long SKU makes \
            a Code 128 too wide for a small shelf tag. This gives each selected variation that has no barcode \
            an EAN-13 in GS1's restricted-circulation range (numbers a shop may use in its own store): the \
            prefix (default 20, or codes.prefix in the config; never a prefix the shop's scale uses), a \
            ten-digit number no stored barcode has, and the check digit. Variations that already have a \
            barcode are left alone.

            Without --apply it only lists what it would do. With --apply each code is written to the \
            variation's UPC field in Square through the same fetch-before-update as catalog edit --gtin, with \
            a history row; when Square cannot be reached the edits wait in the outbox (exit 75) and the next \
            catalog sync sends them. Then the shelf tag, the counter's scanner and Square's point of sale all \
            read the same code.

            Examples:
              catalog codes assign --missing
              catalog codes assign --category "Loose Tea" --apply
              catalog codes assign TR-TTE-78816-1KG --apply --json
            """
    )

    @OptionGroup var options: GlobalOptions

    @OptionGroup var which: VariationCodeOptions

    @Flag(help: "Every variation in the catalog that has no barcode.")
    var missing = false

    @Option(help: ArgumentHelp("The two digits (20 to 29) the codes start with; default codes.prefix, else 20."))
    var prefix: String?

    @Flag(help: "Write the codes to Square (without it, only list them).")
    var apply = false

    @Flag(help: "Print one JSON object per variation.")
    var json = false

    func validate() throws {
        guard !which.isEmpty || missing else {
            throw ValidationError("Say which variations: give codes, --category or --missing.")
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let assignment = try CodeAssignment(context: context, prefix: prefix)
        var selected: [VariationSummary] = []
        if !which.isEmpty {
            // The same selection labels use: each code as catalog show finds it, each category's variations.
            selected = try await LabelSelection(codes: which.codes, categories: which.categories).variations(
                context: context, at: nil)
        }
        var weighed = 0
        if missing {
            // Goods sold by weight get the scale's codes, never an in-store one.
            let split = try await assignment.missing()
            selected += split.kept
            weighed = split.soldByWeight.count
            if weighed > 0, !json {
                output.note(
                    "\(weighed) variation\(weighed == 1 ? " is" : "s are") sold by weight and left out: the "
                        + "scale prints their codes.")
            }
        }
        let planned = try await assignment.plan(selected)
        let skipped = Set(selected.filter { $0.gtin != nil }.map(\.variationID)).count
        guard !planned.isEmpty else {
            output.out("Every variation selected already has a barcode; nothing to do.")
            return
        }
        guard apply else {
            for entry in planned {
                if json {
                    output.out(Self.json(entry, status: "planned"))
                } else {
                    output.out(Self.line(entry))
                }
            }
            if !json {
                output.out(
                    "\(planned.count) variation\(planned.count == 1 ? "" : "s") would get an in-store EAN-13"
                        + (skipped > 0 ? " (\(skipped) already have a barcode)" : "")
                        + ". Nothing was written: run again with --apply to write them to Square.")
            }
            return
        }
        var queued = 0
        var failed = 0
        for (entry, result) in try await assignment.apply(planned) {
            switch result {
            case .success(let outcome):
                if outcome.queued { queued += 1 }
                let status = outcome.queued ? "queued" : "written"
                if json {
                    output.out(Self.json(entry, status: status))
                } else {
                    output.out(Self.line(entry) + (outcome.queued ? "  (waiting in the outbox)" : "  written"))
                }
            case .failure(let error):
                failed += 1
                if json {
                    var object = Self.json(entry, status: "failed")
                    object["error"] = .string(error.description)
                    output.out(object)
                } else {
                    output.error("\(entry.variation.label): \(error.description)")
                }
            }
        }
        if failed > 0 {
            throw AppError(
                "\(failed) of \(planned.count) codes could not be written (see above); the others were.",
                exitCode: .dataError)
        }
        if queued > 0 {
            throw AppError(
                "\(queued) code\(queued == 1 ? "" : "s") could not reach Square and wait in the outbox; the next "
                    + "catalog sync sends them.", exitCode: .tryLater)
        }
    }

    static func line(_ entry: CodeAssignment.Planned) -> String {
        let sku = entry.variation.sku.map { "  SKU \(Terminal.visible($0))" } ?? ""
        return "\(Terminal.visible(entry.variation.label))\(sku)  -> \(entry.code)"
    }

    static func json(_ entry: CodeAssignment.Planned, status: String) -> JSONValue {
        var object = entry.variation.json
        object["code"] = .string(entry.code)
        object["status"] = .string(status)
        return object
    }
}
