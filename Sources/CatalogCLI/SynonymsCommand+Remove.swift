import ArgumentParser
import CatalogApp
import CommandSupport

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
            let removed = try await SynonymWorkflow(context: context).remove(word: word, synonyms: synonyms)
            output.out("removed \(removed.count) synonym\(removed.count == 1 ? "" : "s") of \(removed.word)")
        }
    }
}
