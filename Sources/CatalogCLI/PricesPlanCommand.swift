import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog prices plan`.
struct PricesPlanCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Stage the price changes of a CSV file to take effect at a time.",
        discussion: """
            The file is read as catalog import prices reads it (the same columns, found the same way). Every \
            row must name one variation and give a price it can take: a file with an unknown code, a \
            conflicting duplicate or a price in another currency is refused with each such line, and nothing \
            is staged. --at is the shop's time at the location (its Square time zone) unless it carries its \
            own offset.
            Examples:
              catalog prices plan --at "2026-12-01 08:00" --file winter.csv --name "Winter prices"
              catalog prices plan --at 2026-12-24 --file sale.csv --location "High Street"
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("When the prices take effect: YYYY-MM-DD HH:MM, the shop's time.", valueName: "time"))
    var at: String

    @Option(help: ArgumentHelp("The CSV file of codes and new prices.", valueName: "path"))
    var file: String

    @Option(help: ArgumentHelp("What to call the plan (the file's name by default).", valueName: "name"))
    var name: String?

    @Option(
        help: ArgumentHelp("Set this location's own prices (name or id) instead of the base prices.", valueName: "name")
    )
    var location: String?

    @Option(help: ArgumentHelp("The code column: its header or its number from 1.", valueName: "column"))
    var codeColumn: String?

    @Option(help: ArgumentHelp("The price column: its header or its number from 1.", valueName: "column"))
    var priceColumn: String?

    @Flag(help: "Print the staged plan as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let staging = try StagedPrices(context: context)
        var place: CounterLocation?
        if let location { place = try await context.location(location) }
        let staged = try await staging.stage(
            file: context.path(file), at: at, name: name,
            options: PriceImportOptions(
                codeColumn: codeColumn.map(ColumnChoice.init), priceColumn: priceColumn.map(ColumnChoice.init),
                location: place))
        if json { return output.out(staged.json) }
        let zone = try await staging.timeZone(at: place?.id)
        let names = place.map { [$0.id: $0.name] } ?? [:]
        output.out("Staged: " + PricesCommand.line(staged, zone: zone, places: names))
        output.out(
            "The hub applies it at that time (or catalog prices apply, once it is due); "
                + "catalog prices cancel \(staged.plan.id ?? 0) takes it back before then.")
    }
}
