import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store
import Sync

/// `catalog edit CODE --price 4.99 ...`: change a variation and its item in Square, safely.
struct EditCommand: AsyncParsableCommand {
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
            "The new price, such as 4.99, 4,99 or $4.99; `variable` for variable pricing.", valueName: "price"))
    var price: String?

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
            && !archive && !unarchive && categories.isEmpty
        if nothing {
            throw ValidationError(
                "Say what to change: --price, --name, --variation-name, --sku, --gtin, --description, "
                    + "--archive, --unarchive or --category.")
        }
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--name cannot be empty.")
        }
    }

    func run() async throws {
        try await reportingErrors {
            for (value, field) in [
                (name, "--name"), (variationName, "--variation-name"), (sku, "--sku"), (gtin, "--gtin"),
            ]
                + categories.map({ ($0, "--category") })
            {
                try AppError.refuseControlCharacters(in: value, field: field)
            }
            try AppError.refuseControlCharacters(in: description, field: "--description", lineBreaks: true)
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            // Item fields alone (name, description, categories, archive) may name the item by any of its codes.
            let itemOnly = price == nil && variationName == nil && sku == nil && gtin == nil
            let match = try await Lookup.single(code, in: database, itemFieldsOnly: itemOnly)
            let editor = Editor(database: database, client: try settings.makeClient(), counter: settings.counter)
            var edits = try await fieldEdits(for: match, database: database)
            if !categories.isEmpty {
                let resolution = try await CategoryResolver(database: database).resolve(
                    categories, create: createCategory)
                let ids = try await editor.createCategories(resolution)
                edits.append(FieldEdit(.categories, .array(ids.map(JSONValue.string))))
            }
            let result = try await editor.edit(
                variationID: match.variationID, itemID: match.itemID, label: match.label, edits: edits)
            if json {
                Terminal.out(EditOutput.json(result))
            } else {
                Terminal.out(EditOutput.text(result, label: match.label))
            }
            if case .queued = result.status { throw ExitCode(ExitStatus.tryLater.rawValue) }
        }
    }

    /// The typed values as field edits, checked and normalised.
    func fieldEdits(for match: VariationSummary, database: CatalogDatabase) async throws -> [FieldEdit] {
        var edits: [FieldEdit] = []
        if let price {
            if price.lowercased() == "variable" {
                edits.append(FieldEdit(.price, nil))
            } else {
                var currency = match.price?.currency
                if currency == nil { currency = try await database.mainCurrency() }
                do {
                    edits.append(FieldEdit(.price, try Money.parse(price, currency: currency ?? "USD").json))
                } catch {
                    throw AppError("--price: \(error.description)", exitCode: .dataError)
                }
            }
        }
        if let name { edits.append(FieldEdit(.name, .string(name.trimmingCharacters(in: .whitespacesAndNewlines)))) }
        if let variationName { edits.append(FieldEdit(.variationName, Self.optional(variationName))) }
        if let sku {
            let value = Self.optional(sku)
            if let value = value?.stringValue, !allowDuplicate {
                try Self.refuseDuplicate(try await database.variations(sku: value), of: match, what: "SKU \(value)")
            }
            edits.append(FieldEdit(.sku, value))
        }
        if let gtin {
            let trimmed = gtin.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                edits.append(FieldEdit(.gtin, nil))
            } else {
                let barcode: Barcode
                do { barcode = try Barcode(trimmed) } catch {
                    throw AppError("--gtin: \(error.description)", exitCode: .dataError)
                }
                if !allowDuplicate {
                    try Self.refuseDuplicate(
                        try await database.variations(gtins: [barcode.gtin14]), of: match, what: "barcode \(trimmed)")
                }
                edits.append(FieldEdit(.gtin, .string(barcode.upcA ?? barcode.gtin13 ?? barcode.gtin14)))
            }
        }
        if let description { edits.append(FieldEdit(.description, Self.optional(description))) }
        if archive || unarchive { edits.append(FieldEdit(.archived, .bool(archive))) }
        return edits
    }

    static func optional(_ text: String) -> JSONValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : .string(trimmed)
    }

    static func refuseDuplicate(_ holders: [VariationSummary], of match: VariationSummary, what: String) throws {
        guard let holder = holders.first(where: { $0.variationID != match.variationID }) else { return }
        throw AppError(
            "\(what) already belongs to \(holder.label) (\(holder.variationID)). Square does not keep codes unique, "
                + "but this tool does: fix that variation first, or pass --allow-duplicate.",
            exitCode: .dataError)
    }
}
