import CatalogCore

/// The `query` of a SearchCatalogObjects request, as Square applies it: exactly one of its filters.
///
/// Attribute names are the searchable fields of the object's own data (`item_data.name`,
/// `item_variation_data.sku`, ...); text matches ignore case. `exact_query` and `set_query` compare whole
/// values, `prefix_query` the start of the value, `range_query` whole numbers (inclusive), `text_query`
/// takes one to three keywords that must each start a word of the name, description, abbreviation or
/// SKU, and `sorted_attribute_query` orders every object that has the attribute (from
/// `initial_attribute_value` on). The `items_for_*` queries find items by their taxes, modifier lists
/// or item options; `item_variations_for_item_option_values_query` variations by their option values.
struct CatalogQueryFilter {
    enum Kind {
        case exact(name: String, value: String)
        case prefix(name: String, prefix: String)
        case set(name: String, values: [String])
        case range(name: String, min: Int64?, max: Int64?)
        case text(keywords: [String])
        case sorted(name: String, initial: String?, descending: Bool)
        case itemsForTax([String])
        case itemsForModifierList([String])
        case itemsForItemOptions([String])
        case variationsForOptionValues([String])
    }

    let kind: Kind

    static let fields = [
        "exact_query", "prefix_query", "set_query", "range_query", "text_query", "sorted_attribute_query",
        "items_for_tax_query", "items_for_modifier_list_query", "items_for_item_options_query",
        "item_variations_for_item_option_values_query",
    ]

    /// Reads `query`; 400 when it holds no filter, more than one, or a filter without what it needs.
    init(_ query: JSONValue) throws(APIError) {
        let present = Self.fields.filter { field in query[field].map { !$0.isNull } ?? false }
        guard present.count == 1, let field = present.first, let body = query[field] else {
            throw .invalid(
                "INVALID_VALUE", "query must hold exactly one of " + Self.fields.joined(separator: ", ") + ".",
                field: "query")
        }
        func text(_ key: String) throws(APIError) -> String {
            guard let value = body[key]?.stringValue, !value.isEmpty else {
                throw .invalid(
                    "MISSING_REQUIRED_PARAMETER", "\(field).\(key) is required.", field: "query.\(field).\(key)")
            }
            return value
        }
        func list(_ key: String, required: Bool = true) throws(APIError) -> [String] {
            let values = body[key]?.arrayValue?.compactMap(\.stringValue) ?? []
            if required, values.isEmpty {
                throw .invalid(
                    "MISSING_REQUIRED_PARAMETER", "\(field).\(key) needs at least one value.",
                    field: "query.\(field).\(key)")
            }
            return values
        }
        switch field {
        case "exact_query": kind = .exact(name: try text("attribute_name"), value: try text("attribute_value"))
        case "prefix_query": kind = .prefix(name: try text("attribute_name"), prefix: try text("attribute_prefix"))
        case "set_query": kind = .set(name: try text("attribute_name"), values: try list("attribute_values"))
        case "range_query":
            kind = .range(
                name: try text("attribute_name"), min: body["attribute_min_value"]?.int64Value,
                max: body["attribute_max_value"]?.int64Value)
        case "text_query":
            let keywords = try list("keywords").map { $0.lowercased() }
            guard keywords.count <= 3 else {
                throw .invalid(
                    "ARRAY_LENGTH_TOO_LONG", "text_query takes at most 3 keywords.", field: "query.text_query.keywords")
            }
            kind = .text(keywords: keywords)
        case "sorted_attribute_query":
            let order = body["sort_order"]?.stringValue ?? "ASC"
            guard order == "ASC" || order == "DESC" else {
                throw .invalid("INVALID_ENUM_VALUE", "sort_order is ASC or DESC.", field: "query.\(field).sort_order")
            }
            kind = .sorted(
                name: try text("attribute_name"), initial: body["initial_attribute_value"]?.stringValue,
                descending: order == "DESC")
        case "items_for_tax_query": kind = .itemsForTax(try list("tax_ids"))
        case "items_for_modifier_list_query": kind = .itemsForModifierList(try list("modifier_list_ids"))
        case "items_for_item_options_query": kind = .itemsForItemOptions(try list("item_option_ids", required: false))
        default: kind = .variationsForOptionValues(try list("item_option_value_ids", required: false))
        }
    }

