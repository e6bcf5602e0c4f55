import ArgumentParser
import CatalogApp

/// `catalog bench ...`: measure the speed targets on this machine.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure catalog's speed targets on this machine.",
        subcommands: [
            BenchSyncCommand.self, BenchSearchCommand.self, BenchEditCommand.self, BenchLabelsCommand.self,
            BenchScanCommand.self,
            BenchImportCommand.self, BenchReorderCommand.self,
        ]
    )
}
