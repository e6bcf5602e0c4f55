import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Printing

/// `catalog printers`: the CUPS destinations, their state and media.
struct PrintersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "printers",
        abstract: "List the CUPS printers with their state and the media they take.",
        discussion: "CUPS_SERVER selects another CUPS server (host:port), as for lpstat.")

    @Flag(help: "Print one JSON object per printer.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let printers = try await PrintDestinations.list()
            if json {
                for printer in printers { Terminal.out(Self.json(printer)) }
                return
            }
            guard !printers.isEmpty else {
                Terminal.out("CUPS has no printers. Add one with lpadmin or the CUPS web page (http://localhost:631).")
                return
            }
            for printer in printers { Terminal.out(Self.text(printer)) }
        }
    }

    static func text(_ printer: PrintDestination) -> String {
        var head = printer.name + (printer.isDefault ? " (default)" : "")
        head += ": \(printer.state.rawValue)"
        if !printer.isAcceptingJobs { head += ", NOT accepting jobs" }
        if let message = printer.stateMessage, !message.isEmpty { head += " — \(message)" }
        var lines = [head]
        if let model = printer.makeAndModel { lines.append("  model  \(model)") }
        if let uri = printer.deviceURI { lines.append("  device \(uri)") }
        if printer.isRaw { lines.append("  raw queue: labels are sent as ZPL") }
        let media = printer.media.prefix(8).map(\.description).joined(separator: ", ")
        if !media.isEmpty { lines.append("  media  " + media + (printer.media.count > 8 ? ", …" : "")) }
        return lines.joined(separator: "\n")
    }

    static func json(_ printer: PrintDestination) -> JSONValue {
        [
            "name": .string(printer.name), "default": .bool(printer.isDefault),
            "state": .string(printer.state.rawValue),
            "accepting_jobs": .bool(printer.isAcceptingJobs),
            "state_reasons": .array(printer.stateReasons.map(JSONValue.string)),
            "state_message": printer.stateMessage.map(JSONValue.string) ?? .null,
            "make_and_model": printer.makeAndModel.map(JSONValue.string) ?? .null,
            "device_uri": printer.deviceURI.map(JSONValue.string) ?? .null, "raw": .bool(printer.isRaw),
            "media": .array(
                printer.media.map {
                    [
                        "name": .string($0.name), "width_points": .number(String(format: "%.2f", $0.width)),
                        "height_points": .number(String(format: "%.2f", $0.height)),
                    ]
                }),
        ]
    }
}
