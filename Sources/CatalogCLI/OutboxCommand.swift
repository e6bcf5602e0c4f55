import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog outbox`: edits waiting for Square, and conflicts to decide.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Show edits waiting for Square and conflicts to decide; resolve or send them.",
        discussion: """
            An edit made while Square could not be reached waits here and is sent by the next \
            catalog sync (or catalog outbox send). It is applied only if nobody changed the same \
            fields in Square meanwhile; otherwise it becomes a conflict showing both values, and \
            nothing is written until you decide with catalog outbox resolve N --keep local|remote. \
            Entries are never deleted: each ends applied, resolved or failed with a reason.
            """,
        subcommands: [OutboxListCommand.self, OutboxResolveCommand.self, OutboxSendCommand.self],
        defaultSubcommand: OutboxListCommand.self
    )
}
