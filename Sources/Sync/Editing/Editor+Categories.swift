import CatalogCore
import Foundation
import SquareAPI
import Store

extension Editor {
    /// Creates the new categories of a resolution in Square (one batch, one key) and returns the
    /// resolution's ids with each temporary `#` id replaced by the real one.
    public func createCategories(_ resolution: CategoryResolution) async throws -> [String] {
        guard !resolution.newObjects.isEmpty else { return resolution.ids }
        let result = try await client.batchUpsertCatalogObjects(batches: [resolution.newObjects])
        let real = Dictionary(
            result.idMappings.map { ($0.clientObjectID, $0.objectID) }, uniquingKeysWith: { first, _ in first })
        let history = result.objects.map { object in
            HistoryEntry(
                at: database.clock.now().rfc3339, counter: counter, action: .create, objectType: "CATEGORY",
                objectID: object["id"]?.stringValue ?? "",
                itemID: nil, field: "name", oldValue: nil, newValue: object["category_data"]?["name"],
                version: object["version"]?.int64Value)
        }
        try await database.recordWrite(objects: result.objects, history: history)
        return resolution.ids.map { real[$0] ?? $0 }
    }
}
