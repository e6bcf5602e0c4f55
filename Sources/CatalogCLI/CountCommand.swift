import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count ...`: stock counts with the scanner and by hand.
struct CountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count stock: open a count at a location, count into it by scanning or typing.",
        discussion: """
            A count is open at one location until it is posted to Square or cancelled. \
            Its scope is areas (shelves, categories, vendors, a list of codes), everything sold there \
            (--all), or, with none of these, whatever is counted. Each area has its own state: being \
            counted, counted, sent back for a recount, done. Several counters may count into the same count at once; every \
            count adds up. Commands act on the one count open at the counter's location (--location, \
            CATALOG_LOCATION or location: in the config); --session ID chooses when several are open.
            Examples:
              catalog count start --location "High Street" --category Snacks --name "Snacks aisle"
              catalog count start --shelf A3 --shelf A4 --blind      (two areas; counters see no expected stock)
              catalog count areas                  (each area's state and progress)
              catalog count area counted A3        (then a manager: count area done A3, or count recount A3)
              catalog count due --days 90          (not counted for 90 days, most valuable first)
              catalog count start --due 50         (a count of the 50 most overdue)
              catalog scan --mode count            (each scan counts one; CATALOG:QTY:12 before a case)
              catalog count add 4006381333931 --qty 12
              catalog count add 4006381333931 --qty 10 --set      (a correction: the count is now 10)
              catalog count show
              catalog count review                 (counted against what Square expects, and the variance)
              catalog count post                   (physical counts to Square, once)
              catalog count export --format csv --output snacks-count.csv
            """,
        subcommands: [
            CountStartCommand.self, CountListCommand.self, CountShowCommand.self, CountAddCommand.self,
            CountAreasCommand.self, CountAreaCommand.self, CountRecountCommand.self, CountDueCommand.self,
            CountReviewCommand.self,
            CountPostCommand.self, CountExportCommand.self, CountCancelCommand.self,
        ]
    )
}
