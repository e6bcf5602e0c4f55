import ArgumentParser

/// `catalog reorder ...`: the list of what to order, built at the counter and sent to suppliers.
struct ReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Keep the reorder list: add what runs low, order it from each vendor, receive it into Square.",
        discussion: """
            The list lives in the local database, shared safely by the scanner (catalog scan --mode \
            reorder) and these commands. A line is wanted, then ordered (reorder order), then received \
            (reorder receive, which adds the stock in Square); nothing is ever deleted, so reorder \
            history shows what happened. Vendors and unit costs come from each variation's vendor \
            information in Square; lines without one are under "No vendor".
            Examples:
              catalog reorder add 4006381333931 --qty 6
              catalog reorder add "coca cola 330"
              catalog reorder suggest --location "High Street" --apply
              catalog reorder export --format csv --output order.csv --vendor "Acme Supply"
              catalog reorder order --vendor "Acme Supply" --format pdf --output acme.pdf
              catalog reorder receive AC-WDG-0042-L --qty 4
            """,
        subcommands: [
            ReorderAddCommand.self, ReorderListCommand.self, ReorderSetQtyCommand.self, ReorderRemoveCommand.self,
            ReorderClearCommand.self, ReorderSuggestCommand.self, ReorderExportCommand.self,
            ReorderOrderCommand.self, ReorderReceiveCommand.self, ReorderHistoryCommand.self,
        ]
    )
}
