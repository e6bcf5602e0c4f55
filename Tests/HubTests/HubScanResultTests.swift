import CatalogApp
import CatalogCore
import Foundation
import Store
import Testing

/// What a scan's answer tells a counter screen (`result`: kind, headline, figures), and the receive mode's
/// undo: the units taken back out of Square's stock once, within its 30 seconds, and never after.
@Suite struct HubScanResultTests {
    static let widget = "0012345678905"

    /// Square's IN_STOCK count of the widget at High Street, read from the sandbox.
    static func squareStock(_ shop: HubShop) async throws -> String? {
        let location = try #require(try await shop.database.locations().first { $0["name"] == "High Street" })
        let variation = try #require(try await shop.database.variations(gtins: ["0" + widget]).first).variationID
        let page = try await shop.context.makeClient().batchRetrieveInventoryCounts([
            "catalog_object_ids": [.string(variation)], "location_ids": [location["id"] ?? .null],
        ])
        return page.counts.first { $0["state"] == "IN_STOCK" }?["quantity"]?.stringValue
    }

    @Test func aReceiveScanSaysTheStockBeforeAndAfterAndCanBeUndoneOnce() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let before = try await Self.squareStock(shop)
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "receive"], device: device)
            #expect(switched.status == 200, "\(switched.text)")
            let scan = try await shop.request(
                "POST", "/api/v1/scans",
                body: ["id": "rc-1", "code": .string(Self.widget), "counter": "till-4", "card": true], device: device)
            let result = scan.json["result"]
            #expect(result?["kind"] == "received" && result?["headline"] == "+1 received", "\(scan.text)")
            let after = try await Self.squareStock(shop)
            #expect(
                result?["stock"]?["after"]?.stringValue == after && result?["stock"]?["before"]?.stringValue == before,
                "\(scan.text) before \(before ?? "none") after \(after ?? "none")")
            #expect(result?["undo_until"] != nil && result?["undo_until"] != .null, "\(scan.text)")
            // Tags are offered for what arrived: one per unit; per case only where Square has a case size.
            #expect(result?["labels"] == ["unit": 1, "case": 1, "case_size": .null], "\(scan.text)")
            // The answer carries the item's card as it is after the receipt: the page draws it without asking.
            let card = scan.json["card"]
            #expect(card?["variation_id"] == scan.json["match"]?["variation_id"], "\(scan.text)")
            #expect(
                card?["stock"]?[0]?["name"] == "High Street" && card?["stock"]?[0]?["quantity"]?.stringValue == after,
                "\(scan.text)")

            let undo = try await shop.request(
                "POST", "/api/v1/scans/rc-1/undo", body: ["counter": "till-4"], device: device)
            #expect(undo.status == 200 && undo.json["undone"]?["status"] == "posted", "\(undo.text)")
            #expect(try await Self.squareStock(shop) == before, "the undo takes the unit back out of Square's stock")
            // Asked again (the answer was lost): the same answer, nothing taken out twice.
            let again = try await shop.request(
                "POST", "/api/v1/scans/rc-1/undo", body: ["counter": "till-4"], device: device)
            #expect(again.status == 200 && again.json["repeated"] == true, "\(again.text)")
            #expect(try await Self.squareStock(shop) == before)
            // The scan log keeps the undo with the scan.
            let log = try await shop.request("GET", "/api/v1/scans?limit=1", device: device)
            #expect(log.json[0]?["answer"]?["undone"]?["status"] == "posted", "\(log.text)")
            #expect(log.json[0]?["answer"]?["card"] == nil, "the log keeps the answer without the card: \(log.text)")
            // The reorder list is as before the receipt: the unlisted line it made is gone.
            #expect(try await shop.database.reorderLines(statuses: [.received]).isEmpty)
        }
    }

    @Test func anUndoComesTooLateAfterThirtySecondsAndOnlyForAReceipt() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            _ = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "receive"], device: device)
            _ = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "rc-2", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            let received = try await Self.squareStock(shop)
            // From another counter: refused.
            let elsewhere = try await shop.request(
                "POST", "/api/v1/scans/rc-2/undo", body: ["counter": "till-9"], device: device)
            #expect(elsewhere.status == 422 && elsewhere.text.contains("another counter"), "\(elsewhere.text)")
            shop.clock.advance(by: .seconds(60))
            let late = try await shop.request(
                "POST", "/api/v1/scans/rc-2/undo", body: ["counter": "till-4"], device: device)
            #expect(late.status == 422 && late.text.contains("Too late to undo"), "\(late.text)")
            #expect(try await Self.squareStock(shop) == received, "nothing was taken out")
            // A lookup scan has nothing to undo; an unknown scan id is not found.
            _ = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "lookup"], device: device)
            let lookup = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "lk-1", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(lookup.json["result"]?["kind"] == "found", "\(lookup.text)")
            #expect(lookup.json["card"] == nil, "a card only when asked for (a remote counter does not draw one)")
            let nothing = try await shop.request(
                "POST", "/api/v1/scans/lk-1/undo", body: ["counter": "till-4"], device: device)
            #expect(nothing.status == 422 && nothing.text.contains("nothing to undo"), "\(nothing.text)")
            let missing = try await shop.request(
                "POST", "/api/v1/scans/no-such/undo", body: ["counter": "till-4"], device: device)
            #expect(missing.status == 404, "\(missing.text)")
        }
    }

    /// The result the hub answers a scan of `code` made at `counter` with id `id`.
    static func result(_ shop: HubShop, _ device: HubShop.Device, counter: String, id: String, code: String)
        async throws -> JSONValue
    {
        try await shop.request(
            "POST", "/api/v1/scans", body: ["id": .string(id), "code": .string(code), "counter": .string(counter)],
            device: device
        ).json["result"] ?? .null
    }

    @Test func eachKindOfScanSaysWhatHappenedInWordsForStaff() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            func scan(_ id: String, _ code: String) async throws -> JSONValue {
                try await Self.result(shop, device, counter: "till-4", id: id, code: code)
            }
            let unknown = try await scan("k-1", "5000000000005")
            #expect(unknown["kind"] == "unknown" && unknown["headline"] == "Unknown code", "\(unknown)")
            let misread = try await scan("k-2", "0012345678904")
            #expect(misread["kind"] == "unknown" && misread["headline"] == "Misread barcode", "\(misread)")
            _ = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "reorder"], device: device)
            let added = try await scan("k-3", Self.widget)
            #expect(added["kind"] == "reordered" && added["headline"] == "+1 on the reorder list", "\(added)")
            #expect(added["total"] == "1", "\(added)")
            let command = try await scan("k-4", "CATALOG:QTY:3")
            #expect(command["kind"] == "command", "\(command)")
            for result in [unknown, misread, added] {
                let words = [result["headline"]?.stringValue, result["detail"]?.stringValue].compactMap { $0 }
                #expect(!words.joined().contains("catalog "), "\(result)")
            }
        }
    }

    /// Shelf mode: an item scanned before any shelf's label is refused; after a shelf's label, each item
    /// scanned is put on that shelf, in Square, at the hub's location; the shelf is kept with the counter's
    /// state.
    @Test func shelfModePutsEachItemOnTheShelfWhoseLabelWasScannedLast() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            func scan(_ id: String, _ code: String) async throws -> JSONValue {
                try await Self.result(shop, device, counter: "till-5", id: id, code: code)
            }
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-5/mode", body: ["mode": "shelf"], device: device)
            #expect(switched.status == 200, "\(switched.text)")
            let early = try await scan("s-1", Self.widget)
            #expect(early["kind"] == "refused" && early["headline"] == "Which shelf?", "\(early)")
            let label = try await scan("s-2", "CATALOG:SHELF:A3-2")
            #expect(label["kind"] == "command" && label["headline"] == "Shelf A3-2", "\(label)")
            let answer = try await shop.request(
                "POST", "/api/v1/scans",
                body: ["id": "s-3", "code": .string(Self.widget), "counter": "till-5", "card": true], device: device)
            let shelved = answer.json["result"] ?? .null
            #expect(shelved["kind"] == "shelved" && shelved["headline"] == "On shelf A3-2", "\(shelved)")
            // The card the page draws is the item as it is after the scan: on its new shelf.
            #expect(answer.json["card"]?["shelf"] == "A3-2", "\(answer.text)")
            // The shelf is the counter's state: shown, and kept across a hub restart.
            let state = try await shop.request("GET", "/api/v1/counters/till-5", device: device)
            #expect(state.json["shelf"] == "A3-2" && state.json["mode"] == "shelf", "\(state.text)")
            try await shop.restarted { again in
                let kept = try await again.request("GET", "/api/v1/counters/till-5", device: device)
                #expect(kept.json["shelf"] == "A3-2", "\(kept.text)")
            }
            let here = try #require(try await shop.context.location("High Street", in: shop.database))
            let match = try #require(try await shop.database.variations(gtins: ["00012345678905"]).first)
            let held = try await shop.context.makeClient().retrieveCatalogObject(id: match.variationID).object
            #expect(held["custom_attribute_values"]?["shelf-\(here.id)"]?["string_value"] == "A3-2")
        }
    }

    /// Audit mode: after a shelf's label, each item scanned has its last tag here checked against today's
    /// price; a wrong tag's reprint is kept in the print queue (this hub has no printer), said in staff words.
    @Test func auditModeChecksEachScannedTagAgainstTodaysPrice() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            func scan(_ id: String, _ code: String) async throws -> JSONValue {
                try await Self.result(shop, device, counter: "till-6", id: id, code: code)
            }
            let here = try #require(try await shop.context.location("High Street", in: shop.database))
            let widget = try await Lookup.single(Self.widget, in: shop.database).at(here)
            let price = try #require(widget.price)
            func tag(_ amount: Int64) -> PrintRecord {
                PrintRecord(
                    counter: "till", variationID: widget.variationID, itemID: widget.itemID, template: "shelf-2x1",
                    printer: "tags", jobID: 1, status: .completed,
                    price: Money(amount: amount, currency: price.currency),
                    version: 1, locationID: here.id)
            }
            let switched = try await shop.request(
                "POST", "/api/v1/counters/till-6/mode", body: ["mode": "audit"], device: device)
            #expect(switched.status == 200, "\(switched.text)")
            let early = try await scan("a-1", Self.widget)
            #expect(early["kind"] == "refused" && early["headline"] == "Which shelf?", "\(early)")
            _ = try await scan("a-2", "CATALOG:SHELF:A3")
            let untagged = try await scan("a-3", Self.widget)
            #expect(untagged["kind"] == "tag_wrong" && untagged["headline"] == "No tag on record", "\(untagged)")

            _ = try await shop.database.recordPrints([tag(price.amount)])
            let ok = try await scan("a-4", Self.widget)
            #expect(ok["kind"] == "tag_ok" && ok["headline"] == "Tag OK", "\(ok)")

            _ = try await shop.database.recordPrints([tag(price.amount - 50)])
            let wrong = try await scan("a-5", Self.widget)
            #expect(wrong["kind"] == "tag_wrong", "\(wrong)")
            let detail = wrong["detail"]?.stringValue ?? ""
            #expect(detail.contains("Printers page") && !detail.contains("catalog "), "\(wrong)")
            let jobs = try await shop.request("GET", "/api/v1/label-jobs", device: device)
            #expect(jobs.json.arrayValue?.first?["state"] == "failed", "\(jobs.text)")
            // One audit of the shelf, every check kept once per item, as the command line reports it.
            let report = try JSONValue.parse(try await shop.catalog("audit", "show", "--json"))
            #expect(report["shelf"] == "A3" && report["checked"] == .int(1), "\(report)")
            #expect(report["checks"]?.arrayValue?.first?["verdict"] == "stale", "\(report)")
        }
    }

    /// A scan `catalog scan` made on the hub's computer is kept in the log without an answer: the hub reads its
    /// result from its action, so the page shows it as the kind it was.
    @Test func aLogRowWithoutAnAnswerHasItsResultFromItsAction() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            for (code, action) in [("a", "reorder +2 = 5"), ("b", "unknown"), ("c", "refused: no count is open")] {
                _ = try await shop.database.recordScan(
                    ScanRecord(code: code, mode: "lookup", action: action, counter: "back-office"))
            }
            let log = try await shop.request("GET", "/api/v1/scans?limit=3", device: device)
            let kinds = (log.json.arrayValue ?? []).map { $0["result"]?["kind"] }
            #expect(kinds == ["refused", "unknown", "reordered"], "\(log.text)")
            #expect(log.json[0]?["result"]?["detail"] == "No count is open.", "\(log.text)")
        }
    }

    @Test func aControlCharacterOrPagesOfTextAreRefusedInWordsAndLogged() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let control = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "bad-1", "code": "0012\u{07}345", "counter": "till-4"],
                device: device)
            #expect(control.status == 201, "\(control.text)")
            #expect(
                control.json["result"]?["kind"] == "refused" && control.json["result"]?["headline"] == "Not a barcode")
            #expect(
                control.json["result"]?["detail"]?.stringValue?.contains("control character") == true, "\(control.text)"
            )
            let text = String(repeating: "lorem ipsum ", count: 900)
            let long = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "bad-2", "code": .string(text), "counter": "till-4"],
                device: device)
            #expect(
                long.status == 201 && long.json["result"]?["headline"] == "Not a barcode", "\(long.text.prefix(300))")
            #expect(long.json["result"]?["detail"]?.stringValue?.contains("10800 characters") == true)
            // Both are in the scan log, the long one cut to the longest code and marked so.
            let log = try await shop.request("GET", "/api/v1/scans?limit=2", device: device)
            let rows = log.json.arrayValue ?? []
            #expect(rows.map { $0["scan_id"] } == ["bad-2", "bad-1"], "\(log.text.prefix(300))")
            #expect(
                rows.first?["code"]?.stringValue?.count == 201
                    && rows.first?["code"]?.stringValue?.hasSuffix("…") == true)
            #expect(rows.last?["code"]?.stringValue?.contains("\u{07}") == false, "\(log.text.prefix(300))")
            // Posted again: the same answer, logged once.
            let again = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "bad-1", "code": "0012\u{07}345", "counter": "till-4"],
                device: device)
            #expect(again.status == 200 && again.json["repeated"] == true, "\(again.text)")
            // No code at all is a malformed request.
            let empty = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "bad-3", "code": "", "counter": "till-4"], device: device)
            #expect(empty.status == 400, "\(empty.text)")
        }
    }
}
