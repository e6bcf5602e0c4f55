import ArgumentParser

/// `catalog printers`: the CUPS printers, and where each template's, counter's and location's tags print.
struct PrintersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "printers",
        abstract: "List the printers, and choose where each template's, counter's or location's tags print.",
        discussion: """
            A label job that names no printer goes to the route that fits it best (catalog printers route), \
            else to labels.printer in the config, else to the CUPS default. catalog printers alone lists the \
            printers.
            """,
        subcommands: [
            PrintersListCommand.self, PrintersRouteCommand.self, PrintersRoutesCommand.self,
            PrintersUnrouteCommand.self,
        ],
        defaultSubcommand: PrintersListCommand.self)
}
