import CatalogCore
import Store

/// The category ids some typed names stand for, and the new categories to create with them.
public struct CategoryResolution: Sendable, Equatable {
    /// One id per distinct name, in the order given: a real id, or a temporary `#category-N` id for a new one.
    public var ids: [String]
    /// The CATEGORY objects to upsert in the same batch as the objects that use `ids`.
    public var newObjects: [JSONValue]
    /// The category names, as stored (or as typed for a new one), in the order of `ids`.
    public var names: [String]

    /// A resolution with the given parts.
    public init(ids: [String] = [], newObjects: [JSONValue] = [], names: [String] = []) {
        self.ids = ids
        self.newObjects = newObjects
        self.names = names
    }

    /// Whether `id` is one of the categories this resolution creates.
    public func isNew(_ id: String) -> Bool { id.hasPrefix("#") }
}

/// Turns category names typed by a person into category ids, from the local catalog.
///
/// Names match ignoring case, accents and extra spaces; a Square category id is accepted too. A name that
/// matches nothing is refused (with the closest names) unless creating is allowed; a name two categories
/// share is refused with both ids, so the person can give the id instead.
public struct CategoryResolver: Sendable {
    /// The local catalog the names are looked up in.
    public let database: any CatalogStore

    /// A resolver over `database`.
    public init(database: any CatalogStore) {
        self.database = database
    }

    /// The ids of `names` (duplicates dropped); with `create`, unknown names become new CATEGORY objects with
    /// temporary `#category-N` ids, to be upserted in the same batch as the item that refers to them.
    public func resolve(_ names: [String], create: Bool) async throws -> CategoryResolution {
        var resolution = CategoryResolution()
        var seen = Set<String>()
        var missing: [String] = []
        for typed in names {
            let name = typed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !name.isEmpty else { throw CategoryError.emptyName }
            let (id, storedName) = try await find(name)
            let key = id ?? "new:" + CatalogDatabase.categoryKey(name)
            guard seen.insert(key).inserted else { continue }
            if let id, let storedName {
                resolution.ids.append(id)
                resolution.names.append(storedName)
            } else if create {
                let temporary = "#category-\(resolution.newObjects.count + 1)"
                resolution.ids.append(temporary)
                resolution.names.append(name)
                resolution.newObjects.append(Self.newCategory(id: temporary, name: name))
            } else {
                missing.append(name)
            }
        }
        if let first = missing.first {
            throw CategoryError.unknown(name: first, closeNames: try await closeNames(to: first))
        }
        return resolution
    }

    /// The stored category a name (or id) names, or `(nil, nil)` when none does.
    private func find(_ name: String) async throws -> (id: String?, name: String?) {
        let matches = try await database.categories(named: name)
        if matches.count > 1 {
            throw CategoryError.ambiguous(name: name, categories: matches.map { .init($0.id, $0.name) })
        }
        if let match = matches.first { return (match.id, match.name) }
        if let byID = try await database.category(id: name) { return (byID.id, byID.name) }
        return (nil, nil)
    }

    /// Up to five stored names that look like `name`: containing it, contained in it, or a few typos away.
    func closeNames(to name: String) async throws -> [String] {
        let key = CatalogDatabase.categoryKey(name)
        var scored: [(distance: Int, name: String)] = []
        for category in try await database.allCategories() {
            let other = CatalogDatabase.categoryKey(category.name)
            let distance = Self.distance(key, other)
            if other.contains(key) || key.contains(other) || distance <= max(2, key.count / 4) {
                scored.append((distance, category.name))
            }
        }
        var names: [String] = []
        for entry in scored.sorted(by: { ($0.distance, $0.name) < ($1.distance, $1.name) })
        where !names.contains(entry.name) {
            names.append(entry.name)
        }
        return Array(names.prefix(5))
    }

    /// A new CATEGORY object for a batch upsert.
    static func newCategory(id: String, name: String) -> JSONValue {
        [
            "type": "CATEGORY", "id": .string(id), "present_at_all_locations": true,
            "category_data": ["name": .string(name)],
        ]
    }

    /// The Levenshtein distance between two strings, by characters.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
