import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog reindex`: rebuild the search index from the local catalog.
struct ReindexCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: "Rebuild the search index from the local catalog.",
        discussion: """
            Sync and edits keep the index up to date by themselves, in the same transaction as the change. \
            Rebuild it if searches look wrong, or after upgrading catalog. The rebuild is one transaction: \
            searches keep answering from the old index until it is done, and an interrupted rebuild \
            changes nothing.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    /// The rebuild reads the catalog on a reading connection while the writing one stores the index.
    var connections: DatabaseConnections { .pool }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let summary = try await SearchIndexRebuild.run(context: context)
        if json {
            let value: JSONValue = [
                "items": .int(summary.items), "vocabulary": .int(summary.vocabulary),
                "elapsed_seconds": .number(String(format: "%.3f", summary.elapsed)),
            ]
            output.out(value)
        } else {
            output.out(
                "reindexed \(Terminal.count(summary.items)) items (\(Terminal.count(summary.vocabulary)) words) in "
                    + String(format: "%.2fs", summary.elapsed))
        }
    }
}
