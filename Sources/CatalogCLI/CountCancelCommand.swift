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
        let database = try context.openDatabase()
        let session = try await CountWorkflow(context: context, database: database).openSession(
            which.session, location: which.location)
        guard try await database.cancelCountSession(session.id) else {
            throw AppError("Count \(session.id) was closed meanwhile.", exitCode: .dataError)
        }
        output.out("Count \(session.id) (\(Terminal.visible(session.name))) is cancelled; nothing was posted.")
    }
}
