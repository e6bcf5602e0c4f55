import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog devices pair|list|revoke`: who may use the shop's hub.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Pair, list and revoke the devices that may use the hub (catalog serve).",
        subcommands: [Pair.self, List.self, Revoke.self]
    )
}
