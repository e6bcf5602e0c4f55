import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog printers unroute`: take a route away.
struct PrintersUnrouteCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "unroute",
        abstract: "Remove the route for exactly this template, counter and location.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var route: PrinterRouteOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let locationID = try await route.locationID(context: context)
        let removed = try await LabelQueue(context: context).unroute(
            template: route.template, counter: route.counter, locationID: locationID)
        let what = PrintersRoutesCommand.words(
            PrinterRoute(template: route.template, counter: route.counter, locationID: locationID, printer: ""))
        guard removed else {
            throw AppError(
                "There is no route for labels \(what); catalog printers routes lists them.", exitCode: .notFound)
        }
        output.out("Labels \(what) no longer have a printer of their own.")
    }
}
