import ArgumentParser
import CatalogApp
import CommandSupport
import Store

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
            try SynonymsCommand.checkWord(word)
            let values = synonyms.filter { !CatalogDatabase.synonymKey($0).isEmpty }
            guard !values.isEmpty else {
                throw AppError(
                    "Give at least one synonym with a letter or digit in it.", exitCode: .usage)
            }
            let database = try context.openDatabase()
            let added = try await database.addSynonyms(word: word, synonyms: values)
            let key = CatalogDatabase.synonymKey(word)
            output.out(
                "\(key): \(values.map(CatalogDatabase.synonymKey).joined(separator: ", "))"
                    + (added == 0 ? " (already known)" : ""))
        }
    }
}
