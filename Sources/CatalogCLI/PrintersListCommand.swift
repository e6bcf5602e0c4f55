import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Printing

/// `catalog printers list` (and `catalog printers`): the CUPS destinations, their state and media.
struct PrintersListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the CUPS printers with their state and the media they take.",
        discussion: "CUPS_SERVER selects another CUPS server (host:port), as for lpstat.")

    @Flag(help: "Print one JSON object per printer.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let printers = try await context.printing.destinations()
        if json {
            for printer in printers { output.out(printer.json) }
            return
        }
        guard !printers.isEmpty else {
            output.out("CUPS has no printers. Add one with lpadmin or the CUPS web page (http://localhost:631).")
            return
        }
        for printer in printers { output.out(Self.text(printer)) }
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
}
