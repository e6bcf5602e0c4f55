import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog printers routes`: the printer routes.
struct PrintersRoutesCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes", abstract: "List where each template's, counter's and location's labels print.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the routes as one JSON array.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let routes = try await LabelQueue(context: context).routes()
        if json { return output.out(.array(routes.map(\.json))) }
        if routes.isEmpty {
            return output.error(
                "No printer routes: labels print on labels.printer, else the CUPS default. "
                    + "Add one with catalog printers route PRINTER --template NAME.")
        }
        for route in routes { output.out("Labels \(Self.words(route)) → \(route.printer)") }
    }

    /// "for template shelf-2x1 at counter till-2": what a route is for.
    static func words(_ route: PrinterRoute) -> String {
        var parts: [String] = []
        if let template = route.template { parts.append("of template \(Terminal.visible(template))") }
        if let counter = route.counter { parts.append("from counter \(Terminal.visible(counter))") }
        if let location = route.locationID { parts.append("for location \(location)") }
        return parts.joined(separator: " ")
    }
}
