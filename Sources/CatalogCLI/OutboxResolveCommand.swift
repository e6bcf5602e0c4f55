import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog outbox resolve N --keep local|remote`.
struct OutboxResolveCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Decide a conflict: keep this counter's values (local) or Square's (remote).")

    enum Side: String, ExpressibleByArgument, CaseIterable {
        case local, remote
    }

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The outbox entry's number.")
    var id: Int64

    @Option(help: "local writes this counter's values over Square's; remote keeps Square's.")
    var keep: Side

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let resolution = try await OutboxReview.resolve(id, keepLocal: keep == .local, context: context)
        if json {
            output.out(resolution.json)
        } else if let entry = resolution.entry {
            output.out(OutboxListCommand.text(entry, places: try await EditFieldName.locationNames(context: context)))
        }
    }
}
