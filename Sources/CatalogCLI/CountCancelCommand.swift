import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count cancel`.
struct CountCancelCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel an open count; nothing of it goes to Square.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let counts = try CountWorkflow(context: context)
        let session = try await counts.openSession(which.session, location: which.location)
        try await counts.cancel(session)
        output.out("Count \(session.id) (\(Terminal.visible(session.name))) is cancelled; nothing was posted.")
    }
}
