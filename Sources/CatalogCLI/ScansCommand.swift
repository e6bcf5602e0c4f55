import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog scans`: the scan log, or the codes scanned that the catalog does not have.
struct ScansCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "scans",
        abstract: "Show the scan log, newest first; --unknown lists the codes that matched nothing.",
        discussion: """
            An unknown code can become a new item with: catalog item create --from-scan N --name ... --price ...
            (N is the scan's number; LAST is the newest unknown scan).
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Only codes that are not in the catalog.")
    var unknown = false

    @Option(help: "At most this many scans.")
    var limit = 50

    @Flag(help: "Print one JSON object per scan.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let scans = try await ScanLog(context: context).scans(unknownOnly: unknown, limit: limit)
        if json {
            for scan in scans { output.out(Self.json(scan)) }
            return
        }
        guard !scans.isEmpty else {
            output.out(unknown ? "No unknown codes in the scan log." : "The scan log is empty.")
            return
        }
        for scan in scans {
            var line = "#\(scan.id ?? 0)  \(scan.at)  \(Terminal.visible(scan.code))"
            if let symbology = scan.symbology { line += " (\(symbology))" }
            line += scan.variationID.map { "  → \($0)" } ?? "  UNKNOWN"
            if let mode = scan.mode {
                line += "  [\(mode)\(scan.action.map { ": \(Terminal.visible($0))" } ?? "")]"
            }
            if let device = scan.device { line += "  \(device)" }
            if let staff = scan.staff { line += "  by \(Terminal.visible(staff))" }
            output.out(line)
        }
    }

    static func json(_ scan: ScanRecord) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "id": scan.id.map(JSONValue.int) ?? .null, "at": .string(scan.at), "code": .string(scan.code),
            "gtin": text(scan.gtin), "symbology": text(scan.symbology), "variation_id": text(scan.variationID),
            "known": .bool(scan.variationID != nil), "mode": text(scan.mode), "action": text(scan.action),
            "device": text(scan.device), "device_id": scan.deviceID.map(JSONValue.int) ?? .null,
            "staff": text(scan.staff),
        ]
    }
}
