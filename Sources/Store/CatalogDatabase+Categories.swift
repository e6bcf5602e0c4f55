import CatalogCore
import Foundation
import GRDB

/// One category as the local catalog knows it.
public struct CategorySummary: Sendable, Equatable, Hashable {
    /// Square's id of the category.
    public var id: String
    /// The category's name as Square stores it.
    public var name: String
    /// The parent category's id, for a subcategory.
    public var parentID: String?

    /// A category with the given parts.
    public init(id: String, name: String, parentID: String? = nil) {
        self.id = id
        self.name = name
        self.parentID = parentID
    }
}

extension CatalogDatabase {
    /// Every stored category, by name (then id).
    public func allCategories() async throws -> [CategorySummary] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, parent_id FROM categories ORDER BY name, id")
                .map(Self.categorySummary)
        }
    }

    /// The categories called `name`, ignoring case, accents and extra spaces: `café  bar` finds `Cafe Bar`.
    ///
    /// More than one result means the shop has several categories with that name.
    public func categories(named name: String) async throws -> [CategorySummary] {
        let key = Self.categoryKey(name)
        guard !key.isEmpty else { return [] }
        return try await allCategories().filter { Self.categoryKey($0.name) == key }
    }

    /// The category with this Square id, if it is stored.
    public func category(id: String) async throws -> CategorySummary? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, parent_id FROM categories WHERE id = ?", arguments: [id])
                .map(Self.categorySummary)
        }
    }

    /// The form category names are compared in: lower case, accents removed, runs of spaces made one.
    public static func categoryKey(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    static func categorySummary(_ row: Row) -> CategorySummary {
        CategorySummary(id: row["id"], name: row["name"], parentID: row["parent_id"])
    }
}
