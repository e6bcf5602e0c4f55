import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// A sandbox on 127.0.0.1, a client for it, and a fresh database file.
struct SyncHarness {
    static let token = "sync-test-token"
    let server: SandboxServer
    let client: SquareClient
    let database: CatalogDatabase
    let folder: URL

    var engine: SyncEngine { SyncEngine(database: database, client: client) }

    static func start(
        seed: SandboxSeed, dataFile: String? = nil, onExchange: (@Sendable (SandboxExchange) -> Void)? = nil
    ) async throws -> SyncHarness {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try await SandboxServer.start(
            SandboxConfiguration(port: 0, token: token, seed: seed, dataFile: dataFile, onExchange: onExchange))
        return SyncHarness(
            server: server, client: client(for: server.baseURL),
            database: try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path), folder: folder)
    }

    /// A client that retries quickly, so fault-injection tests stay short.
    static func client(for baseURL: URL) -> SquareClient {
        SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: baseURL, accessToken: token, requestTimeout: 5,
                retry: RetryPolicy(maxAttempts: 12, initialDelay: 0.01, maxDelay: 0.2)))
    }

    /// Every live object of the types sync keeps that the server holds, by id.
    func serverObjects() async throws -> [String: JSONValue] { try await Self.objects(client) }

    /// Every live object of the types sync keeps (items, variations, categories, and the pricing rules,
    /// discounts, product sets, time periods, taxes and units) that `client`'s server holds, by id.
    static func objects(_ client: SquareClient) async throws -> [String: JSONValue] {
        var objects: [String: JSONValue] = [:]
        let request: JSONValue = [
            "object_types": .array(SyncEngine.objectTypes.map(JSONValue.string)), "include_deleted_objects": false,
            "limit": 1000,
        ]
        for try await page in client.searchAllCatalogObjects(request) {
            for object in page.objects { objects[object["id"]!.stringValue!] = object }
        }
        return objects
    }

    /// Checks that the database holds exactly the server's live objects, each byte for byte.
    func expectDatabaseEqualsServer(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let server = try await serverObjects()
        let local = try await database.allObjects()
        let missing = Set(server.keys).subtracting(local.keys).sorted()
        let extra = Set(local.keys).subtracting(server.keys).sorted()
        #expect(
            missing.isEmpty, "\(missing.count) missing locally, e.g. \(missing.prefix(3))",
            sourceLocation: sourceLocation)
        #expect(extra.isEmpty, "\(extra.count) extra locally, e.g. \(extra.prefix(3))", sourceLocation: sourceLocation)
        let different = server.filter { local[$0.key] != nil && local[$0.key] != $0.value }.map(\.key).sorted()
        #expect(
            different.isEmpty, "\(different.count) objects differ, e.g. \(different.prefix(3))",
            sourceLocation: sourceLocation)
        let counts = try await database.counts()
        let variations = server.values.filter { $0["type"] == "ITEM_VARIATION" }.count
        #expect(counts["variations"] == variations, sourceLocation: sourceLocation)
        #expect(counts["items"] == server.values.filter { $0["type"] == "ITEM" }.count, sourceLocation: sourceLocation)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
