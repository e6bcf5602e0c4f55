import CatalogCore
import Foundation
import Store
import Sync

/// Bringing the local catalog up to date: the outbox is sent first, so the pull brings back what it
/// wrote. Every front end that syncs (the command, the webhook listener, the demo) uses this.
public struct SyncWorkflow: Sendable {
    public let context: AppContext
    public let engine: SyncEngine

    /// The workflow over the context's database and Square client.
    public init(context: AppContext) throws {
        self.context = context
        self.engine = SyncEngine(database: try context.openDatabase(), client: try context.makeClient())
    }

    /// Why `context` cannot sync (making its Square client failed with `error`), as its front end says it:
    /// the setting to fix at a shell; on the hub, who to ask.
    public static func unavailable(_ error: any Error, context: AppContext) -> String {
        switch context.frontEnd {
        case .commandLine:
            return AppError.from(error).description
        case .hub:
            return context.settings.accessToken == nil
                ? "Syncing with Square is not set up: the hub has no Square access token; "
                    + "\(FrontEnd.ask("give it one"))."
                : "Syncing with Square is not set up: the hub's Square settings are wrong; "
                    + "\(FrontEnd.ask("check them"))."
        }
    }

    /// Sends the edits waiting in the outbox; answers what that did, nil when none were waiting.
    public func sendOutbox() async throws -> OutboxReplaySummary? {
        guard try await !engine.database.outboxEntries(statuses: [.pending]).isEmpty else { return nil }
        return try await sendOutboxNow()
    }

    /// Sends the edits waiting in the outbox, also when none are (then nothing is applied): what
    /// `catalog outbox send` does.
    public func sendOutboxNow() async throws -> OutboxReplaySummary {
        let editor = Editor(
            database: engine.database, client: engine.client, counter: context.counter, sender: context.sender)
        return try await editor.sendOutbox()
    }

    /// Pulls Square's changes (everything again with `full`), the context's progress hearing each page.
    public func pull(full: Bool = false) async throws -> SyncSummary {
        let progress = context.progress
        let summary: SyncSummary
        do {
            defer { progress.clearStatus() }
            summary = try await engine.run(
                full: full,
                waiting: { holder in
                    progress.note(
                        "waiting for another sync of this database to end"
                            + (holder.map { " (process \($0))" } ?? "") + " before this one starts")
                }
            ) { state in progress.status(Self.status(state)) }
        }
        try await reportUnreadableRules()
        return summary
    }

    /// The sync-state key that remembers which unreadable pricing rules were already reported.
    static let unreadableRulesKey = "pricing_rules_reported_unreadable"

    /// Says once, after the sync that brought it, that a pricing rule is left off prices and tags because
    /// its time period cannot be read or an object it names is held back or missing; says nothing again
    /// until the list changes.
    func reportUnreadableRules() async throws {
        let database = engine.database
        let unreadable = try await database.pricingCatalog().unreadableRules
        let reported = Set(
            (try await database.syncState()[Self.unreadableRulesKey] ?? "").split(separator: "\n").map(String.init))
        for rule in unreadable where !reported.contains(rule) {
            let names = rule.contains(" is held back (") || rule.contains(" is not in the catalog")
            context.progress.note(
                "pricing rule \(rule): it cannot be used, so it is left off prices and tags; "
                    + (names
                        ? "fix what it names in Square to have it shown."
                        : "give it a weekly or one-off time period in Square to have it shown."))
        }
        if Set(unreadable) != reported {
            try await database.updateSyncState([
                Self.unreadableRulesKey: unreadable.isEmpty ? nil : unreadable.joined(separator: "\n")
            ])
        }
    }

    /// The outbox, then a pull; `report` hears the outbox's line when edits were waiting.
    public func run(full: Bool = false, report: (String) -> Void) async throws -> SyncSummary {
        if let sent = try await sendOutbox() { report(Self.line(sent, frontEnd: context.frontEnd)) }
        return try await pull(full: full)
    }

    /// The progress line for a sync under way.
    public static func status(_ progress: SyncProgress) -> String {
        "syncing (\(progress.kind.rawValue)): \(Terminal.count(progress.fetched)) objects, "
            + "\(Terminal.count(progress.changed)) changed, \(Terminal.count(progress.deleted)) deleted, "
            + (progress.indexing ? "building the search index" : "page \(progress.pages)")
    }

    /// What sending the outbox did, in one line, in `frontEnd`'s words.
    public static func line(_ summary: OutboxReplaySummary, frontEnd: FrontEnd = .commandLine) -> String {
        var parts = ["\(summary.applied) applied"]
        if summary.conflicts > 0 { parts.append("\(summary.conflicts) conflict(s) to decide (\(frontEnd.outbox))") }
        if summary.failed > 0 { parts.append("\(summary.failed) failed (\(frontEnd.outbox))") }
        return "outbox: " + parts.joined(separator: ", ")
    }

    /// What a sync did, in one line.
    public static func line(_ summary: SyncSummary) -> String {
        let rate = summary.rate >= 1 ? ", \(Terminal.count(Int(summary.rate))) objects/s" : ""
        let held = summary.problems.isEmpty ? "" : "\(Terminal.count(summary.problems.count)) held back, "
        let cleared = summary.cleared > 0 ? "\(Terminal.count(summary.cleared)) stored after being held back, " : ""
        return "synced (\(summary.kind.rawValue)\(summary.resumed ? ", resumed" : "")): "
            + "\(Terminal.count(summary.fetched)) fetched, \(Terminal.count(summary.changed)) changed, " + held
            + cleared
            + "\(Terminal.count(summary.deleted)) deleted, \(summary.locations) locations in "
            + String(format: "%.2fs", summary.elapsed) + rate
    }

    /// What a person reads about the objects held back, nil when there are none.
    public static func problemsLine(_ summary: SyncSummary) -> String? {
        let problems = summary.problems
        guard !problems.isEmpty else { return nil }
        let roots = problems.filter { $0.waitsFor == nil }
        let waiting = problems.count - roots.count
        let named = roots.prefix(5).map { "\(Terminal.visible($0.label)) (\(Terminal.visible($0.reason)))" }.joined(
            separator: "; ")
        return "\(Terminal.count(roots.count)) object\(roots.count == 1 ? "" : "s") could not be stored: \(named)"
            + (roots.count > 5 ? "; …" : "")
            + (waiting > 0
                ? ", and \(Terminal.count(waiting)) wait\(waiting == 1 ? "s" : "") for \(roots.count == 1 ? "it" : "them")"
                : "")
            + ". Everything else is stored; the counter keeps the last good copy of these and says so. Fix them in "
            + "Square: every sync tries again (catalog sync --problems lists them)."
    }

    /// What a sync did, for scripts.
    public static func json(_ summary: SyncSummary) -> JSONValue {
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
            "problems": .array(summary.problems.map(\.summaryJSON)),
            "cleared": .int(summary.cleared),
        ]
    }
}
