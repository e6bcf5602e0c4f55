import CatalogCore
import Store
import Sync

/// What a person asked to change on a variation and its item, as typed; nil leaves a field alone, and
/// an empty text removes an optional one.
public struct EditRequest: Sendable, Equatable {
    /// A price such as 4.99, 4,99 or $4.99, or `variable`.
    public var price: String?
    public var name: String?
    public var variationName: String?
    public var sku: String?
    /// A barcode, checked and normalised.
    public var gtin: String?
    public var description: String?
    /// true archives the item, false unarchives it.
    public var archived: Bool?
    /// The item's categories by name (replacing its current ones); empty leaves them.
    public var categories: [String] = []
    /// Create a named category that does not exist yet.
    public var createCategories = false
    /// Allow a SKU or barcode another variation already has.
    public var allowDuplicate = false
    /// The location (name or id) whose price or availability `price` and `available` change; nil changes
    /// the variation's own price.
    public var location: String?
    /// Whether the variation is sold at `location`.
    public var available: Bool?
    /// The variation's shelf place ("A3-2") at `location`, else at the counter's location; empty removes it.
    public var shelf: String?

    public init(
        price: String? = nil, name: String? = nil, variationName: String? = nil, sku: String? = nil,
        gtin: String? = nil, description: String? = nil, archived: Bool? = nil, categories: [String] = [],
        createCategories: Bool = false, allowDuplicate: Bool = false, location: String? = nil, available: Bool? = nil,
        shelf: String? = nil
    ) {
        self.price = price
        self.name = name
        self.variationName = variationName
        self.sku = sku
        self.gtin = gtin
        self.description = description
        self.archived = archived
        self.categories = categories
        self.createCategories = createCategories
        self.allowDuplicate = allowDuplicate
        self.location = location
        self.available = available
        self.shelf = shelf
    }

    /// Whether only item fields change (name, description, categories, archive), so the item may be
    /// named by any of its variations' codes.
    public var itemFieldsOnly: Bool {
        price == nil && variationName == nil && sku == nil && gtin == nil && available == nil && shelf == nil
    }
}

