import CatalogCore
import Foundation
import Sandbox
import SquareAPI

/// Records every exchange the sandbox reports, for assertions on what went over the wire.
final class ExchangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SandboxExchange] = []

    func append(_ exchange: SandboxExchange) {
        lock.lock()
        entries.append(exchange)
        lock.unlock()
    }

    var all: [SandboxExchange] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func matching(_ method: String, _ path: String) -> [SandboxExchange] {
        all.filter { $0.method == method && $0.path == path }
    }
}

enum SandboxHarness {
    static let token = "sandbox-secret-token-7f3a9"

    /// Starts a sandbox on a free port, runs `body` with a client pointed at it, and stops it.
    static func run<T>(
        seed: SandboxSeed = .demo,
        faults: SandboxFaults = SandboxFaults(),
        token clientToken: String = token,
        requestTimeout: TimeInterval = 10,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 8, initialDelay: 0.02, maxDelay: 0.2),
        clock: any CatalogClock = SystemClock(),
        _ body: (SandboxServer, SquareClient, ExchangeLog) async throws -> T
    ) async throws -> T {
        let log = ExchangeLog()
        let server = try await SandboxServer.start(
            SandboxConfiguration(
                port: 0, token: token, seed: seed, faults: faults, onExchange: log.append,
                // The inventory tests post changes as of 2025-09-01: Square's clock reads that day.
                clockOffset: SandboxConfiguration.clockOffset(makingNow: "2025-09-01T23:00:00Z")))
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: server.baseURL, accessToken: clientToken, requestTimeout: requestTimeout, retry: retry,
                clock: clock))
        do {
            let result = try await body(server, client, log)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A new item with `#` ids and the given variations (name, price in pence).
    static func newItem(_ name: String, variations: [(String, Int64)]) -> JSONValue {
        let itemKey = "#" + name.replacingOccurrences(of: " ", with: "-")
        let list: [JSONValue] = variations.enumerated().map { index, variation in
            [
                "type": "ITEM_VARIATION", "id": .string("\(itemKey)-v\(index)"),
                "item_variation_data": [
                    "item_id": .string(itemKey), "name": .string(variation.0), "pricing_type": "FIXED_PRICING",
                    "price_money": ["amount": .int(variation.1), "currency": "GBP"],
                ],
            ]
        }
        return [
            "type": "ITEM", "id": .string(itemKey),
            "item_data": ["name": .string(name), "variations": .array(list)],
        ]
    }

    /// Every live object of `types`, walking all pages of a list.
    static func listAll(_ client: SquareClient, types: [String]) async throws -> [JSONValue] {
        var objects: [JSONValue] = []
        for try await page in client.listAllCatalog(types: types) { objects += page.objects }
        return objects
    }
}

/// Starts `call` in a task whose value is the `SquareError` it ended with, or nil when it succeeded: for
/// tests that act (move a clock, cancel) while a call is under way.
func failure(of call: @escaping @Sendable () async throws(SquareError) -> Void) -> Task<SquareError?, Never> {
    Task {
        do throws(SquareError) {
            try await call()
            return nil
        } catch {
            return error
        }
    }
}
