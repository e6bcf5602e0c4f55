import ArgumentParser
import CatalogApp
import CommandSupport

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
}
