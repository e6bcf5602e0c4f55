import ArgumentParser
import CatalogApp
import CommandSupport

extension SynonymsCommand {
    struct Add: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Make WORD also find each SYNONYM.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "One word, as staff type it.")
        var word: String

        @Argument(help: "What it also means: one or more words or phrases.")
        var synonyms: [String]

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let added = try await SynonymWorkflow(context: context).add(word: word, synonyms: synonyms)
            output.out(
                "\(added.word): \(added.synonyms.joined(separator: ", "))" + (added.anyNew ? "" : " (already known)"))
        }
    }
}
