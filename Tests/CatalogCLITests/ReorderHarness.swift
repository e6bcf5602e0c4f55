import CatalogCore
import Foundation
import Sandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every request a sandbox answered, by path, for tests that count requests.
final class ExchangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [SandboxExchange] = []
    private var triggers: [(method: String, path: String, action: @Sendable () -> Void)] = []

    func record(_ exchange: SandboxExchange) {
        lock.lock()
        exchanges.append(exchange)
        var fired: [@Sendable () -> Void] = []
        triggers.removeAll { trigger in
            guard trigger.method == exchange.method, trigger.path == exchange.path else { return false }
            fired.append(trigger.action)
            return true
        }
        lock.unlock()
        for action in fired { action() }
    }

    /// Runs `action` once, when the next `method` `path` request has been handled and before its answer
    /// goes out (the sandbox reports an exchange before it responds).
    func whenHandled(_ method: String, _ path: String, _ action: @escaping @Sendable () -> Void) {
        lock.lock()
        triggers.append((method, path, action))
        lock.unlock()
    }

    func requests(to path: String) -> [SandboxExchange] {
        lock.lock()
        defer { lock.unlock() }
        return exchanges.filter { $0.path == path }
    }
}

/// A sandbox (optionally kept in a data file so it can be stopped and started again) with a scratch
/// folder and database for `catalog reorder` runs.
struct ReorderShop {
    static let token = "reorder-test-token-8c1d"
    var server: SandboxServer?
    let folder: URL
    let seed: SandboxSeed
    let log = ExchangeLog()
    /// The URL of the last sandbox started, kept when it stops so `catalog` finds nobody there.
    private(set) var baseURL: URL

    static func start(seed: SandboxSeed = .demo, keepData: Bool = false) async throws -> ReorderShop {
        let folder = try CLI.scratch()
        var shop = ReorderShop(server: nil, folder: folder, seed: seed, baseURL: URL(string: "http://127.0.0.1:1")!)
        try await shop.startServer(faults: SandboxFaults(), keepData: keepData)
        return shop
    }

    var database: String { folder.appendingPathComponent("catalog.sqlite").path }
    var dataFile: String { folder.appendingPathComponent("sandbox.json").path }

    var environment: [String: String] {
        [
            "SQUARE_BASE_URL": baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": Self.token, "CATALOG_DB": database,
            "CATALOG_COUNTER": "test-till",
        ]
    }

    /// Starts the sandbox (again), on the data file when `keepData`.
    mutating func startServer(faults: SandboxFaults, keepData: Bool = true) async throws {
        let log = log
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: Self.token, seed: seed, dataFile: keepData ? dataFile : nil, faults: faults,
                onExchange: { log.record($0) }))
        self.server = server
        baseURL = server.baseURL
    }

    mutating func stopServer() async {
        await server?.stop()
        server = nil
    }

    func catalog(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> CLIResult {
        try await CLI.run(arguments, environment: environment.merging(extra) { $1 }, folder: folder)
    }

    /// Runs `catalog`, expecting exit 0.
    @discardableResult
    func ok(_ arguments: String...) async throws -> CLIResult {
        let result = try await CLI.run(arguments, environment: environment, folder: folder)
        guard result.status == 0 else {
            throw HarnessError("catalog \(arguments.joined(separator: " ")) exited \(result.status): \(result.all)")
        }
        return result
    }

    /// The JSON objects of a command that prints one per line.
    func jsonLines(_ arguments: String...) async throws -> [JSONValue] {
        let result = try await CLI.run(arguments, environment: environment, folder: folder)
        guard result.status == 0 else {
            throw HarnessError("catalog \(arguments.joined(separator: " ")) exited \(result.status): \(result.all)")
        }
        return try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// The sandbox's own IN_STOCK count of a variation at a location (`GET /v2/inventory/{id}`); "0" when
    /// it has none.
    func inStock(_ variationID: String, at locationID: String) async throws -> String {
        var request = URLRequest(url: baseURL.appendingPathComponent("v2/inventory/\(variationID)"))
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let body = try JSONValue.parse(data)
        let count = body["counts"]?.arrayValue?.first {
            $0["location_id"]?.stringValue == locationID && $0["state"]?.stringValue == "IN_STOCK"
        }
        return count?["quantity"]?.stringValue ?? "0"
    }

    /// Location ids by name, as the sandbox has them.
    func locations() async throws -> [String: String] {
        var request = URLRequest(url: baseURL.appendingPathComponent("v2/locations"))
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        var names: [String: String] = [:]
        for location in try JSONValue.parse(data)["locations"]?.arrayValue ?? [] {
            if let name = location["name"]?.stringValue, let id = location["id"]?.stringValue { names[name] = id }
        }
        return names
    }

    /// The variation id `catalog show CODE` finds.
    func variationID(_ code: String) async throws -> String {
        let shown = try await ok("show", code, "--json")
        let first = shown.stdout.split(separator: "\n").first.map(String.init) ?? ""
        guard let id = try JSONValue.parse(first)["variation_id"]?.stringValue else {
            throw HarnessError("catalog show \(code) printed no variation id")
        }
        return id
    }

    func stop() async {
        await server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Three Workshop Cable Ties sizes in the demo shop: unique barcodes and SKUs, all from Acme Supply.
enum DemoCodes {
    static let small = "05012345003627"
    static let medium = "05012345003634"
    static let large = "05012345003641"
}
