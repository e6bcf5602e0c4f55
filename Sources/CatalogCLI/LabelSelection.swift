import ArgumentParser
import CatalogApp
import CatalogCore
import Store
import Sync

/// Which variations `catalog label render|print` makes labels for: codes, categories, a change date,
/// or the stale tags — all given are combined, each variation once, in the order found.
struct LabelSelection: ParsableArguments {
    @Argument(help: "Barcodes, SKUs or variation ids (as for catalog show).")
    var codes: [String] = []

    @Option(
        name: .customLong("category"),
        help: ArgumentHelp("Every variation of the items in this category (repeat for several).", valueName: "name"))
    var categories: [String] = []

    @Option(
        help: ArgumentHelp(
            "Variations changed in Square since this day or time (YYYY-MM-DD or RFC 3339).", valueName: "date"))
    var changedSince: String?

    @Flag(help: "The tags on the shelves whose price changed since they were printed (see catalog label stale).")
    var stale = false

    func validate() throws {
        guard !codes.isEmpty || !categories.isEmpty || changedSince != nil || stale else {
            throw ValidationError("Say which labels: give codes, --category, --changed-since or --stale.")
        }
        if let changedSince, HistoryCommand.start(of: changedSince) == nil {
            throw ValidationError("--changed-since “\(Terminal.echo(changedSince))” is not a date like 2026-11-23.")
        }
    }

    /// The variations selected, each once.
    func variations(in database: CatalogDatabase) async throws -> [VariationSummary] {
        var found: [VariationSummary] = []
        for code in codes { found += try await Lookup.lookUp(code, in: database) }
        if !categories.isEmpty {
            let resolution = try await CategoryResolver(database: database).resolve(categories, create: false)
            found += try await database.variations(inCategories: resolution.ids)
        }
        if let changedSince, let start = HistoryCommand.start(of: changedSince) {
            found += try await database.variations(changedSince: start)
        }
        if stale { found += try await database.staleLabels().compactMap(\.current) }
        var seen = Set<String>()
        let unique = found.filter { seen.insert($0.variationID).inserted }
        guard !unique.isEmpty else {
            throw AppError(
                stale
                    ? "No tag on the shelves is stale: every printed price is still the catalog's."
                    : "Nothing matches that selection.", exitCode: .notFound)
        }
        return unique
    }
}
