import Foundation

/// A discount per category for the config (`Snacks: 20%`), matched case-insensitively by name.
public struct CategoryDiscounts: Sendable, Hashable {
    /// The table as given, keyed by the category name as written.
    public private(set) var table: [String: Discount]
    private var folded: [String: Discount]

    /// Makes a table; names that differ only in case keep the last one in sorted order.
    public init(_ table: [String: Discount] = [:]) {
        self.table = table
        folded = [:]
        for name in table.keys.sorted() { folded[Self.fold(name)] = table[name] }
    }

    /// Reads a table of texts such as `["Snacks": "20%", "Drinks": "0.50"]`, naming the category of a bad one.
    public init(parsing texts: [String: String]) throws(SaleError) {
        var table: [String: Discount] = [:]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            do {
                table[name] = try Discount.parse(text)
            } catch {
                throw SaleError(text: text, reason: "(category \(name)) \(error.reason)")
            }
        }
        self.init(table)
    }

    /// The discount for `category`, ignoring case and surrounding spaces; nil when it has none.
    public func discount(forCategory category: String?) -> Discount? {
        guard let category else { return nil }
        return folded[Self.fold(category)]
    }

    /// True when no category has a discount.
    public var isEmpty: Bool { table.isEmpty }

    private static func fold(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive], locale: nil)
    }
}
