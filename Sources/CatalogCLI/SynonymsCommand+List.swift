import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension SynonymsCommand {
    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the shop's synonyms.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print them as one JSON object: word -> [synonyms].")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let entries = try await SynonymWorkflow(context: context).entries()
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
}
