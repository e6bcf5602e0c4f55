import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count area counted NAME`.
struct CountAreaCountedCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "counted", abstract: "Say an area is counted: a manager looks at it next.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Argument(help: ArgumentHelp("The area, as catalog count areas names it.", valueName: "area"))
    var area: String

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.openSession(which.session, location: which.location)
        let counted = try await workflow.finish(try await workflow.area(named: area, in: session), in: session)
        output.out("\(Terminal.visible(counted.name)) is counted.")
    }
}
