import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store
import Sync

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

/// `catalog outbox list`.
struct OutboxListCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List outbox entries: pending, conflicts and failures, then recent ones.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show every entry, also those applied or resolved long ago.")
    var all = false

    @Flag(help: "Print one JSON object per entry.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let entries = try await OutboxReview.entries(all: all, database: database)
        if json {
            for entry in entries { output.out(entry.json) }
            return
        }
        guard !entries.isEmpty else {
            output.out("The outbox is empty: every edit has reached Square.")
            return
        }
        for entry in entries { output.out(Self.text(entry)) }
        let waiting = entries.filter { $0.status == .pending }.count
        let conflicts = entries.filter { $0.status == .conflict }.count
        if waiting > 0 { output.out("\(waiting) waiting: catalog sync (or catalog outbox send) sends them.") }
        if conflicts > 0 { output.out("\(conflicts) to decide: catalog outbox resolve N --keep local|remote") }
    }

    static func text(_ entry: OutboxEntry) -> String {
        var lines = [
            "#\(entry.id ?? 0)  \(entry.status.rawValue.uppercased())  \(Terminal.visible(entry.label))  (\(entry.createdAt))"
        ]
        for change in entry.changes {
            func show(_ value: JSONValue?) -> String { Terminal.visible(EditFieldName.show(change.field, value)) }
            // Field names are padded to a column, never cut (a location id makes them long).
            var line =
                "    " + Terminal.column(change.field, 14) + " "
            // Stock posted to Square (a receipt, a count) changes a quantity by its own rule: no old value.
            let posting = entry.kind == .inventory || entry.kind == .count
            line += posting && change.old == nil ? show(change.new) : "\(show(change.old)) → \(show(change.new))"
            if let remote = entry.remote?[change.field] {
                line += "   Square now: \(show(remote == .null ? nil : remote))"
            }
            lines.append(line)
        }
        if let reason = entry.reason { lines.append("    " + Terminal.visible(reason)) }
        return lines.joined(separator: "\n")
    }
}

/// `catalog outbox resolve N --keep local|remote`.
struct OutboxResolveCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Decide a conflict: keep this counter's values (local) or Square's (remote).")

    enum Side: String, ExpressibleByArgument, CaseIterable {
        case local, remote
    }

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The outbox entry's number.")
    var id: Int64

    @Option(help: "local writes this counter's values over Square's; remote keeps Square's.")
    var keep: Side

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let resolution = try await OutboxReview.resolve(
            id, keepLocal: keep == .local, context: context, database: try context.openDatabase())
        if json {
            output.out(resolution.json)
        } else if let entry = resolution.entry {
            output.out(OutboxListCommand.text(entry))
        }
    }
}

/// `catalog outbox send`: send what waits, without pulling.
struct OutboxSendCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send the waiting edits to Square now (catalog sync does this too).")

    @OptionGroup var options: GlobalOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let editor = Editor(
            database: try context.openDatabase(), client: try context.makeClient(), counter: context.counter)
        output.out(SyncWorkflow.line(try await editor.sendOutbox()))
    }
}
