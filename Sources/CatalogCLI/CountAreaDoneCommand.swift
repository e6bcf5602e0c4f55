import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count area done NAME`.
struct CountAreaDoneCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Accept an area: it takes no more counts, and what nobody counted in it is listed as zero.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Argument(help: ArgumentHelp("The area, as catalog count areas names it.", valueName: "area"))
    var area: String

    @Flag(help: "Print the area and the items proposed as zero as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.openSession(which.session, location: which.location)
        let (done, zeros) = try await workflow.accept(try await workflow.area(named: area, in: session), in: session)
        if json {
            var object = done.json
            object["proposed_zeros"] = .array(zeros.map { CountOutput.variationJSON($0) })
            return output.out(object)
        }
        output.out("\(Terminal.visible(done.name)) is done.")
        guard !zeros.isEmpty else { return output.out("Everything in it was counted.") }
        output.out(
            "Nobody counted \(Terminal.count(zeros.count)) item\(zeros.count == 1 ? "" : "s") in it; "
                + "catalog count post --zero-uncounted posts them as 0:")
        for variation in zeros {
            output.out(
                "  \(Terminal.visible(variation.label))" + (variation.sku.map { "  SKU \(Terminal.visible($0))" } ?? "")
            )
        }
    }
}
