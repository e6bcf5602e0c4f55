import ArgumentParser
import CatalogApp
import CatalogCore

/// The flags that say which variations `catalog label render|print` makes labels for (see LabelSelection).
struct LabelSelectionOptions: ParsableArguments {
    @OptionGroup var which: VariationCodeOptions

    @Option(
        help: ArgumentHelp(
            "Variations changed in Square since this day or time (YYYY-MM-DD or RFC 3339).", valueName: "date"))
    var changedSince: String?

    @Flag(help: "The tags on the shelves whose price changed since they were printed (see catalog label stale).")
    var stale = false

    @Option(
        help: ArgumentHelp(
            "Print this location's prices (name or id); default: the counter's location.", valueName: "name"))
    var location: String?

    @Option(
        help: ArgumentHelp(
            "The tags of a staged price plan, with its new prices, in shelf order (see catalog prices plans).",
            valueName: "id"))
    var plan: String?

    func validate() throws {
        guard !which.isEmpty || changedSince != nil || stale || plan != nil else {
            throw ValidationError("Say which labels: give codes, --category, --changed-since, --stale or --plan.")
        }
        if plan != nil, !which.isEmpty || changedSince != nil || stale {
            throw ValidationError("--plan prints a plan's tags on its own: leave out the other selections.")
        }
        if let changedSince, Timestamp.start(of: changedSince) == nil {
            throw ValidationError("--changed-since “\(Terminal.echo(changedSince))” is not a date like 2026-11-23.")
        }
    }

    /// What the flags select.
    var selection: LabelSelection {
        LabelSelection(codes: which.codes, categories: which.categories, changedSince: changedSince, stale: stale)
    }

    /// The selected variations, priced at --location, else the counter's location (the base price when the
    /// shop has several and none is set, with a note saying so). A plan's tags are priced and dated for its
    /// time (`request`'s `pricedAt`).
    func variations(context: AppContext, request: inout LabelRequest) async throws -> [VariationSummary] {
        if let plan {
            let tags = try await StagedPrices(context: context).tags(plan, at: location)
            request.pricedAt = tags.effective
            request.aisleHeadings = true
            if tags.unchanged > 0 {
                let place = tags.location.map { " at \($0.name)" } ?? ""
                context.progress.note(
                    "\(tags.unchanged) of the plan's prices change no tag\(place) (a price of the location's own)")
            }
            guard !tags.variations.isEmpty else {
                throw AppError("Plan \(plan) changes no tag here.", exitCode: .notFound)
            }
            return tags.variations
        }
        let shop = try await ShopLocations.load(location, context: context)
        if shop.unset {
            context.progress.note("labels show the \(ShopLocations.unsetNote)")
        }
        return try await selection.variations(context: context, at: shop.here)
    }
}
