import CatalogCore
import Foundation
import Sandbox
import Testing

@Suite("Vendors")
struct VendorsTests {
    @Test("bulk-retrieve answers a vendor or errors per id; retrieve by id; 404 for an unknown one")
    func retrieve() async throws {
        try await withSandbox(SandboxConfiguration(seed: .demo)) { _, client in
            let all = try await client.post("/v2/vendors/search", [:]).json["vendors"]?.arrayValue ?? []
            #expect(all.count == 4)
            let acme = try #require(all.first { $0["name"] == "Acme Supply" })
            let id = try #require(acme["id"]?.stringValue)
            let reply = try await client.post(
                "/v2/vendors/bulk-retrieve", ["vendor_ids": [.string(id), "NOPE", .string(id)]])
            #expect(reply.status == 200)
            let responses = try #require(reply.json["responses"]?.objectValue)
            #expect(responses.count == 2)
            #expect(responses[id]?["vendor"] == acme)
            #expect(responses["NOPE"]?["errors"]?[0]?["code"] == "NOT_FOUND")
            #expect(responses["NOPE"]?["vendor"] == nil)
            #expect(try await client.get("/v2/vendors/\(id)").json["vendor"] == acme)
            #expect(try await client.get("/v2/vendors/NOPE").status == 404)
            #expect(try await client.post("/v2/vendors/bulk-retrieve", [:]).code == "MISSING_REQUIRED_PARAMETER")
            let many = JSONValue.array((0...100).map { .string("V\($0)") })
            #expect(
                try await client.post("/v2/vendors/bulk-retrieve", ["vendor_ids": many]).code == "ARRAY_LENGTH_TOO_LONG"
            )
        }
    }

    @Test("search filters by name and status, sorts by NAME or CREATED_AT and pages with a cursor bound to the query")
    func search() async throws {
        try await withSandbox(SandboxConfiguration(seed: .synthetic(variations: 200))) { _, client in
            let query: JSONValue = ["sort": ["field": "NAME", "order": "DESC"]]
            var names: [String] = []
            var cursor: JSONValue?
            var pages = 0
            repeat {
                var body = query
                if let cursor { body["cursor"] = cursor }
                let page = try await client.post("/v2/vendors/search", body)
                #expect(page.status == 200)
                names += (page.json["vendors"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
                cursor = page.json["cursor"]
                pages += 1
            } while cursor != nil
            #expect(pages > 1)
            #expect(names.count == 20 && Set(names).count == 20)
            #expect(names == names.sorted(by: >))

            let first = try await client.post("/v2/vendors/search", query)
            var other: JSONValue = ["sort": ["field": "CREATED_AT"]]
            other["cursor"] = try #require(first.json["cursor"])
            #expect(try await client.post("/v2/vendors/search", other).code == "INVALID_CURSOR")

            let named = try await client.post(
                "/v2/vendors/search", ["filter": ["name": ["acme supply"], "status": ["ACTIVE"]]])
            #expect(named.json["vendors"]?.arrayValue?.map { $0["name"] } == ["Acme Supply"])
            let inactive = try await client.post("/v2/vendors/search", ["filter": ["status": ["INACTIVE"]]])
            #expect(inactive.status == 200 && inactive.json["vendors"] == nil)
            let wrong = try await client.post("/v2/vendors/search", ["filter": ["status": ["GONE"]]])
            #expect(wrong.status == 400 && wrong.code == "INVALID_ENUM_VALUE")
            let byDate = try await client.post("/v2/vendors/search", ["sort": ["field": "CREATED_AT"]])
            let dates = (byDate.json["vendors"]?.arrayValue ?? []).compactMap { $0["created_at"]?.stringValue }
            #expect(dates == dates.sorted() && dates.count == 10)
        }
    }
}
