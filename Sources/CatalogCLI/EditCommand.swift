import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog edit CODE --price 4.99 ...`: change a variation and its item in Square, safely.
struct EditCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a variation (and its item) in Square without touching anything else.",
        discussion: """
            CODE is a barcode, SKU or variation id, as for catalog show. The current object is fetched \
            from Square, only the fields you name are changed on it, and it is sent back with its \
            version; a price or other variation field is written on the variation alone, so the item \
            and its other variations are untouched. If someone changes the object in between, the edit \
            is re-applied on their version (their changes to other fields are kept).
            If Square cannot be reached, the edit is kept in the outbox (exit 75) and sent by the next \
            catalog sync; see catalog outbox.
            Examples:
              catalog edit 4006381333931 --price 4.99
              catalog edit AC-WDG-0042-L --name "Acme Widget, large" --sku AC-WDG-42-L --gtin 0012345678905
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU or variation id.")
    var code: String

    @Option(
        help: ArgumentHelp(
            "The new price, such as 4.99, 4,99 or $4.99; `variable` for variable pricing; with --location, "
                + "`base` makes the location charge the variation's own price again.", valueName: "price"))
    var price: String?

    @Option(
        help: ArgumentHelp(
            "Change --price or --available at this location only (name or id), through its location override.",
            valueName: "name"))
    var location: String?

    @Option(
        help: ArgumentHelp("With --location: whether the variation is sold there (yes or no).", valueName: "yes|no"))
    var available: String?

    @Option(help: ArgumentHelp("The item's new name.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("The variation's new name.", valueName: "name"))
    var variationName: String?

    @Option(help: ArgumentHelp("The variation's new SKU (\"\" removes it).", valueName: "sku"))
    var sku: String?

    @Option(
        help: ArgumentHelp("The variation's new barcode, checked and normalised (\"\" removes it).", valueName: "code"))
    var gtin: String?

    @Option(help: ArgumentHelp("The item's new description (\"\" removes it).", valueName: "text"))
    var description: String?

    @Flag(help: "Archive the item (hidden from sale in Square).")
    var archive = false

    @Flag(help: "Unarchive the item.")
    var unarchive = false

    @Option(
        name: .customLong("category"),
        help: ArgumentHelp("Set the item's categories by name (repeat for several).", valueName: "name"))
    var categories: [String] = []

    @Flag(help: "Create a --category that does not exist yet.")
    var createCategory = false

    @Flag(help: "Allow a SKU or barcode that another variation already has.")
    var allowDuplicate = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func validate() throws {
        guard archive == false || unarchive == false else {
            throw ValidationError("Give --archive or --unarchive, not both.")
        }
        let nothing =
            price == nil && name == nil && variationName == nil && sku == nil && gtin == nil && description == nil
            && !archive && !unarchive && categories.isEmpty && available == nil
        if nothing {
            throw ValidationError(
                "Say what to change: --price, --name, --variation-name, --sku, --gtin, --description, "
                    + "--archive, --unarchive, --category or --available.")
        }
        if let available, Self.yesNo(available) == nil {
            throw ValidationError("--available takes yes or no, not “\(Terminal.echo(available))”.")
        }
        if location != nil, price == nil, available == nil {
            throw ValidationError("--location says where --price or --available apply: give one of them too.")
        }
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--name cannot be empty.")
        }
    }

    /// yes/no (also true/false, y/n, 1/0), any case.
    static func yesNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "y", "true", "1": true
        case "no", "n", "false", "0": false
        default: nil
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        for (value, field) in [
            (name, "--name"), (variationName, "--variation-name"), (sku, "--sku"), (gtin, "--gtin"),
        ]
            + categories.map({ ($0, "--category") })
        {
            try AppError.refuseControlCharacters(in: value, field: field)
        }
        try AppError.refuseControlCharacters(in: description, field: "--description", lineBreaks: true)
        let request = EditRequest(
            price: price, name: name, variationName: variationName, sku: sku, gtin: gtin,
            description: description, archived: archive ? true : unarchive ? false : nil, categories: categories,
            createCategories: createCategory, allowDuplicate: allowDuplicate, location: location,
            available: available.flatMap(Self.yesNo))
        try await EditWorkflow(context: context).edit(code, request).report(json: json, context, output)
    }
}

extension EditWorkflow.Outcome {
    /// Prints what the edit did (one JSON object with `json`) and ends with exit 75 when it waits in the
    /// outbox: `catalog edit` and `catalog shelf set` alike.
    func report(json: Bool, _ context: AppContext, _ output: CommandOutput) throws {
        if json {
            output.out(EditOutput.json(result))
        } else {
            output.out(
                EditOutput.text(result, label: variation.label, location: location, frontEnd: context.frontEnd))
        }
        if queued { throw ExitCode(ExitStatus.tryLater.rawValue) }
    }
}
