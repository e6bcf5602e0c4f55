import ArgumentParser
import CatalogApp
import CommandSupport

/// Which count a command acts on: --session, else the one open at the counter's location.
struct CountSessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The count's location (name or id); default the counter's.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("The count to act on, when several are open (see catalog count list).", valueName: "id"))
    var session: Int64?
}
