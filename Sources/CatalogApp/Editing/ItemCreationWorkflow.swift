import CatalogCore
import Store
import Sync

/// A new item as a person typed it: names, prices as text, codes, and where a scanned code comes from.
public struct NewItemRequest: Sendable, Equatable {
    public var name: String
    public var description: String?
    /// The first variation's name (default Regular).
    public var variationName: String?
    /// The first variation's price as typed (4.99, 4,99, $4.99); nil for variable pricing.
    public var price: String?
    public var sku: String?
    /// The first variation's barcode as typed.
    public var gtin: String?
    /// Categories by name; the first is the reporting one.
    public var categories: [String] = []
    public var createCategories = false
    /// More variations, each written "NAME, price=P, sku=S, gtin=G".
    public var variations: [String] = []
    public var allowDuplicate = false
    /// A code from the scan log: LAST (the newest unknown code) or a scan number.
    public var fromScan: String?
    /// The prices' currency; nil for the catalog's, else USD.
    public var currency: String?

    public init(
        name: String, description: String? = nil, variationName: String? = nil, price: String? = nil,
        sku: String? = nil, gtin: String? = nil, categories: [String] = [], createCategories: Bool = false,
        variations: [String] = [], allowDuplicate: Bool = false, fromScan: String? = nil, currency: String? = nil
    ) {
        self.name = name
        self.description = description
        self.variationName = variationName
        self.price = price
        self.sku = sku
        self.gtin = gtin
        self.categories = categories
        self.createCategories = createCategories
        self.variations = variations
        self.allowDuplicate = allowDuplicate
        self.fromScan = fromScan
        self.currency = currency
    }
}

/// Creating an item in Square, for every front end: the typed values turned into a draft (prices in
/// the catalog's currency, barcodes checked, a scanned code placed as barcode or SKU), then one write
/// through `ItemCreator`, which refuses codes the catalog already has (`DuplicateCodes`).
public struct ItemCreationWorkflow: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// The draft the request describes. The context's progress hears what a person should know about
    /// how it was made: prices in another currency than the shop sells in, where a scanned code went.
    public func draft(_ request: NewItemRequest) async throws -> ItemDraft {
        let typed = request.currency?.trimmingCharacters(in: .whitespaces).uppercased()
        if let code = typed {
            let sold = Set(try await database.locations().compactMap { $0["currency"]?.stringValue })
            if !sold.isEmpty, !sold.contains(code) {
                context.progress.note(
                    "the prices are in \(code), but the shop's locations sell in "
                        + "\(sold.sorted().joined(separator: " and ")).")
            }
        }
        let currency: String
        if let typed { currency = typed } else { currency = try await database.mainCurrency() ?? "USD" }
        var first = ItemDraft.Variation(name: request.variationName ?? "Regular", price: nil, sku: request.sku)
        if let price = request.price {
            do {
                first.price = try Money.parse(price, currency: currency)
            } catch {
                throw AppError("\(context.frontEnd.field("price")): \(error.description)", exitCode: .dataError)
            }
        }
        if let gtin = request.gtin {
            do {
                first.gtin = try Barcode(gtin.trimmingCharacters(in: .whitespacesAndNewlines))
            } catch {
                throw AppError("\(context.frontEnd.field("gtin")): \(error.description)", exitCode: .dataError)
            }
        }
        if let fromScan = request.fromScan { context.progress.note(try await place(scan: fromScan, in: &first)) }
        var list = [first]
        for spec in request.variations {
            do {
                list.append(try ItemDraft.Variation.parse(spec: spec, currency: currency))
            } catch {
                throw AppError("\(context.frontEnd.field("variation")): \(error.description)", exitCode: .dataError)
            }
        }
        return ItemDraft(
            name: request.name, description: request.description, categories: request.categories,
            createCategories: request.createCategories, variations: list, allowDuplicate: request.allowDuplicate)
    }

    /// Writes the draft to Square (or the outbox, when Square cannot be reached).
    public func create(_ draft: ItemDraft) async throws -> ItemCreation {
        let creator = ItemCreator(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        do {
            return try await creator.create(draft)
        } catch ItemCreationError.emptyName {
            // Named as the front end names the field, as the other fields' refusals are.
            throw AppError("\(context.frontEnd.field("name")): the item needs a name.", exitCode: .dataError)
        }
    }

    /// Puts the scanned code in the first variation: as its barcode when it is one, else as its SKU;
    /// answers the line that says which.
    func place(scan which: String, in variation: inout ItemDraft.Variation) async throws -> String {
        let scan: ScanRecord
        if which.uppercased() == "LAST" {
            guard let newest = try await database.scans(unknownOnly: true, limit: 1).first else {
                throw AppError(
                    "The scan log has no unknown code. Scan the product at the counter first, or give --gtin.",
                    exitCode: .dataError)
            }
            scan = newest
        } else {
            guard let number = Int64(which), let found = try await database.scan(id: number) else {
                throw AppError("The scan log has no scan number \(which).", exitCode: .dataError)
            }
            scan = found
        }
        let label = "scan \(scan.id ?? 0) (“\(Terminal.echo(scan.code))”, \(scan.at))"
        if let known = scan.variationID {
            throw AppError(
                "The code of \(label) is already in the catalog (variation \(known)); "
                    + "change it with catalog edit \(scan.code).", exitCode: .dataError)
        }
        if let barcode = try? Barcode(scan.code) {
            guard variation.gtin == nil else {
                throw AppError("\(label) is a barcode and --gtin gives one too; give only one.", exitCode: .usage)
            }
            variation.gtin = barcode
            return "using \(label) as the barcode \(ItemDraft.Variation.upc(barcode))."
        }
        guard variation.sku == nil else {
            throw AppError(
                "\(label) is not a barcode, so it would be the SKU, but --sku gives one too.", exitCode: .usage)
        }
        variation.sku = scan.code
        return "\(label) is not a valid barcode; using it as the SKU."
    }
}
