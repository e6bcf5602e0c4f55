import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog printers route`: where a template's, a counter's or a location's tags print.
struct PrintersRouteCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Send the labels of a template, a counter or a location to a printer.",
        discussion: """
            A job that names no printer goes to the route that fits it best: one naming more of template, \
            counter and location beats one naming fewer; among routes naming one, a template's beats a \
            counter's, which beats a location's (a template's labels fit only some printers). The hub and \
            every command on this shop's database use the same routes.
            Examples:
              catalog printers route zebra --template shelf-2x1
              catalog printers route office --template sheet-avery-5160
              catalog printers route zebra-back --counter stockroom
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var route: PrinterRouteOptions

    @Argument(help: "The CUPS printer (see catalog printers).")
    var printer: String

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        // A printer CUPS does not have is refused now, not found out at the first print.
        let made = try await LabelQueue(context: context).route(try await route.route(to: printer, context: context))
        output.out("Labels \(PrintersRoutesCommand.words(made)) print on \(made.printer).")
    }
}
