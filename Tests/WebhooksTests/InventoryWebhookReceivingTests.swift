import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing
import Webhooks

#if canImport(Glibc)
    import Glibc
#endif

/// `inventory.count.updated` events reaching the stock figures `catalog show` reads (the Store's
/// `stockCounts`), through the listener `catalog webhook serve` runs, over real HTTP into a real SQLite file.
@Suite("Inventory webhooks received")
struct InventoryWebhookReceivingTests {
    static let variation = "VAR-STOCK-1"
    static let location = "LOC-STOCK-1"

    /// A database file of its own in a scratch folder, removed after `body`.
    static func withDatabase(_ body: (CatalogDatabase) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-stock-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path))
    }

    /// An `inventory.count.updated` event with IN_STOCK `quantity` calculated at `calculatedAt` (none when
    /// nil), and a SOLD count beside it.
    static func event(id: String, quantity: String, calculatedAt: String?) -> [UInt8] {
        let event: JSONValue = [
            "merchant_id": "MTEST0000001", "type": "inventory.count.updated", "event_id": .string(id),
            "created_at": "2026-11-26T10:00:01Z",
            "data": [
                "type": "inventory_counts", "id": .string(UUID().uuidString),
                "object": [
                    "inventory_counts": [
                        [
                            "catalog_object_id": .string(variation), "catalog_object_type": "ITEM_VARIATION",
                            "state": "IN_STOCK", "location_id": .string(location), "quantity": .string(quantity),
                            "calculated_at": calculatedAt.map(JSONValue.string) ?? .null,
                        ],
                        [
                            "catalog_object_id": .string(variation), "catalog_object_type": "ITEM_VARIATION",
                            "state": "SOLD", "location_id": .string(location), "quantity": "1000",
                            "calculated_at": calculatedAt.map(JSONValue.string) ?? .null,
                        ],
                    ]
                ],
            ],
        ]
        return event.serializedBytes()
    }

    static func stock(_ database: CatalogDatabase) async throws -> String? {
        try await database.stockCounts(variationID: variation)[location]
    }

    @Test("an event older than the stored figure changes nothing; a newer one replaces it (by time, not text)")
    func staleEventsNeverOverwrite() async throws {
        try await Self.withDatabase { database in
            try await withWebhookListener(database: database, sync: {}) { _, coalescer, poster in
                let first = try await poster.post(
                    Self.event(id: "e1", quantity: "5", calculatedAt: "2026-11-26T10:00:00.5Z"))
                #expect(first.status == 200 && first.body["status"] == "accepted")
                #expect(try await Self.stock(database) == "5")
                // Half a second earlier, though "…00Z" sorts after "…00.5Z" as text: refused.
                let late = try await poster.post(
                    Self.event(id: "e2", quantity: "9", calculatedAt: "2026-11-26T10:00:00Z"))
                #expect(late.status == 200)
                #expect(try await Self.stock(database) == "5")
                // The same instant as the first, written with an offset: equal, so it is stored.
                let same = try await poster.post(
                    Self.event(id: "e3", quantity: "5.5", calculatedAt: "2026-11-26T11:00:00.500+01:00"))
                #expect(same.status == 200)
                #expect(try await Self.stock(database) == "5.5")
                let newer = try await poster.post(
                    Self.event(id: "e4", quantity: "4", calculatedAt: "2026-11-26T10:00:01.25Z"))
                #expect(newer.status == 200)
                #expect(try await Self.stock(database) == "4")
                // An event with no calculated_at never replaces a count that has one.
                #expect(try await poster.post(Self.event(id: "e5", quantity: "77", calculatedAt: nil)).status == 200)
                #expect(try await Self.stock(database) == "4")
                await coalescer.waitUntilIdle()
            }
        }
    }

    @Test("a replayed event id and a bad or missing signature change nothing")
    func replaysAndForgeriesAreIgnored() async throws {
        try await Self.withDatabase { database in
            try await withWebhookListener(database: database, sync: {}) { listener, coalescer, poster in
                #expect(
                    try await poster.post(Self.event(id: "r1", quantity: "5", calculatedAt: "2026-11-26T10:00:00Z"))
                        .status == 200)
                #expect(try await Self.stock(database) == "5")
                // The same event id again, even carrying a newer figure: a duplicate, not stored.
                let replay = try await poster.post(
                    Self.event(id: "r1", quantity: "8", calculatedAt: "2026-11-26T10:05:00Z"))
                #expect(replay.status == 200 && replay.body["status"] == "duplicate")
                #expect(try await Self.stock(database) == "5")
                let newer = Self.event(id: "r2", quantity: "6", calculatedAt: "2026-11-26T10:06:00Z")
                let forged = WebhookSignature.expected(
                    body: newer, notificationURL: poster.notificationURL, key: "not-the-key")
                let refused = try await poster.post(newer, signature: forged)
                #expect(refused.status == 401)
                #expect(try await poster.post(newer, signed: false).status == 401)
                #expect(try await Self.stock(database) == "5")
                // Refused deliveries were not remembered: the real one, properly signed, still lands.
                #expect(try await poster.post(newer).status == 200)
                #expect(try await Self.stock(database) == "6")
                await coalescer.waitUntilIdle()
                #expect(await listener.receiver.tally == [.accepted: 2, .duplicate: 1, .unauthorized: 2])
            }
        }
    }

    @Test("a sale in the sandbox reaches the stored stock figure through the listener, without a sync")
    func sandboxSaleReachesTheStore() async throws {
        try await Self.withDatabase { database in
            let key = "sandbox-inventory-key"
            let quiet = WebhookLog.standardError(label: "webhook-tests", level: .critical)
            let syncs = WebhookSyncCounter()
            let coalescer = SyncCoalescer(logger: quiet) { await syncs.add() }
            let (listener, url) = try await Self.listening(key: key, coalescer: coalescer, database: database)
            try await cleaningUp({ await listener.stop() }) {
                let server = try await SandboxServer.start(
                    SandboxConfiguration(port: 0, token: "stock-token", seed: .demo, webhookURL: url, signatureKey: key)
                )
                try await cleaningUp({ await server.stop() }) {
                    let client = SquareClient(
                        configuration: SquareClientConfiguration(baseURL: server.baseURL, accessToken: "stock-token"))
                    let seeded = try #require(
                        try await client.batchRetrieveInventoryCounts(["states": ["IN_STOCK"]]).counts.first {
                            (InventoryQuantityText.value($0["quantity"]?.stringValue) ?? 0) >= 5
                        })
                    let variation = try #require(seeded["catalog_object_id"]?.stringValue)
                    let location = try #require(seeded["location_id"]?.stringValue)
                    // What a sync or the reorder list stored before the sale.
                    let before = try #require(StockCount(square: seeded))
                    try await database.saveStockCounts([before])
                    let occurred = Timestamp(seconds: Timestamp.now().seconds - 2).rfc3339
                    let answer = try await client.batchCreateInventoryChanges(
                        idempotencyKey: "sale-\(UUID())",
                        changes: [
                            [
                                "type": "ADJUSTMENT",
                                "adjustment": [
                                    "catalog_object_id": .string(variation), "location_id": .string(location),
                                    "from_state": "IN_STOCK", "to_state": "SOLD", "quantity": "3",
                                    "occurred_at": .string(occurred),
                                ],
                            ]
                        ])
                    let after = try #require(answer.counts.first?["quantity"]?.stringValue)
                    #expect(after != before.quantity)
                    let deadline = ContinuousClock.now + .seconds(30)
                    var stored = try await database.stockCounts(variationID: variation)[location]
                    while stored != after, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(20))
                        stored = try await database.stockCounts(variationID: variation)[location]
                    }
                    #expect(stored == after)
                    #expect(
                        InventoryQuantityText.value(after)
                            == InventoryQuantityText.value(before.quantity).map { $0 - 3 })
                    // The figure is stored before the event is answered (the sync is asked for in between): the
                    // answer is counted a moment later, later still under load (a CI run once checked first).
                    while await listener.receiver.tally[.accepted] == nil, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    #expect(await listener.receiver.tally[.accepted] == 1)
                    #expect(await listener.receiver.tally[.unauthorized] == nil)
                }
            }
        }
    }

    /// A listener whose notification URL is its own address (`http://127.0.0.1:PORT/square`), as the sandbox
    /// posts and signs for it: a free port is picked first, and picked again if another process took it.
    static func listening(key: String, coalescer: SyncCoalescer, database: CatalogDatabase) async throws
        -> (WebhookListener, String)
    {
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            let url = "http://127.0.0.1:\(port)/square"
            do {
                let listener = try await WebhookListener.start(
                    WebhookListenerConfiguration(port: port, notificationURL: url, signatureKey: key),
                    coalescer: coalescer, database: database,
                    logger: WebhookLog.standardError(label: "webhook-tests", level: .critical))
                return (listener, url)
            } catch {
                lastError = error
            }
        }
        throw lastError ?? CancellationError()
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago.
    static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socketFD, socketAddress, length) == 0 && getsockname(socketFD, socketAddress, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Square's decimal quantity strings as numbers, for comparing figures in tests.
enum InventoryQuantityText {
    static func value(_ text: String?) -> Decimal? { text.flatMap { Decimal(string: $0) } }
}
