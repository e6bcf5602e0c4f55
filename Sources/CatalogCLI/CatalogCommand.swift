import ArgumentParser
import CatalogApp

/// `catalog`: the shop's Square catalog at the counter.
@main
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Keep a local copy of the shop's Square catalog and find anything in it at once.",
        discussion: """
            Configuration comes from flags, then the environment (CATALOG_DB, SQUARE_BASE_URL, \
            SQUARE_ACCESS_TOKEN, SQUARE_VERSION), then ~/.config/catalog/config.yaml, then defaults \
            (database at ~/.local/share/catalog/catalog.sqlite, Square production).
            Exit codes: 0 ok, 1 not found, 64 usage, 65 bad data, 66 input file unreadable, 69 Square, \
            CUPS or the scanner unavailable (or the token refused), 70 a fault inside catalog, 73 a file \
            or the database cannot be written, 75 try again later, 78 configuration error.
            """,
        version: BuildVersion.text,
        subcommands: [
            SyncCommand.self, ShowCommand.self, SearchCommand.self, EditCommand.self, OutboxCommand.self,
            HistoryCommand.self, ShelfCommand.self, SynonymsCommand.self, ReindexCommand.self,
            SandboxCommand.self, DemoCommand.self, WebhookCommand.self, BenchMovedCommand.self,
            ItemCommand.self, LabelCommand.self, AuditCommand.self, PrintersCommand.self, ScanCommand.self,
            ScansCommand.self,
            ImportCommand.self, ReorderCommand.self, CountCommand.self, CodesCommand.self, ServeCommand.self,
            DevicesCommand.self, StaffCommand.self, PricesCommand.self,
        ]
    )
}
