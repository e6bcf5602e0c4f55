import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog history [CODE]`: every write this tool made to Square.
struct HistoryCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract:
            "Show the changes this tool wrote to Square: when, from which counter (and which paired device and staff "
            + "member, at the hub), old and new values.",
        discussion: """
            Every create, edit, imported price and outbox resolution is kept, newest first, with the \
            version it produced. Nothing in the history is ever changed or deleted. CODE (a barcode, \
            SKU or id) limits it to one variation and its item.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Only this variation and its item (barcode, SKU or id).")
    var code: String?

    @Option(help: ArgumentHelp("Only changes from this day or time on (YYYY-MM-DD or RFC 3339).", valueName: "date"))
    var since: String?

    @Option(help: "At most this many rows.")
    var limit = 200

    @Flag(help: "Print one JSON object per change.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
        if let since, Timestamp.start(of: since) == nil {
            throw ValidationError(
                "--since “\(Terminal.echo(since))” is not a date like 2026-11-23 or a time like 2026-11-23T09:00:00Z.")
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let entries = try await WriteHistory.entries(code: code, since: since, limit: limit, context: context)
        let devices =
            entries.contains { $0.deviceID != nil } ? try await WriteHistory.deviceNames(context: context) : [:]
        if json {
            for entry in entries { output.out(WriteHistory.json(entry, devices: devices)) }
        } else if entries.isEmpty {
            output.out("No changes written by this tool" + (code.map { " for \($0)" } ?? "") + ".")
        } else {
            let places = try await EditFieldName.locationNames(context: context)
            for entry in entries { output.out(Self.text(entry, devices: devices, places: places)) }
        }
    }

    /// One change as a line; `devices` names the paired devices by id, `places` the locations.
    static func text(_ entry: HistoryEntry, devices: [Int64: String] = [:], places: [String: String] = [:]) -> String {
        let field = EditFieldName.display(entry.field, locationNames: places)
        let value = { (value: JSONValue?) in Terminal.visible(EditFieldName.show(entry.field, value)) }
        var line =
            "\(entry.at)  \(Terminal.visible(entry.counter))  \(entry.action.rawValue)  \(entry.objectType) \(entry.objectID)  "
        line += "\(field): \(value(entry.oldValue)) → \(value(entry.newValue))"
        if let version = entry.version { line += "  v\(version)" }
        if let source = entry.source { line += "  (\(source))" }
        // Who asked at the hub: "by Sam on Till 2".
        let who = [
            entry.staff.map { "by \(Terminal.visible($0))" },
            entry.deviceID.map { "on \(Terminal.visible(devices[$0] ?? "device \($0)"))" },
        ].compactMap { $0 }
        if !who.isEmpty { line += "  " + who.joined(separator: " ") }
        return line
    }
}
