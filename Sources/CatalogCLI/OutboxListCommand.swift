import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

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
        let entries = try await OutboxReview.entries(all: all, context: context)
        if json {
            for entry in entries { output.out(entry.json) }
            return
        }
        guard !entries.isEmpty else {
            output.out("The outbox is empty: every edit has reached Square.")
            return
        }
        let places = try await EditFieldName.locationNames(context: context)
        for entry in entries { output.out(Self.text(entry, places: places)) }
        let waiting = entries.filter { $0.status == .pending }.count
        let conflicts = entries.filter { $0.status == .conflict }.count
        if waiting > 0 { output.out("\(waiting) waiting: catalog sync (or catalog outbox send) sends them.") }
        if conflicts > 0 { output.out("\(conflicts) to decide: catalog outbox resolve N --keep local|remote") }
    }

    /// One entry and its changes; `places` names the locations of a location's own field.
    static func text(_ entry: OutboxEntry, places: [String: String] = [:]) -> String {
        var lines = [
            "#\(entry.id ?? 0)  \(entry.status.rawValue.uppercased())  \(Terminal.visible(entry.label))  (\(entry.createdAt))"
        ]
        for change in entry.changes {
            func show(_ value: JSONValue?) -> String { Terminal.visible(EditFieldName.show(change.field, value)) }
            // Field names are padded to a column, never cut (a location id makes them long).
            var line =
                "    "
                + Terminal.column(Terminal.visible(EditFieldName.display(change.field, locationNames: places)), 14)
                + " "
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
