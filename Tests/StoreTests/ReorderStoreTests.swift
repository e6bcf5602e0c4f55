import CatalogCore
import Foundation
import Store
import Testing

/// A variation with stock tracking, a supplier entry and per-location low-stock thresholds.
private func stocked(
    _ id: String, item: String, vendor: String?, cost: Int64? = nil, tracked: Bool = true,
    overrides: [JSONValue] = []
) -> JSONValue {
    var object = variation(id, item: item, version: 10, sku: "SKU-\(id)")
    object["item_variation_data"]?["track_inventory"] = .bool(tracked)
    if let vendor {
        var supply: JSONValue = ["vendor_id": .string(vendor), "vendor_code": .string("VC-\(id)")]
        if let cost { supply["unit_cost_money"] = ["amount": .int(cost), "currency": "USD"] }
        object["item_variation_data"]?["vendor_information"] = [supply]
    }
    if !overrides.isEmpty { object["item_variation_data"]?["location_overrides"] = .array(overrides) }
    return object
}

private func low(_ location: String, _ threshold: Int64, tracked: Bool? = nil) -> JSONValue {
    var override: JSONValue = [
        "location_id": .string(location), "inventory_alert_type": "LOW_QUANTITY",
        "inventory_alert_threshold": .int(threshold),
    ]
    if let tracked { override["track_inventory"] = .bool(tracked) }
    return override
}

/// A catalog of three items: a tracked mug from vendor V1 at $2.50, an untracked pen from V2, and a
/// cup without vendor information that is only present at location L2.
private func reorderCatalog() async throws -> CatalogDatabase {
    let database = try temporaryDatabase()
    var cupVariation = stocked("C1", item: "I3", vendor: nil, overrides: [low("L1", 4), low("L2", 6)])
    cupVariation["present_at_all_locations"] = false
    cupVariation["present_at_location_ids"] = ["L2"]
    var cup = item("I3", name: "Cup", version: 10, variations: [cupVariation])
    cup["present_at_all_locations"] = false
    cup["present_at_location_ids"] = ["L2"]
    _ = try await database.apply([
        item(
            "I1", name: "Mug", version: 10,
            variations: [
                stocked("M1", item: "I1", vendor: "V1", cost: 250, overrides: [low("L1", 5)]),
                stocked("M2", item: "I1", vendor: "V1", cost: 300, overrides: [low("L1", 3, tracked: false)]),
            ]),
        item(
            "I2", name: "Pen", version: 10,
            variations: [
                stocked("P1", item: "I2", vendor: "V2", tracked: false, overrides: [low("L2", 2, tracked: true)])
            ]),
        cup,
    ])
    try await database.saveVendors([["id": "V1", "name": "Acme Supply", "status": "ACTIVE"]])
    return database
}

@Suite struct ReorderStoreTests {
    @Test func addingAgainAddsUpAndTheHistoryKeepsEveryAdd() async throws {
        let database = try await reorderCatalog()
        let first = try await database.addToReorderList(variationID: "M1", quantity: 3, counter: "till-1")
        let second = try await database.addToReorderList(
            variationID: "M1", quantity: 4, note: "top shelf, \"blue\"", counter: "till-2")
        let third = try await database.addToReorderList(variationID: "M1", quantity: 1, counter: "till-1")
        #expect(first.id == second.id && second.id == third.id)
        #expect(third.quantity == 8)
        #expect(third.note == "top shelf, \"blue\"", "an add without a note keeps the earlier one")
        #expect(third.counter == "till-1" && third.lastCounter == "till-1")
        #expect(third.supply?.vendorID == "V1" && third.vendorName == "Acme Supply")
        #expect(third.supply?.unitCost == Money(amount: 250, currency: "USD"))
        #expect(third.lineCost == Money(amount: 2000, currency: "USD"))
        let events = try await database.reorderEvents()
        #expect(events.map(\.action) == ["add", "add", "add"])
        #expect(events.map(\.quantity) == [3, 4, 1])
        #expect(events.map(\.counter) == ["till-1", "till-2", "till-1"])
    }

