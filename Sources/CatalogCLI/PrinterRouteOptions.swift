import ArgumentParser
import CatalogApp
import CatalogCore

/// What a printer route is for: a template, a counter, a location, or a mix of them.
struct PrinterRouteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The template whose labels it is for (catalog label templates).", valueName: "name"))
    var template: String?

    @Option(
        help: ArgumentHelp(
            "The counter (computer) whose labels it is for, as CATALOG_COUNTER names it.", valueName: "name"))
    var counter: String?

    @Option(help: ArgumentHelp("The shop location whose labels it is for (name or id).", valueName: "name"))
    var location: String?

    func validate() throws {
        guard template != nil || counter != nil || location != nil else {
            throw ValidationError("Say what the route is for: --template, --counter or --location (or several).")
        }
    }

    /// The route to `printer`, the location given by name resolved to its id.
    func route(to printer: String, context: AppContext) async throws -> PrinterRoute {
        PrinterRoute(
            template: template, counter: counter, locationID: try await locationID(context: context),
            printer: printer)
    }

    func locationID(context: AppContext) async throws -> String? {
        guard let location else { return nil }
        return try await context.location(location)?.id
    }
}
