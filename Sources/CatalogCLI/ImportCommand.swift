import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog import ...`: bring changes in from files.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring changes into Square from files.",
        subcommands: [Prices.self]
    )
}
