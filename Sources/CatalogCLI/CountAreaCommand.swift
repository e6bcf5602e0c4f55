import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count area ...`: one area's state.
struct CountAreaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "area",
        abstract: "Mark an area of a count counted (whoever counted it) or done (a manager accepts it).",
        discussion: """
            An area is being counted until its counter marks it counted; a manager then accepts it (done: it \
            takes no more counts, and what nobody counted in it is listed, to be posted as zero with catalog \
            count post --zero-uncounted) or sends it back (catalog count recount NAME). Areas are named as \
            catalog count areas lists them ("Shelves A3" or just "A3", a category's or vendor's name).
            """,
        subcommands: [CountAreaCountedCommand.self, CountAreaDoneCommand.self]
    )
}
