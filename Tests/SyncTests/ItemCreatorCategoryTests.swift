import CatalogCore
import Foundation
import Store
import Sync
import Testing

@Suite struct ItemCreatorCategoryTests {
    func resolver() async throws -> CategoryResolver {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("categories-\(UUID().uuidString)")
        let database = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        func category(_ id: String, _ name: String) -> JSONValue {
            ["type": "CATEGORY", "id": .string(id), "version": 1, "category_data": ["name": .string(name)]]
        }
        _ = try await database.apply([
            category("TEA", "Tea"), category("CAFE", "Café"), category("HW1", "Hardware"), category("HW2", "HARDWARE"),
        ])
        return CategoryResolver(database: database)
    }

    @Test func namesAndIDsResolveInOrderAndRepeatsCollapse() async throws {
        let resolved = try await resolver().resolve(["cafe", "TEA", "tea", "Café"], create: false)
        #expect(resolved.ids == ["CAFE", "TEA"])
        #expect(resolved.names == ["Café", "Tea"])
        #expect(resolved.newObjects.isEmpty)
        #expect(try await resolver().resolve([], create: false) == CategoryResolution())
    }

    @Test func newNamesGetTemporaryIDsOnlyWhenCreatingIsAllowed() async throws {
        let resolver = try await resolver()
        let resolved = try await resolver.resolve(["Jam", "tea", "Honey", "jam"], create: true)
        #expect(resolved.ids == ["#category-1", "TEA", "#category-2"])
        #expect(resolved.newObjects.map { $0["category_data"]?["name"] } == ["Jam", "Honey"])
        #expect(resolved.newObjects.map { $0["id"] } == ["#category-1", "#category-2"])
        await #expect(throws: CategoryError.unknown(name: "Jam", closeNames: [])) {
            try await resolver.resolve(["Jam"], create: false)
        }
        await #expect(throws: CategoryError.emptyName) { try await resolver.resolve(["  "], create: true) }
    }

    @Test func aNameTwoCategoriesShareIsRefusedWithBothIDs() async throws {
        let resolver = try await resolver()
        do {
            _ = try await resolver.resolve(["hardware"], create: true)
            Issue.record("an ambiguous name must be refused")
        } catch let error as CategoryError {
            #expect(error.description.contains("HW1") && error.description.contains("HW2"))
        }
        #expect(try await resolver.resolve(["HW2"], create: false).ids == ["HW2"])
    }

    @Test func closeNamesAreOffered() async throws {
        do {
            _ = try await resolver().resolve(["Hardwear"], create: false)
            Issue.record("an unknown name must be refused")
        } catch let error as CategoryError {
            guard case .unknown(_, let close) = error else { throw error }
            #expect(close == ["HARDWARE", "Hardware"] || close == ["Hardware", "HARDWARE"])
            #expect(error.description.contains("--create-category"))
        }
    }
}
