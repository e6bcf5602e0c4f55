import ArgumentParser
import CatalogCore
import Foundation
import Store

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

    /// The name lines without a vendor are filed under.
    static let noVendor = "No vendor"

    /// The one variation `text` names: a barcode, SKU or id as for `catalog show`, else the top search hit.
    ///
    /// A search with several hits asks on a terminal (Enter takes the first, a number another, n stops);
    /// without a terminal it is refused with the candidates, unless `takeFirst`.
    static func resolve(_ text: String, in database: CatalogDatabase, takeFirst: Bool = false) async throws
        -> VariationSummary
    {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError("Give a barcode, SKU, id or name.", exitCode: CLIError.usage) }
        let matches = try await ShowCommand.matches(trimmed, in: database)
        if matches.count == 1 { return matches[0] }
        if !matches.isEmpty { return try await EditCommand.single(trimmed, in: database) }
        let hits = try await database.search(SearchQuery(trimmed), limit: 5).hits.map(\.variation)
        guard let top = hits.first else {
            try ShowCommand.explainBadCheckDigit(trimmed)
            throw CLIError(
                "Nothing matches “\(Terminal.echo(trimmed))” as a barcode, SKU, id or name. If it is new in Square, run catalog sync.",
                exitCode: CLIError.notFound)
        }
        let interactive = isatty(STDIN_FILENO) == 1 && Terminal.stderrIsTTY
        if takeFirst || (hits.count == 1 && !interactive) { return top }
        let list = hits.enumerated().map { "  \($0.offset + 1). \(describe($0.element))" }.joined(separator: "\n")
        guard interactive else {
            throw CLIError(
                "“\(Terminal.echo(trimmed))” matches several variations; give a barcode or SKU, or --first to take the top one:\n"
                    + list, exitCode: CLIError.dataError)
        }
        Terminal.error("“\(Terminal.echo(trimmed))” found:\n\(list)")
        FileHandle.standardError.write(Data("Take 1? [Enter = 1, a number, or n] ".utf8))
        let answer = (readLine() ?? "n").trimmingCharacters(in: .whitespaces).lowercased()
        if answer.isEmpty || answer == "y" || answer == "yes" { return top }
        if let number = Int(answer), number >= 1, number <= hits.count { return hits[number - 1] }
        throw CLIError("Nothing added.", exitCode: CLIError.notFound)
    }

    /// One variation as a person reads it: name, variation, SKU and barcode.
    static func describe(_ variation: VariationSummary) -> String {
        var text = variation.label
        if let sku = variation.sku { text += "  SKU \(sku)" }
        if let upc = variation.upc { text += "  \(upc)" }
        return text
    }

    /// The location `name` (an id or a name, any case), else the configured one, else the only one.
    /// `required: false` answers nil instead of failing when several locations exist and none was chosen.
    static func location(_ name: String?, settings: Settings, database: CatalogDatabase, required: Bool = true)
        async throws -> (id: String, name: String)?
    {
        let locations = try await database.locations().compactMap { location -> (id: String, name: String)? in
            guard let id = location["id"]?.stringValue, location["status"]?.stringValue ?? "ACTIVE" == "ACTIVE"
            else { return nil }
            return (id, location["name"]?.stringValue ?? id)
        }
        let known = locations.map { "\($0.name) (\($0.id))" }
        if let wanted = name ?? settings.location {
            let key = wanted.trimmingCharacters(in: .whitespaces).lowercased()
            if let found = locations.first(where: { $0.id.lowercased() == key || $0.name.lowercased() == key }) {
                return found
            }
            if locations.isEmpty {
                throw CLIError("No locations are stored yet: run catalog sync first.", exitCode: CLIError.unavailable)
            }
            throw CLIError(
                "No location is called or has the id “\(Terminal.echo(wanted))”. The locations are: \(known.joined(separator: "; ")).",
                exitCode: CLIError.usage)
        }
        if locations.count == 1 { return locations[0] }
        guard required else { return nil }
        if locations.isEmpty {
            throw CLIError("No locations are stored yet: run catalog sync first.", exitCode: CLIError.unavailable)
        }
        throw CLIError(
            "The shop has several locations: choose one with --location NAME, or set location: in the config file "
                + "(or CATALOG_LOCATION). The locations are: \(known.joined(separator: "; ")).",
            exitCode: CLIError.usage)
    }

    /// A whole number of units from 1 to 1,000,000, or a usage error naming the option.
    static func quantity(_ value: Int, option: String, allowZero: Bool = false) throws -> Int {
        guard value >= (allowZero ? 0 : 1), value <= 1_000_000 else {
            throw CLIError(
                "\(option) must be a whole number from \(allowZero ? 0 : 1) to 1000000, not \(value).",
                exitCode: CLIError.usage)
        }
        return value
    }
}
