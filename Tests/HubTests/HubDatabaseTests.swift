import CatalogCore
import Foundation
import Store
import Testing

/// The hub opens its database once, however many requests it answers: searches, lookups, label previews,
/// the reorder list and the history all go through the one pool it opened at start.
@Suite struct HubDatabaseTests {
    @Test func fiftyFiveRequestsOfEveryKindUseTheOnePoolTheHubOpened() async throws {
        try await HubShop.inMemory(opensItsDatabase: true) { shop in
            let path = shop.database.path
            let device = try await shop.pair()
            let before = CatalogDatabase.timesOpened(path)
            let code = "05012345003627"
            let paths = [
                "/api/v1/search?q=cable", "/api/v1/variations/\(code)", "/api/v1/search?q=\(code)",
                "/api/v1/labels/preview?code=\(code)&template=shelf-2x1", "/api/v1/reorder", "/api/v1/history",
                "/api/v1/outbox", "/api/v1/labels/stale", "/api/v1/counters",
            ]
            for round in 0..<5 {
                for path in paths {
                    let answer = try await shop.request("GET", path, device: device, accept: "*/*")
                    #expect(answer.status == 200, "round \(round) \(path): \(answer.status) \(answer.text.prefix(300))")
                }
                // A write too: the reorder list.
                let added = try await shop.request(
                    "POST", "/api/v1/reorder", body: ["code": .string(code), "quantity": 1], device: device)
                #expect(added.status == 200 || added.status == 201, "\(added.status) \(added.text.prefix(300))")
            }
            // The hub opened its pool at start (when it paired the device at the latest): not one more since.
            #expect(CatalogDatabase.timesOpened(path) == before)
            #expect(before >= 2, "the test's own pool and the hub's")
        }
    }
}