/// Changing a variation and its item in Square, for every front end: the code resolved to one
/// variation, the typed values checked (money in the variation's currency, barcodes normalised, codes
/// another variation has refused), then a fetch-before-update edit through `Editor`.
public struct EditWorkflow: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext) throws {
        self.context = context
        self.database = try context.openDatabase()
    }

    /// What an edit did, and to which variation.
    public struct Outcome: Sendable {
        public var variation: VariationSummary
        public var result: EditResult
        /// The location a price or availability was changed at, if one was.
        public var location: CounterLocation? = nil
        /// Whether Square has not got it yet (it waits in the outbox).
        public var queued: Bool {
            if case .queued = result.status { return true }
            return false
        }
    }

    /// Applies `request` to the variation `code` names. `seenPrice` is the price the person saw (its JSON
    /// money, or null for none) when they asked: if Square's price has moved away from it, the edit is a
    /// conflict and nothing is written.
    public func edit(_ code: String, _ request: EditRequest, seenPrice: JSONValue? = nil) async throws -> Outcome {
        let match = try await Lookup.single(
            code, in: database, frontEnd: context.frontEnd, itemFieldsOnly: request.itemFieldsOnly)
        let editor = Editor(
            database: database, client: try context.makeClient(), counter: context.counter, sender: context.sender)
        var edits = try await fieldEdits(request, for: match)
        if !request.categories.isEmpty {
            let resolution = try await CategoryResolver(database: database).resolve(
                request.categories, create: request.createCategories)
            let ids = try await editor.createCategories(resolution)
            edits.append(FieldEdit(.categories, .array(ids.map(JSONValue.string))))
        }
        var seen: [EditField: JSONValue?]?
        if let seenPrice, let price = edits.first(where: { $0.field.kind == .price }) {
            seen = [price.field: seenPrice == .null ? nil : seenPrice]
        }
        let result = try await editor.edit(
            variationID: match.variationID, itemID: match.itemID, label: match.label, edits: edits, seen: seen)
        var place: CounterLocation?
        if let wanted = request.location {
            place = try await context.location(wanted, in: database)
        } else if request.shelf != nil {
            place = try await context.location(nil, in: database, required: false)
        }
        return Outcome(variation: match, result: result, location: place)
    }

    /// The typed values as field edits, checked and normalised.
    public func fieldEdits(_ request: EditRequest, for match: VariationSummary) async throws -> [FieldEdit] {
        var edits: [FieldEdit] = []
        var place: CounterLocation?
        if let wanted = request.location {
            place = try await context.location(wanted, in: database)
        } else if request.available != nil {
            throw AppError(
                "--available says where: give --location NAME (the variation's presence is per location).",
                exitCode: .usage)
        }
        if let price = request.price {
            let field = place.map { EditField.price(at: $0.id) } ?? .price
            switch price.lowercased().trimmingCharacters(in: .whitespaces) {
            case "variable":
                edits.append(FieldEdit(field, place == nil ? nil : .string("variable")))
            case "base":
                guard place != nil else {
                    throw AppError(
                        context.frontEnd == .commandLine
                            ? "--price base removes a location's own price: give --location NAME too."
                            : "Price “base” removes a location's own price: choose the price only at this location.",
                        exitCode: .usage)
                }
                edits.append(FieldEdit(field, nil))
            default:
                var currency = match.basePrice?.currency ?? match.at(place).price?.currency
                if currency == nil { currency = try await database.mainCurrency() }
                do {
                    edits.append(FieldEdit(field, try Money.parse(price, currency: currency ?? "USD").json))
                } catch {
                    throw AppError("\(context.frontEnd.field("price")): \(error.description)", exitCode: .dataError)
                }
            }
        }
        if let available = request.available, let place {
            if available, !match.terms.item.includes(place.id) {
                throw AppError(
                    "\(match.itemName) itself is not sold at \(place.name), so its variation cannot be: make the item "
                        + "available there in Square first.", exitCode: .dataError)
            }
            edits.append(FieldEdit(.available(at: place.id), .bool(available)))
        }
        if let shelf = request.shelf {
            // A shelf is always somewhere: the location asked for, else the counter's own.
            var location = place
            if location == nil { location = try await context.location(nil, in: database) }
            guard let location else {
                throw AppError("Say where the shelf is: give --location NAME.", exitCode: .usage)
            }
            let tidy = try ShelfPlace.tidied(shelf)
            edits.append(FieldEdit(.shelf(at: location.id), tidy.map(JSONValue.string)))
        }
        if let name = request.name {
            edits.append(FieldEdit(.name, .string(name.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        if let variationName = request.variationName {
            edits.append(FieldEdit(.variationName, Self.optional(variationName)))
        }
        let duplicates = DuplicateCodes(database: database, allowed: request.allowDuplicate)
        if let sku = request.sku {
            let value = Self.optional(sku)
            if let text = value?.stringValue,
                let holder = try await duplicates.holder(ofSKU: text, other: match.variationID)
            {
                throw Self.duplicate("SKU \(text)", holder: holder, frontEnd: context.frontEnd)
            }
            edits.append(FieldEdit(.sku, value))
        }
        if let gtin = request.gtin {
            let trimmed = gtin.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                edits.append(FieldEdit(.gtin, nil))
            } else {
                let barcode: Barcode
                do { barcode = try Barcode(trimmed) } catch {
                    throw AppError("\(context.frontEnd.field("gtin")): \(error.description)", exitCode: .dataError)
                }
                if let holder = try await duplicates.holder(ofBarcode: barcode, other: match.variationID) {
                    throw Self.duplicate("barcode \(trimmed)", holder: holder, frontEnd: context.frontEnd)
                }
                edits.append(FieldEdit(.gtin, .string(barcode.upcA ?? barcode.gtin13 ?? barcode.gtin14)))
            }
        }
        if let description = request.description { edits.append(FieldEdit(.description, Self.optional(description))) }
        if let archived = request.archived { edits.append(FieldEdit(.archived, .bool(archived))) }
        return edits
    }

    /// A trimmed text, or nil (remove the field) when it is empty.
    static func optional(_ text: String) -> JSONValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : .string(trimmed)
    }

    /// The refusal of a code another variation has (on the command line with its id and the way past it).
    static func duplicate(_ what: String, holder: VariationSummary, frontEnd: FrontEnd) -> AppError {
        switch frontEnd {
        case .commandLine:
            return AppError(
                "\(what) already belongs to \(holder.label) (\(holder.variationID)). Square does not keep codes "
                    + "unique, but this tool does: fix that variation first, or pass --allow-duplicate.",
                exitCode: .dataError)
        case .hub:
            return AppError(
                "\(what) already belongs to \(holder.label). Square does not keep codes unique, but this shop does: "
                    + "fix that variation first.", exitCode: .dataError)
        }
    }
}