    @Test func concurrentAddsFromTwoConnectionsAreAllCounted() async throws {
        let database = try await reorderCatalog()
        let other = try CatalogDatabase(path: database.path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, handle) in [database, other, database, other].enumerated() {
                group.addTask {
                    for _ in 0..<50 {
                        _ = try await handle.addToReorderList(variationID: "M1", quantity: 1, counter: "c\(index)")
                        _ = try await handle.addToReorderList(
                            variationID: index % 2 == 0 ? "M2" : "P1", quantity: 2, counter: "c\(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let lines = try await database.reorderLines(statuses: [.wanted])
        let quantities = Dictionary(uniqueKeysWithValues: lines.map { ($0.variationID, $0.quantity) })
        #expect(quantities == ["M1": 200, "M2": 200, "P1": 200])
        #expect(lines.count == 3, "one wanted line per variation")
        #expect(try await other.reorderEvents().filter { $0.action == "add" }.count == 400)
    }

    @Test func setQuantityRemoveAndClearKeepTheLinesAsRemoved() async throws {
        let database = try await reorderCatalog()
        _ = try await database.addToReorderList(variationID: "M1", quantity: 3, counter: "t")
        _ = try await database.addToReorderList(variationID: "M2", quantity: 2, counter: "t")
        let set = try await database.setReorderQuantity(variationID: "M1", quantity: 12, counter: "t")
        #expect(set?.quantity == 12 && set?.status == .wanted)
        #expect(try await database.setReorderQuantity(variationID: "P1", quantity: 5, counter: "t") == nil)
        let zero = try await database.setReorderQuantity(variationID: "M2", quantity: 0, counter: "t")
        #expect(zero?.status == .removed && zero?.closedAt != nil)

        let wanted = try await database.reorderLines(statuses: [.wanted])
        #expect(wanted.map(\.variationID) == ["M1"])
        #expect(try await database.removeReorderLines(ids: wanted.map(\.id), action: "clear", counter: "t") == 1)
        #expect(try await database.removeReorderLines(ids: wanted.map(\.id), action: "clear", counter: "t") == 0)
        #expect(try await database.reorderLines(statuses: [.wanted, .ordered]).isEmpty)
        let removed = try await database.reorderLines(statuses: [.removed])
        #expect(Set(removed.map(\.variationID)) == ["M1", "M2"])
        #expect(removed.first { $0.variationID == "M1" }?.quantity == 12)
        let actions = try await database.reorderEvents().map(\.action)
        #expect(actions == ["add", "add", "set", "remove", "clear"])

        // A removed variation added again starts a fresh wanted line.
        let again = try await database.addToReorderList(variationID: "M1", quantity: 1, counter: "t")
        #expect(again.quantity == 1 && !removed.map(\.id).contains(again.id))
    }

    @Test func orderingFreezesTheQuantityAndLaterAddsStayWanted() async throws {
        let database = try await reorderCatalog()
        let line = try await database.addToReorderList(variationID: "M1", quantity: 5, counter: "t")
        // Two more arrive between reading the list and marking it ordered.
        _ = try await database.addToReorderList(variationID: "M1", quantity: 2, counter: "t")
        let ordered = try await database.orderReorderLines(
            [(id: line.id, quantity: 5, vendorID: "V1")], reference: "PO-1", counter: "t")
        #expect(ordered == [line.id])
        let onOrder = try #require(try await database.reorderLine(id: line.id))
        #expect(onOrder.status == .ordered && onOrder.quantity == 5 && onOrder.orderReference == "PO-1")
        let wanted = try await database.reorderLines(statuses: [.wanted])
        #expect(wanted.map(\.quantity) == [2])
        #expect(try await database.reorderOpenQuantities() == ["M1": 7])
    }

    @Test func receiptsBookAgainstOrdersThenWantedAndKeepEverythingInHistory() async throws {
        let database = try await reorderCatalog()
        let line = try await database.addToReorderList(variationID: "M1", quantity: 5, counter: "t")
        _ = try await database.orderReorderLines([(line.id, 5, "V1")], reference: "PO-1", counter: "t")
        _ = try await database.addToReorderList(variationID: "M1", quantity: 2, counter: "t")

        let partial = try await database.receiveStock(
            variationID: "M1", quantity: 3, counter: "t", outbox: Self.outbox("M1", 3))
        #expect(partial.lines.map(\.quantity) == [3] && partial.lines.map(\.completed) == [false])
        #expect(partial.unlisted == 0)
        #expect(try await database.reorderLine(id: line.id)?.outstanding == 2)
        #expect(try await database.outboxEntry(id: partial.outboxID)?.idempotencyKey == "key-M1-3")

        // 2 close the order, 2 fill the wanted line, 1 was never on the list.
        let rest = try await database.receiveStock(
            variationID: "M1", quantity: 5, counter: "t", outbox: Self.outbox("M1", 5))
        #expect(rest.lines.map(\.quantity) == [2, 2] && rest.lines.allSatisfy(\.completed))
        #expect(rest.unlisted == 1)
        #expect(try await database.reorderLines(statuses: [.wanted, .ordered]).isEmpty)
        let received = try await database.reorderLines(statuses: [.received])
        #expect(received.count == 3)
        #expect(received.map(\.received).sorted() == [1, 2, 5])
        let receives = try await database.reorderEvents().filter { $0.action == "receive" }
        #expect(receives.map(\.quantity) == [3, 2, 2, 1])
        let lineActions = try await database.reorderEvents(lineID: line.id).map(\.action)
        #expect(lineActions == ["add", "order", "receive", "receive"])
    }

    @Test func aRefusedReceiptPutsTheListBack() async throws {
        let database = try await reorderCatalog()
        let line = try await database.addToReorderList(variationID: "M1", quantity: 4, counter: "t")
        _ = try await database.orderReorderLines([(line.id, 4, "V1")], reference: "PO-9", counter: "t")
        let receipt = try await database.receiveStock(
            variationID: "M1", quantity: 6, counter: "t", outbox: Self.outbox("M1", 6))
        #expect(receipt.unlisted == 2)
        try await database.reverseStockReceipt(outboxID: receipt.outboxID, reason: "refused", counter: "t")
        let back = try #require(try await database.reorderLine(id: line.id))
        #expect(back.status == .ordered && back.received == 0 && back.outstanding == 4)
        #expect(try await database.reorderLines(statuses: [.received]).isEmpty)
        #expect(try await database.reorderEvents().filter { $0.action == "receive-refused" }.count == 2)
    }

    @Test func stockRulesFollowTrackingOverridesAndPresence() async throws {
        let database = try await reorderCatalog()
        let atL1 = try await database.stockRules(locationID: "L1")
        #expect(atL1.map(\.variationID) == ["M1"], "M2 untracked there, P1 untracked, C1 absent")
        #expect(atL1.map(\.threshold) == [5])
        let atL2 = try await database.stockRules(locationID: "L2")
        #expect(
            Set(atL2.map { "\($0.variationID):\($0.threshold.map(String.init) ?? "-")" })
                == ["C1:6", "M1:-", "M2:-", "P1:2"])
    }

    /// A stock count is stored (and passed on to pages) when it is newer than the one stored, or as new with
    /// another quantity; the same count read again, as the hub's read after each sync asks from a second
    /// before the newest, is no change: without this every sync sent every page every count.
    @Test func theSameStockCountReadAgainIsNoChange() async throws {
        let database = try await reorderCatalog()
        func count(_ quantity: String, _ at: String) -> StockCount {
            StockCount(variationID: "M1", locationID: "L1", quantity: quantity, calculatedAt: at)
        }
        #expect(try await database.applyStockEvent([count("5", "2026-11-23T10:00:00.123Z")]).count == 1)
        #expect(try await database.applyStockEvent([count("5", "2026-11-23T10:00:00.123Z")]).isEmpty)
        #expect(try await database.applyStockEvent([count("4", "2026-11-23T10:00:00.123Z")]).count == 1)
        #expect(try await database.applyStockEvent([count("9", "2026-11-23T09:59:00Z")]).isEmpty)
        #expect(try await database.applyStockEvent([count("4", "2026-11-23T10:01:00Z")]).count == 1)
        #expect(try await database.stockCounts(variationID: "M1") == ["L1": "4"])
    }

    @Test func linesCarryTheLastStockCountAndThresholdOfTheLocationAsked() async throws {
        let database = try await reorderCatalog()
        try await database.saveStockCounts([
            StockCount(variationID: "M1", locationID: "L1", quantity: "1.5", calculatedAt: nil),
            StockCount(variationID: "M1", locationID: "L2", quantity: "9", calculatedAt: nil),
        ])
        try await database.saveStockCounts([
            StockCount(
                variationID: "M1", locationID: "L1", quantity: "2",
                calculatedAt: "2026-11-23T10:00:00Z")
        ])
        #expect(try await database.stockCounts(variationID: "M1") == ["L1": "2", "L2": "9"])
        _ = try await database.addToReorderList(variationID: "M1", quantity: 1, counter: "t")
        _ = try await database.addToReorderList(variationID: "C1", quantity: 1, counter: "t")
        let lines = try await database.reorderLines(locationID: "L1")
        let mug = try #require(lines.first { $0.variationID == "M1" })
        #expect(mug.onHand == "2" && mug.threshold == 5)
        let cup = try #require(lines.first { $0.variationID == "C1" })
        #expect(cup.supply == nil && cup.vendorName == nil && cup.onHand == nil && cup.threshold == 4)
        #expect(try await database.referencedVendorIDs() == ["V1", "V2"])
        #expect(try await database.vendorNames() == ["V1": "Acme Supply"])
    }

    static func outbox(_ variationID: String, _ quantity: Int) -> OutboxEntry {
        OutboxEntry(
            counter: "t", kind: .inventory, objectID: variationID, itemID: nil, label: variationID, baseVersion: nil,
            changes: [OutboxEntry.Change(field: "in_stock", old: nil, new: .string("+\(quantity)"))],
            payload: ["changes": []], idempotencyKey: "key-\(variationID)-\(quantity)", reason: "not sent yet")
    }
}
