import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog count recount`.
struct CountRecountCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "recount",
        abstract: "Send an area, or the lines whose variance is over a threshold, back to be counted again.",
        discussion: """
            The lines sent back are set aside and counted again from nothing; the recount replaces them, and \
            catalog count review shows both counts. With --over and --over-value, the lines whose variance \
            against Square is more than that many units, or worth more than that at cost, either way, become \
            a new area, "Recount 1".
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Argument(help: ArgumentHelp("The area to count again, as catalog count areas names it.", valueName: "area"))
    var area: String?

    @Option(help: ArgumentHelp("Lines whose variance is more than this many units.", valueName: "units"))
    var over: String?

    @Option(help: ArgumentHelp("Lines whose variance is worth more than this at cost (8.50).", valueName: "amount"))
    var overValue: String?

    func validate() throws {
        guard (area == nil) != (over == nil && overValue == nil) else {
            throw ValidationError("Give an area, or --over and/or --over-value, not both.")
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.openSession(which.session, location: which.location)
        if let area {
            let sent = try await workflow.recount(try await workflow.area(named: area, in: session), in: session)
            return output.out("\(Terminal.visible(sent.name)) is sent back: count it again (round \(sent.round)).")
        }
        let units = try over.map { text -> Decimal in
            guard let value = Decimal(string: text), value >= 0 else {
                throw AppError("--over \(Terminal.echo(text)): give a number of units, such as 5.", exitCode: .usage)
            }
            return value
        }
        let review = try await workflow.review(session)
        let value = try overValue.map { try CountWorkflow.amount($0, in: review, option: "--over-value") }
        guard let sent = try await workflow.recount(review, overUnits: units, overValue: value) else {
            return output.out("No line is over that: nothing was sent back.")
        }
        output.out(
            "\(Terminal.count(sent.ids.count)) line\(sent.ids.count == 1 ? " is" : "s are") sent back as "
                + "\(Terminal.visible(sent.name)): count \(sent.ids.count == 1 ? "it" : "them") again.")
    }
}
