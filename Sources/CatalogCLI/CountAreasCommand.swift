import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count areas`.
struct CountAreasCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "areas", abstract: "List a count's areas: each one's state and how far its counting has got.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "Print the areas as a JSON list.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.session(which.session, location: which.location)
        let areas = try await workflow.progress(of: session)
        if json { return output.out(.array(areas.map(\.json))) }
        guard !areas.isEmpty else {
            return output.error("Count \(session.id) (\(Terminal.visible(session.name))) has no areas.")
        }
        output.out("Count \(session.id): \(Terminal.visible(session.name))\(session.blind ? " (blind)" : "")")
        for progress in areas {
            let area = progress.area
            let round = area.round > 1 ? ", round \(area.round)" : ""
            output.out(
                "  \(Terminal.visible(area.name))  \(CountWorkflow.words(area.status).uppercased())\(round)  "
                    + "\(Terminal.count(progress.counted)) of \(Terminal.count(progress.size)) counted, "
                    + "\(Terminal.quantity(progress.units)) units  (\(area.changedBy))")
        }
    }
}