    /// The object's data member (`item_data`, `item_variation_data`, ...).
    static func data(_ object: JSONValue) -> JSONValue? {
        guard let type = object["type"]?.stringValue else { return nil }
        return object[type.lowercased() + "_data"]
    }

    /// A searchable attribute's value as text (strings as they are, numbers in decimal).
    static func attribute(_ name: String, of object: JSONValue) -> String? {
        guard let value = data(object)?[name] else { return nil }
        if let text = value.stringValue { return text }
        return value.int64Value.map { String($0) }
    }

    /// Whether the filter keeps `object`.
    func matches(_ object: JSONValue) -> Bool {
        let data = Self.data(object)
        func ids(_ list: String, _ key: String?) -> Set<String> {
            Set(
                (data?[list]?.arrayValue ?? []).compactMap { entry in
                    key.map { entry[$0]?.stringValue } ?? entry.stringValue
                })
        }
        switch kind {
        case .exact(let name, let value):
            return Self.attribute(name, of: object)?.lowercased() == value.lowercased()
        case .prefix(let name, let prefix):
            return Self.attribute(name, of: object)?.lowercased().hasPrefix(prefix.lowercased()) ?? false
        case .set(let name, let values):
            guard let value = Self.attribute(name, of: object)?.lowercased() else { return false }
            return values.contains { $0.lowercased() == value }
        case .range(let name, let min, let max):
            guard let number = data?[name]?.int64Value else { return false }
            return number >= (min ?? .min) && number <= (max ?? .max)
        case .text(let keywords):
            let words = ["name", "description", "abbreviation", "sku"].compactMap { data?[$0]?.stringValue }
                .flatMap { $0.lowercased().split { !$0.isLetter && !$0.isNumber } }
            return keywords.allSatisfy { keyword in words.contains { $0.hasPrefix(keyword) } }
        case .sorted(let name, let initial, let descending):
            guard let value = Self.attribute(name, of: object) else { return false }
            guard let initial else { return true }
            return descending ? value <= initial : value >= initial
        case .itemsForTax(let taxes):
            return object["type"] == "ITEM" && !ids("tax_ids", nil).isDisjoint(with: taxes)
        case .itemsForModifierList(let lists):
            return object["type"] == "ITEM" && !ids("modifier_list_info", "modifier_list_id").isDisjoint(with: lists)
        case .itemsForItemOptions(let options):
            return object["type"] == "ITEM" && ids("item_options", "item_option_id").isSuperset(of: options)
        case .variationsForOptionValues(let values):
            return object["type"] == "ITEM_VARIATION"
                && ids("item_option_values", "item_option_value_id").isSuperset(of: values)
        }
    }

    /// For `sorted_attribute_query`: the order of two matching objects (then by id, so pages are stable).
    func ordered(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        guard case .sorted(let name, _, let descending) = kind else { return nil }
        let left = (Self.attribute(name, of: lhs) ?? "", lhs["id"]?.stringValue ?? "")
        let right = (Self.attribute(name, of: rhs) ?? "", rhs["id"]?.stringValue ?? "")
        return descending ? left > right : left < right
    }

    /// Object types the filter can only ever match, when it names some (the `items_for_*` queries).
    var impliedTypes: Set<String>? {
        switch kind {
        case .itemsForTax, .itemsForModifierList, .itemsForItemOptions: ["ITEM"]
        case .variationsForOptionValues: ["ITEM_VARIATION"]
        default: nil
        }
    }
}
