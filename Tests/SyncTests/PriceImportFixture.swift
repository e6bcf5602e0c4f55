import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// Paths of the requests a sandbox answered, in order.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(method: String, path: String, status: Int)] = []

    func add(_ exchange: SandboxExchange) {
        lock.withLock { entries.append((exchange.method, exchange.path, exchange.status)) }
    }

    /// How many requests went to `path` with `method` (any status).
    func count(_ method: String, _ path: String) -> Int {
        lock.withLock { entries.filter { $0.method == method && $0.path == path }.count }
    }

    func reset() { lock.withLock { entries.removeAll() } }
}

/// A synced database next to a sandbox with a synthetic shop, and the importer over them.
struct PriceImportFixture {
    let server: SandboxServer
    let client: SquareClient
    let database: CatalogDatabase
    let folder: URL
    let log: RequestLog
    var importer: PriceImport { PriceImport(database: database) }

    static func start(variations: Int = 600, dataFile: String? = nil) async throws -> PriceImportFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("price-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = RequestLog()
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: SyncHarness.token, seed: .synthetic(variations: variations),
                dataFile: dataFile.map { folder.appendingPathComponent($0).path }, onExchange: { log.add($0) }))
        let client = SyncHarness.client(for: server.baseURL)
        let database = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        _ = try await SyncEngine(database: database, client: client).run()
        log.reset()
        return PriceImportFixture(server: server, client: client, database: database, folder: folder, log: log)
    }

    /// Variations with a fixed price, a valid barcode and a SKU no other variation has.
    func variations(_ count: Int) async throws -> [VariationSummary] {
        let all = try await database.activeVariations()
        var skuCounts: [String: Int] = [:]
        for variation in all { if let sku = variation.sku { skuCounts[SKU.key(sku), default: 0] += 1 } }
        let usable = all.filter { variation in
            variation.price != nil && variation.gtin != nil && variation.upc != nil
                && variation.sku.map { skuCounts[SKU.key($0)] == 1 } == true
        }
        #expect(usable.count >= count, "the seed has too few variations with barcode, SKU and price")
        return Array(usable.prefix(count))
    }

    /// The variation as Square holds it now.
    func serverObject(_ id: String) async throws -> JSONValue {
        try await client.retrieveCatalogObject(id: id).object
    }

    /// The same price plus `cents`, in the variation's currency.
    static func raised(_ variation: VariationSummary, by cents: Int64) -> Money {
        Money(amount: variation.price!.amount + cents, currency: variation.price!.currency)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Array where Element == String {
    /// The lines as the bytes of a file with LF line ends.
    var csv: [UInt8] { [UInt8]((joined(separator: "\n") + "\n").utf8) }
}
