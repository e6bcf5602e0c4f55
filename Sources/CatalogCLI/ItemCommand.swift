import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog item ...`: items as a whole; `catalog item create` makes a new one in Square.
struct ItemCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "item",
        abstract: "Create items in Square.",
        subcommands: [Create.self]
    )
}
