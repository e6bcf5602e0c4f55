import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog audit check`.
struct AuditCheckCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check items' tags in the open audit: tag OK, or wrong with a new tag queued.",
        discussion: "Exits 1 when a tag was wrong or none is on record, so a script can tell.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Barcodes, SKUs or variation ids of the items on the shelf.")
    var codes: [String]

    @Option(help: ArgumentHelp("The audit's number, when several are open.", valueName: "id"))
    var audit: String?

    @Flag(help: "Print one JSON object per item.")
    var json = false

    func validate() throws {
        if codes.isEmpty { throw ValidationError("Give the code of at least one item on the shelf.") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let audits = try ShelfAudits(context: context)
        let open = try await audits.audit(audit)
        guard open.status == .open else {
            throw AppError(
                "Shelf audit \(open.id ?? 0) is \(open.status.rawValue); start a new one.", exitCode: .dataError)
        }
        let place = try await audits.report(open).location
        var wrong = 0
        for code in codes {
            let checked = try await audits.check(code: code, in: open, place: place)
            let found = checked.variation
            if checked.needsLook { wrong += 1 }
            if json {
                output.out([
                    "code": .string(code), "variation_id": .string(found.variationID), "label": .string(found.label),
                    "verdict": .string(checked.check.verdict.rawValue), "headline": .string(checked.headline),
                    "detail": .string(checked.detail), "stray": .bool(checked.stray),
                    "label_job": checked.check.labelJobID.map(JSONValue.int) ?? .null,
                ])
            } else {
                output.out("\(checked.headline.uppercased())  \(Terminal.visible(found.label))  \(checked.detail)")
            }
        }
        if wrong > 0 {
            throw AppError(
                "\(wrong) of \(codes.count) tag\(codes.count == 1 ? "" : "s") need\(wrong == 1 ? "s" : "") a look (above).",
                exitCode: .notFound)
        }
    }
}
