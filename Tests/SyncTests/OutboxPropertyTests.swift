import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// Random interleavings of edits, stock receipts and item creations while Square refuses, answers with
/// something that is not Square, drops answers after applying the write, or goes away, with several
/// senders working the outbox at once. Afterwards Square holds each intended write exactly once and the
/// history holds exactly one row per write.
@Suite struct OutboxPropertyTests {
    /// One intended write and how the call that made it ended.
    enum Intent {
        /// A price edit to a unique amount; `outboxID` when it was queued (or stored before being sent).
        case edit(variationID: String, amount: Int64, applied: Bool, outboxID: Int64?)
        case receipt(variationID: String, quantity: Int, posted: Bool, outboxID: Int64?)
        case creation(name: String, created: Bool, outboxID: Int64?)
    }

    /// The fault plans a step may run under.
    /// (Fault counters start again at every change of plan, so the "every Nth" faults come as 1 and 2: the
    /// first request of a step, a receipt's or a creation's only one, must be hit too.)
    static let weather: [SandboxFaults] = [
        SandboxFaults(),
        SandboxFaults(failRate: 1),  // Square away: every request 500
        SandboxFaults(dropEvery: 1),  // every answer lost after the write was applied
        SandboxFaults(dropEvery: 2),
        SandboxFaults(foreignAnswerEvery: 1),  // 200 {} from something that is not Square
        SandboxFaults(foreignAnswerEvery: 2),
        SandboxFaults(failRate: 0.5, seed: 9),
    ]

