import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension ItemCommand {
    /// `catalog item create --name N --price P ...`.
    struct Create: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an item with its variations in Square, in one write.",
            discussion: """
                The first variation comes from --variation-name, --price (or --variable-price), --sku and \
                --gtin; each --variation adds one more, written as "NAME, price=P, sku=S, gtin=G" \
                (price=variable for variable pricing). A SKU or barcode the catalog already has is refused \
                with the item that has it, unless --allow-duplicate. --from-scan LAST takes the newest \
                unknown code from the scan log (N: scan number N) as the barcode, or as the SKU when it is \
                not a valid barcode. Categories are matched by name (case and accents ignored); a new one \
                needs --create-category. If Square cannot be reached the item waits in the outbox (exit 75) \
                and the next catalog sync sends it. See docs/items.md.
                Examples:
                  catalog item create --name "Acme Widget" --price 4.99 --sku AC-W --gtin 0012345678905
                  catalog item create --name Tea --price 3.50 --variation "Large, price=5.00" --category Drinks
                """
        )

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp("The item's name.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The first variation's name (default Regular).", valueName: "name"))
        var variationName: String?

        @Option(help: ArgumentHelp("The first variation's price, such as 4.99, 4,99 or $4.99.", valueName: "price"))
        var price: String?

        @Flag(help: "The first variation has variable pricing (no --price).")
        var variablePrice = false

        @Option(help: ArgumentHelp("The first variation's SKU.", valueName: "sku"))
        var sku: String?

        @Option(help: ArgumentHelp("The first variation's barcode, checked and normalised.", valueName: "code"))
        var gtin: String?

        @Option(
            name: .customLong("category"),
            help: ArgumentHelp(
                "A category by name (repeat for several; the first is the reporting one).",
                valueName: "name"))
        var categories: [String] = []

        @Flag(help: "Create the --category names that do not exist yet.")
        var createCategory = false

        @Option(
            name: .customLong("variation"),
            help: ArgumentHelp("One more variation: \"NAME, price=P, sku=S, gtin=G\" (repeat).", valueName: "spec"))
        var variations: [String] = []

        @Flag(help: "Allow a SKU or barcode that another variation already has.")
        var allowDuplicate = false

        @Option(
            help: ArgumentHelp(
                "Use a code from the scan log: LAST (the newest unknown code) or a scan number.", valueName: "scan"))
        var fromScan: String?

        @Option(help: ArgumentHelp("The prices' currency (default: the catalog's, else USD).", valueName: "code"))
        var currency: String?

        @Option(help: ArgumentHelp("The item's description.", valueName: "text"))
        var description: String?

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func validate() throws {
            if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ValidationError("--name cannot be empty.")
            }
            if price == nil, !variablePrice {
                throw ValidationError("Give --price (or --variable-price for a price asked at the till).")
            }
            if price != nil, variablePrice { throw ValidationError("Give --price or --variable-price, not both.") }
            if let fromScan, fromScan.uppercased() != "LAST", (Int64(fromScan) ?? 0) <= 0 {
                throw ValidationError("--from-scan takes LAST or a scan number, not “\(Terminal.echo(fromScan))”.")
            }
            if let currency, !Money.isKnownCurrency(currency.trimmingCharacters(in: .whitespaces)) {
                throw ValidationError(
                    "--currency takes a currency code Square knows (ISO 4217) such as GBP, EUR or USD, not "
                        + "“\(Terminal.echo(currency))”.")
            }
        }

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let fields: [(String?, String)] =
                [(name, "--name"), (variationName, "--variation-name"), (sku, "--sku"), (gtin, "--gtin")]
                + categories.map { ($0, "--category") } + variations.map { ($0, "--variation") }
            for (value, field) in fields { try AppError.refuseControlCharacters(in: value, field: field) }
            try AppError.refuseControlCharacters(in: description, field: "--description", lineBreaks: true)
            let workflow = try ItemCreationWorkflow(context: context)
            let request = NewItemRequest(
                name: name, description: description, variationName: variationName, price: price, sku: sku,
                gtin: gtin, categories: categories, createCategories: createCategory, variations: variations,
                allowDuplicate: allowDuplicate, fromScan: fromScan, currency: currency)
            let creation = try await workflow.create(try await workflow.draft(request))
            if json { output.out(creation.json) } else { output.out(Self.text(creation)) }
            if case .queued(let outboxID, let reason) = creation.status {
                output.error(
                    "catalog: Square could not be reached (\(reason)). The item waits in the outbox as entry "
                        + "\(outboxID); the next catalog sync sends it. See catalog outbox.")
                throw ExitCode(ExitStatus.tryLater.rawValue)
            }
        }

        /// What a person reads: the item, each variation with its id and codes, its categories.
        static func text(_ creation: ItemCreation) -> String {
            var lines: [String] = []
            switch creation.status {
            case .created:
                lines.append(
                    "Created “\(creation.name)”: item \(creation.itemID), version \(creation.version.map(String.init) ?? "?")"
                )
            case .queued(let outboxID, _):
                lines.append("Queued “\(creation.name)” in the outbox as entry \(outboxID) (not in Square yet)")
            }
            let width = min(24, creation.variations.map(\.name.count).max() ?? 0)
            for variation in creation.variations {
                let parts = [
                    Terminal.column(variation.name, width),
                    variation.id, variation.price?.formatted ?? "variable price",
                    variation.sku.map { "SKU \($0)" }, variation.gtin.map { "barcode \($0)" },
                ]
                lines.append("  " + parts.compactMap { $0 }.joined(separator: "  "))
            }
            for category in creation.categories {
                lines.append("  category \(category.name) (\(category.isNew ? "new, " : "")\(category.id))")
            }
            return lines.joined(separator: "\n")
        }
    }
}
