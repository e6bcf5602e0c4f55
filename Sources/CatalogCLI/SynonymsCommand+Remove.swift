import ArgumentParser
import CatalogApp
import CommandSupport
import Store

extension SynonymsCommand {
    struct Remove: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove WORD's synonyms: the ones named, or all of them.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The word whose synonyms go.")
        var word: String

        @Argument(help: "Only these synonyms (default: all of WORD's).")
        var synonyms: [String] = []

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            try SynonymsCommand.checkWord(word)
            let database = try context.openDatabase()
            let removed = try await database.removeSynonyms(word: word, synonyms: synonyms)
            guard removed > 0 else {
                throw AppError(
                    "“\(Terminal.echo(word))” has no such synonyms; see catalog synonyms list.",
                    exitCode: .notFound)
            }
            output.out(
                "removed \(removed) synonym\(removed == 1 ? "" : "s") of \(CatalogDatabase.synonymKey(word))")
        }
    }
}