    static func client(_ harness: SyncHarness) -> SquareClient {
        SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: harness.server.baseURL, accessToken: SyncHarness.token, requestTimeout: 5,
                retry: RetryPolicy(maxAttempts: 2, initialDelay: 0.005, maxDelay: 0.01)))
    }

    /// IN_STOCK counts at `location` by variation id, as Square holds them.
    static func counts(_ client: SquareClient, _ ids: [String], at location: String) async throws -> [String: Int] {
        let page = try await client.batchRetrieveInventoryCounts([
            "catalog_object_ids": .array(ids.map { .string($0) }), "location_ids": [.string(location)],
            "states": ["IN_STOCK"],
        ])
        var counts: [String: Int] = [:]
        for count in page.counts {
            if let id = count["catalog_object_id"]?.stringValue {
                counts[id] = Int(count["quantity"]?.stringValue ?? "0") ?? 0
            }
        }
        return counts
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everyIntendedWriteLandsOnceAndIsRecordedOnce(seed: UInt64) async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let admin = harness.client
            let location = try #require(try await admin.listLocations().first?["id"]?.stringValue)
            let objects = try await harness.serverObjects()
            let pool = objects.values.filter {
                $0["type"] == "ITEM_VARIATION" && $0["item_variation_data"]?["price_money"]?["currency"] == "GBP"
            }.compactMap { $0["id"]?.stringValue }.sorted().prefix(6)
            let variations = Array(pool)
            let victim = variations[5]
            let startCounts = try await Self.counts(admin, variations, at: location)

            let client = Self.client(harness)
            let senders = (0..<3).map { index in
                var editor = Editor(database: harness.database, client: client, counter: "till-\(index)")
                editor.sender = OutboxSender(token: "\(ProcessInfo.processInfo.hostName) \(getpid()) sender\(index)")
                return editor
            }
            var random = SplitMix64(seed: seed)
            func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
            var intents: [Intent] = []
            var nextAmount: Int64 = 10_000 + Int64(seed) * 1000

            for step in 0..<40 {
                await harness.server.setFaults(step == 20 ? SandboxFaults() : Self.weather[pick(Self.weather.count)])
                if step == 20 {  // Square deletes one variation: later writes to it are refused.
                    _ = try await admin.deleteCatalogObject(id: victim)
                    await harness.server.setFaults(Self.weather[pick(Self.weather.count)])
                }
                let editor = senders[pick(senders.count)]
                let variationID = variations[pick(variations.count)]
                guard let summary = try await harness.database.variation(objectID: variationID) else { continue }
                switch pick(4) {
                case 0:
                    nextAmount += 1
                    let amount = nextAmount
                    let edit = FieldEdit(.price, Money(amount: amount, currency: "GBP").json)
                    do {
                        let result = try await editor.edit(
                            variationID: variationID, itemID: summary.itemID, label: summary.label, edits: [edit])
                        switch result.status {
                        case .applied:
                            intents.append(
                                .edit(variationID: variationID, amount: amount, applied: true, outboxID: nil))
                        case .queued(let id, _):
                            intents.append(
                                .edit(variationID: variationID, amount: amount, applied: false, outboxID: id))
                        default: break
                        }
                    } catch {
                        intents.append(.edit(variationID: variationID, amount: amount, applied: false, outboxID: nil))
                    }
                case 1:
                    let quantity = 1 + pick(5)
                    do {
                        let result = try await editor.receiveStock(
                            variation: summary, quantity: quantity, locationID: location)
                        intents.append(
                            .receipt(
                                variationID: variationID, quantity: quantity, posted: result.status == .posted,
                                outboxID: result.receipt.outboxID))
                    } catch {
                        intents.append(
                            .receipt(variationID: variationID, quantity: quantity, posted: false, outboxID: nil))
                    }
                case 2:
                    let name = "Property Tea \(seed)-\(step)"
                    var creator = ItemCreator(database: harness.database, client: client, counter: editor.counter)
                    creator.sender = editor.sender
                    let draft = ItemDraft(
                        name: name, variations: [ItemDraft.Variation(price: Money(amount: 350, currency: "GBP"))])
                    do {
                        let creation = try await creator.create(draft)
                        if case .queued(let id, _) = creation.status {
                            intents.append(.creation(name: name, created: false, outboxID: id))
                        } else {
                            intents.append(.creation(name: name, created: true, outboxID: nil))
                        }
                    } catch {
                        intents.append(.creation(name: name, created: false, outboxID: nil))
                    }
                default:
                    // Several senders at once.
                    await withTaskGroup(of: Void.self) { group in
                        for sender in senders { group.addTask { _ = try? await sender.sendOutbox() } }
                    }
                }
            }

            // Square is back for good: the outbox is sent until nothing waits.
            await harness.server.setFaults(SandboxFaults())
            for _ in 0..<3 {
                await withTaskGroup(of: Void.self) { group in
                    for sender in senders { group.addTask { _ = try? await sender.sendOutbox() } }
                }
            }
            let entries = try await harness.database.outboxEntries()
            #expect(entries.filter { $0.status == .pending }.isEmpty, "\(entries.filter { $0.status == .pending })")
            let status = Dictionary(entries.compactMap { entry in entry.id.map { ($0, entry.status) } }) { a, _ in a }
            func landed(_ done: Bool, _ id: Int64?) -> Bool { done || id.flatMap { status[$0] } == .applied }

            let history = try await harness.database.history(limit: 100_000)
            let serverNow = try await harness.serverObjects()
            var received: [String: Int] = [:]
            for intent in intents {
                switch intent {
                case .edit(let variationID, let amount, let applied, let outboxID):
                    let rows = history.filter {
                        $0.objectID == variationID && $0.field == "price"
                            && $0.newValue?["amount"]?.int64Value == amount
                    }
                    #expect(rows.count == (landed(applied, outboxID) ? 1 : 0), "edit to \(amount): \(rows.count) rows")
                case .receipt(let variationID, let quantity, let posted, let outboxID):
                    if landed(posted, outboxID) { received[variationID, default: 0] += quantity }
                case .creation(let name, let created, let outboxID):
                    let items = serverNow.values.filter {
                        $0["type"] == "ITEM" && $0["item_data"]?["name"]?.stringValue == name
                    }
                    let rows = history.filter { $0.field == "name" && $0.newValue?.stringValue == name }
                    let expected = landed(created, outboxID) ? 1 : 0
                    #expect(items.count == expected, "\(name): \(items.count) items in Square")
                    #expect(rows.count == expected, "\(name): \(rows.count) history rows")
                }
            }
            let endCounts = try await Self.counts(admin, variations, at: location)
            for variationID in variations where variationID != victim {
                #expect(
                    endCounts[variationID, default: 0] == startCounts[variationID, default: 0]
                        + received[variationID, default: 0],
                    "stock of \(variationID)")
            }
            // Every applied price edit in the history, once: no write recorded twice.
            let priceRows = history.filter { $0.action == .edit && $0.field == "price" }.compactMap {
                $0.newValue?["amount"]?.int64Value
            }
            #expect(priceRows.count == Set(priceRows).count)
        }
    }
}
