import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog codes`: barcodes the shop gives its own goods.
struct CodesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: "Give variations without a barcode an in-store EAN-13.",
        subcommands: [CodesAssignCommand.self]
    )
}
