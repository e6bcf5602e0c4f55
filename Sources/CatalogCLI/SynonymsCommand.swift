import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store

/// `catalog synonyms`: the shop's own words for search.
struct SynonymsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synonyms",
        abstract: "Teach search the shop's own words (lrg = large, coke = coca cola).",
        discussion: """
            A synonym works both ways when it is one word: after `catalog synonyms add lrg large`, \
            searching lrg finds large items and searching large finds items named lrg. A synonym of \
            several words (`catalog synonyms add coke "coca cola"`) is found as a phrase. Synonyms take \
            effect at once; no reindex is needed.
            """,
        subcommands: [Add.self, List.self, Remove.self],
        defaultSubcommand: List.self
    )

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

    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the shop's synonyms.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print them as one JSON object: word -> [synonyms].")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let entries = try await context.openDatabase().synonymEntries()
            if json {
                var object = JSONObject()
                for entry in entries { object[entry.word] = .array(entry.synonyms.map(JSONValue.string)) }
                output.out(JSONValue.object(object))
            } else if entries.isEmpty {
                output.error("No synonyms yet. Add one with: catalog synonyms add lrg large")
            } else {
                for entry in entries { output.out("\(entry.word): " + entry.synonyms.joined(separator: ", ")) }
            }
        }
    }

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

    /// A synonym's word must be one searchable word: that is what a search looks up.
    static func checkWord(_ word: String) throws {
        let words = SearchText.words(word)
        guard words.count == 1 else {
            throw AppError(
                words.isEmpty
                    ? "“\(Terminal.echo(word))” has no letter or digit to search by."
                    : "“\(Terminal.echo(word))” is several words; the word must be one word (put phrases on the synonym side).",
                exitCode: .usage)
        }
    }
}
