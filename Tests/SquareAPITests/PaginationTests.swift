import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Testing

@Suite("Pagination against the sandbox")
struct PaginationTests {
    static let variations = 250

    @Test("listing walks every page and sees each variation exactly once")
    func listVisitsEveryObjectOnce() async throws {
        try await SandboxHarness.run(seed: .synthetic(variations: Self.variations)) { _, client, log in
            var pages: [CatalogObjectsPage] = []
            for try await page in client.listAllCatalog(types: ["ITEM_VARIATION"]) { pages.append(page) }
            let ids = pages.flatMap(\.objects).compactMap { $0["id"]?.stringValue }
            #expect(ids.count == Self.variations)
            #expect(Set(ids).count == Self.variations)
            #expect(pages.map(\.objects.count) == [100, 100, 50])
            #expect(pages.last?.cursor == nil)
            // Every follow-up repeats the original query and adds the cursor.
            let queries = log.matching("GET", "/v2/catalog/list").map(\.query)
            #expect(queries.count == 3)
            #expect(queries.allSatisfy { $0.contains("types=ITEM_VARIATION") })
            #expect(queries.dropFirst().allSatisfy { $0.contains("cursor=") })

            let items = try await SandboxHarness.listAll(client, types: ["ITEM"])
            let inline = items.reduce(0) { $0 + ($1["item_data"]?["variations"]?.arrayValue?.count ?? 0) }
            #expect(inline == Self.variations)
        }
    }

    @Test("search resends the original body with each cursor and sees each object exactly once")
    func searchVisitsEveryObjectOnce() async throws {
        try await SandboxHarness.run(seed: .synthetic(variations: Self.variations)) { _, client, log in
            let request: JSONValue = ["object_types": ["ITEM_VARIATION"], "limit": 60]
            var ids: [String] = []
            var latest: String?
            for try await page in client.searchAllCatalogObjects(request) {
                ids += page.objects.compactMap { $0["id"]?.stringValue }
                latest = page.latestTime ?? latest
            }
            #expect(ids.count == Self.variations)
            #expect(Set(ids).count == Self.variations)
            #expect(latest != nil)
            let bodies = try log.matching("POST", "/v2/catalog/search").map { try JSONValue.parse($0.requestBody) }
            #expect(bodies.count == 5)
            #expect(bodies.first == request)
            for body in bodies.dropFirst() {
                var withoutCursor = body
                #expect(withoutCursor["cursor"]?.stringValue != nil)
                withoutCursor["cursor"] = nil
                #expect(withoutCursor == request)
            }
        }
    }

    @Test("a failing page ends the stream with the SquareError")
    func failureEndsStream() async throws {
        try await SandboxHarness.run(seed: .synthetic(variations: Self.variations), retry: .none) { server, client, _ in
            var seen = 0
            await server.setFaults(SandboxFaults(rateLimitEvery: 2))
            let error = await #expect(throws: SquareError.self) {
                for try await page in client.listAllCatalog(types: ["ITEM_VARIATION"]) { seen += page.objects.count }
            }
            #expect(seen == 100)
            #expect(error?.status == 429)
        }
    }
}
