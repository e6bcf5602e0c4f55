import ArgumentParser
import CatalogApp
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
