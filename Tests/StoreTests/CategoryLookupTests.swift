import CatalogCore
import Store
import Testing

@Suite struct CategoryLookupTests {
    func shop() async throws -> CatalogDatabase {
        let database = try temporaryDatabase()
        var sub = category("SUB", name: "Café  Supplies", version: 3)
        sub["category_data"]?["parent_category"] = ["id": "TOP"]
        _ = try await database.apply([
            category("TOP", name: "Kitchen", version: 1),
            sub,
            category("HW1", name: "Hardware", version: 2),
            category("HW2", name: "hardware", version: 2),
            category("PNT", name: "Paint & Decorating", version: 4),
        ])
        return database
    }

    @Test func namesMatchIgnoringCaseAccentsAndSpaces() async throws {
        let database = try await shop()
        for typed in ["café supplies", "CAFE SUPPLIES", "  Cafe   supplies ", "Café Supplies"] {
            let found = try await database.categories(named: typed)
            #expect(found.map(\.id) == ["SUB"], "\(typed)")
        }
        #expect(try await database.categories(named: "paint & decorating").map(\.name) == ["Paint & Decorating"])
        #expect(try await database.categories(named: "Paint").isEmpty)
        #expect(try await database.categories(named: "   ").isEmpty)
    }

    @Test func twoCategoriesWithOneNameAreBothReturned() async throws {
        let database = try await shop()
        let found = try await database.categories(named: "HARDWARE")
        #expect(Set(found.map(\.id)) == ["HW1", "HW2"])
    }

    @Test func allCategoriesAndLookupByID() async throws {
        let database = try await shop()
        let all = try await database.allCategories()
        #expect(all.count == 5)
        #expect(all.first { $0.id == "SUB" }?.parentID == "TOP")
        #expect(Set(all.map(\.id)) == ["TOP", "SUB", "HW1", "HW2", "PNT"])
        #expect(try await database.category(id: "PNT") == CategorySummary(id: "PNT", name: "Paint & Decorating"))
        #expect(try await database.category(id: "NOPE") == nil)
        #expect(try await temporaryDatabase().allCategories().isEmpty)
    }

    @Test func theComparisonKeyFoldsCaseAccentsWidthAndSpaces() {
        #expect(CatalogDatabase.categoryKey(" Crème\tBrûlée ") == "creme brulee")
        #expect(CatalogDatabase.categoryKey("ＴＥＡ") == "tea")
        #expect(CatalogDatabase.categoryKey("Straße") == CatalogDatabase.categoryKey("straße"))
    }
}
