import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count add CODE [--qty N] [--set]`.
struct CountAddCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Count a variation by hand: add to its count, or set it (--set).")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Argument(help: "A barcode, SKU or variation id.")
    var code: String

    @Option(
        name: .customLong("qty"),
        help: ArgumentHelp(
            "How many (a negative number, as --qty=-2, takes a miscount back). Goods sold by weight or another "
                + "unit of measure take decimals: --qty 1.250.", valueName: "n"))
    var quantity = "1"

    @Flag(name: .customLong("set"), help: "Set the count to --qty instead of adding (a correction).")
    var replacing = false

    @Flag(help: "Print the line as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.openSession(which.session, location: which.location)
        guard let amount = Quantity.parse(quantity) else {
            throw AppError(
                "--qty \(Terminal.echo(quantity)) is not a number: give a whole number such as 12, or a weight "
                    + "with a point and up to five decimals such as 1.250.", exitCode: .usage)
        }
        let counted = try await workflow.count(code, quantity: amount, replacing: replacing, in: session)
        if json {
            var object = CountOutput.json(counted.line, variation: counted.variation, hidingExpected: session.blind)
            object["session_lines"] = .int(counted.totals.lines)
            object["session_units"] = .number(Quantity.text(counted.totals.units))
            output.out(object)
        } else {
            output.out(CountOutput.text(counted) + (counted.area.map { "  [\(Terminal.visible($0.name))]" } ?? ""))
            if let warning = counted.warning { output.error("Look: \(counted.variation.label) is \(warning).") }
        }
    }
}
