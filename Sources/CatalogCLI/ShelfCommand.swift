import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog shelf`: where each variation stands in each of the shop's locations.
struct ShelfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "Say where each item stands on the shop's shelves (A3-2: aisle, bay, shelf), per location.",
        discussion: """
            A shelf place is free text of up to 40 characters, such as A3-2 or Aisle 4/Top. Places are kept \
            in Square (a custom attribute of the variation, "Shelf at LOCATION", which the Dashboard shows \
            and edits too), so every counter and Square agree. They are walked in order: letters by the \
            alphabet, numbers by value (A2 comes before A10).
            """,
        subcommands: [Set.self, Import.self, List.self],
        defaultSubcommand: List.self
    )
}
