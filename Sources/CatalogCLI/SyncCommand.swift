import ArgumentParser
import CatalogApp
import CatalogCore
import SquareAPI
import Store
import Sync

/// `catalog sync`: bring the local database up to date with Square.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the local catalog up to date with Square.",
        discussion: """
            The first sync fetches everything; later ones fetch only what changed since the last one, \
            deletions included. An interrupted sync (killed, network gone) resumes where it stopped \
            on the next run. Progress goes to stderr on a terminal; the summary goes to stdout.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Fetch the whole catalog again and drop local objects Square no longer has.")
    var full = false

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let engine = SyncEngine(database: try settings.openDatabase(), client: try settings.makeClient())
            try await Self.sendOutbox(engine, counter: settings.counter)
            let summary = try await Self.sync(engine, full: full)
            if json { Terminal.out(Self.json(summary)) } else { Terminal.out(Self.line(summary)) }
        }
    }

    /// Sends the edits waiting in the outbox before pulling, so the pull brings back what they wrote.
    static func sendOutbox(_ engine: SyncEngine, counter: String) async throws {
        let editor = Editor(database: engine.database, client: engine.client, counter: counter)
        guard try await !engine.database.outboxEntries(statuses: [.pending]).isEmpty else { return }
        Terminal.error(OutboxSendCommand.line(try await editor.sendOutbox()))
    }

    /// Runs the sync with a progress line on a terminal.
    static func sync(_ engine: SyncEngine, full: Bool) async throws -> SyncSummary {
        defer { Terminal.clearStatus() }
        return try await engine.run(full: full) { progress in
            Terminal.status(
                "syncing (\(progress.kind.rawValue)): \(Terminal.count(progress.fetched)) objects, "
                    + "\(Terminal.count(progress.changed)) changed, \(Terminal.count(progress.deleted)) deleted, "
                    + "page \(progress.pages)")
        }
    }

    static func line(_ summary: SyncSummary) -> String {
        let rate = summary.rate >= 1 ? ", \(Terminal.count(Int(summary.rate))) objects/s" : ""
        return "synced (\(summary.kind.rawValue)\(summary.resumed ? ", resumed" : "")): "
            + "\(Terminal.count(summary.fetched)) fetched, \(Terminal.count(summary.changed)) changed, "
            + "\(Terminal.count(summary.deleted)) deleted, \(summary.locations) locations in "
            + String(format: "%.2fs", summary.elapsed) + rate
    }

    static func json(_ summary: SyncSummary) -> JSONValue {
        [
            "kind": .string(summary.kind.rawValue),
            "resumed": .bool(summary.resumed),
            "pages": .int(summary.pages),
            "fetched": .int(summary.fetched),
            "changed": .int(summary.changed),
            "deleted": .int(summary.deleted),
            "locations": .int(summary.locations),
            "elapsed_seconds": .number(String(format: "%.3f", summary.elapsed)),
            "latest_time": summary.latestTime.map(JSONValue.string) ?? .null,
        ]
    }
}
