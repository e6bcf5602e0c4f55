import ArgumentParser
import CatalogApp

/// `catalog-bench ...`: measure catalog's speed targets on this machine.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-bench",
        abstract: "Measure catalog's speed targets on this machine.",
        discussion: """
            Each benchmark starts its own sandbox (a child catalog process with a synthetic shop) and works \
            in a scratch folder it removes afterwards. It runs the catalog binary next to it (or \
            CATALOG_BIN); build both as the package is built (bash scripts/build-release.sh --product \
            catalog, then --product catalog-bench) for figures worth comparing.
            """,
        subcommands: [
            BenchSyncCommand.self, BenchSearchCommand.self, BenchSearchLimitsCommand.self, BenchEditCommand.self,
            BenchLabelsCommand.self,
            BenchScanCommand.self,
            BenchImportCommand.self, BenchPlanCommand.self, BenchReorderCommand.self, BenchServeCommand.self,
            BenchCountCommand.self,
        ]
    )
}
