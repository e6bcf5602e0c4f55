import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import SquareAPI
import Store
import Sync
import Testing

/// The back office's routes: each answers with the command line's own rule and JSON, changes what it says in
/// the database or in Square (the sandbox), tells the pages through an event, and refuses what it should.
@Suite struct HubOfficeTests {
    static let widget = "0012345678905"
    static let cableTies = "05012345003627"

    /// The next event the hub publishes after `change` runs.
    static func event(_ shop: HubShop, after change: () async throws -> Void) async throws -> HubEvent? {
        let stream = await shop.hub.events.subscribe()
        try await change()
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }

    /// Puts 5 of the widget on the list through the API: the line's id and JSON.
    static func addFiveWidgets(_ shop: HubShop, _ device: HubShop.Device) async throws -> (Int64, JSONValue) {
        let added = try await shop.request(
            "POST", "/api/v1/reorder", body: ["code": .string(widget), "quantity": 5], device: device)
        return (try #require(added.json["id"]?.int64Value), added.json)
    }

    @Test func theReorderListIsListedEditedAndExportedAsTheCommandLineDoes() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            for (code, quantity) in [(Self.widget, 3), (Self.cableTies, 2)] {
                let added = try await shop.request(
                    "POST", "/api/v1/reorder", body: ["code": .string(code), "quantity": .int(quantity)],
                    device: device)
                #expect(added.status == 201)
            }
            let workflow = ReorderWorkflow(context: shop.context, database: shop.database)
            let listed = try await shop.request("GET", "/api/v1/reorder", device: device)
            let printed = try await shop.catalog("reorder", "list", "--location", "High Street", "--json")
            #expect(listed.json == (try HubShop.lines(printed)))
            #expect(listed.json.arrayValue?.count == 2)
            let widgetLine = try #require(listed.json.arrayValue?.first { $0["gtin"]?.stringValue == "012345678905" })
            let id = try #require(widgetLine["id"]?.int64Value)

            var answer: HubShop.Answer?
            let event = try await Self.event(shop) {
                answer = try await shop.request(
                    "POST", "/api/v1/reorder/\(id)/quantity", body: ["quantity": 7], device: device)
            }
            #expect(answer?.status == 200)
            #expect(event?.name == "reorder" && event?.data["quantity"] == 7)
            #expect(try await shop.database.reorderLine(id: id)?.quantity == 7)
            for (body, status) in [(["quantity": "many"] as JSONValue, 400), ([:], 400), (["quantity": -1], 400)] {
                let refused = try await shop.request(
                    "POST", "/api/v1/reorder/\(id)/quantity", body: body, device: device)
                #expect(refused.status == status, "\(body)")
                #expect(refused.json["error"]?.stringValue?.contains("quantity") == true, "\(body)")
            }
            let unknown = try await shop.request(
                "POST", "/api/v1/reorder/99999/quantity", body: ["quantity": 1], device: device)
            #expect(unknown.status == 404)
            #expect(
                unknown.json["error"]?.stringValue?.contains("the Reorder page shows the list as it is now") == true,
                "\(unknown.text)")
            #expect(
                try await shop.request("POST", "/api/v1/reorder/abc/quantity", body: ["quantity": 1], device: device)
                    .status
                    == 400)

            // The supplier documents, as catalog reorder export writes them.
            let vendor = try #require(widgetLine["vendor"]?.stringValue)
            let query = "vendor=\(vendor.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            let csv = try await shop.request(
                "GET", "/api/v1/reorder/export.csv?\(query)", device: device, accept: "text/csv")
            #expect(csv.status == 200)
            #expect(csv.header("Content-Disposition")?.hasPrefix("attachment; filename=\"reorder-") == true)
            let lines = try await workflow.lines(statuses: [.wanted], vendor: vendor, location: "High Street")
            #expect(csv.bytes == ReorderOutput.csv(lines, excel: false, formulaSafe: true))
            #expect(csv.text.contains("Acme Blue Widget"))
            let pdf = try await shop.request(
                "GET", "/api/v1/reorder/export.pdf?\(query)", device: device, accept: "*/*")
            #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
            #expect(pdf.bytes.starts(with: Array("%PDF".utf8)))
            let noVendor = try await shop.request(
                "GET", "/api/v1/reorder/export.pdf?vendor=Nobody%20Ltd", device: device)
            #expect(noVendor.status == 404)
            #expect(noVendor.json["error"]?.stringValue?.contains("The vendors on it are") == true)

            let removed = try await shop.request("DELETE", "/api/v1/reorder/\(id)", device: device)
            #expect(removed.status == 200 && removed.json["status"] == "removed")
            #expect(try await shop.database.reorderLine(id: id)?.status == .removed)
            #expect(try await shop.request("DELETE", "/api/v1/reorder/\(id)", device: device).status == 404)
            let open = try await shop.request("GET", "/api/v1/reorder", device: device)
            #expect(open.json.arrayValue?.count == 1)
            let all = try await shop.request("GET", "/api/v1/reorder?all=1", device: device)
            #expect(all.json.arrayValue?.contains { $0["id"]?.int64Value == id && $0["status"] == "removed" } == true)
        }
    }

    @Test func aVendorIsOrderedAndItsStockReceivedAtTheHubsLocation() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let (id, added) = try await Self.addFiveWidgets(shop, device)
            let vendor = try #require(added["vendor"]?.stringValue)
            #expect(try await shop.request("POST", "/api/v1/reorder/order", body: [:], device: device).status == 400)
            let ordered = try await shop.request(
                "POST", "/api/v1/reorder/order", body: ["vendor": .string(vendor)], device: device)
            #expect(ordered.status == 200)
            let reference = try #require(ordered.json["order_reference"]?.stringValue)
            #expect(ordered.json["lines"]?[0]?["item"] == "Acme Blue Widget")
            let line = try #require(try await shop.database.reorderLine(id: id))
            #expect(line.status == .ordered && line.orderReference == reference)
            let again = try await shop.request(
                "POST", "/api/v1/reorder/order", body: ["vendor": .string(vendor)], device: device)
            #expect(again.status == 404)
            #expect(again.json["error"]?.stringValue?.contains("Nothing is wanted") == true)

            let zero = try await shop.request(
                "POST", "/api/v1/reorder/\(id)/receive", body: ["quantity": 0], device: device)
            #expect(zero.status == 400)
            let received = try await shop.request(
                "POST", "/api/v1/reorder/\(id)/receive", body: ["quantity": 2], device: device)
            #expect(received.status == 200)
            #expect(received.json["status"] == "posted" && received.json["location"] == "High Street")
            #expect(try await shop.database.reorderLine(id: id)?.received == 2)
            #expect(received.json["in_stock"]?.stringValue != nil, "Square counted the receipt")
            #expect(
                try await shop.request("POST", "/api/v1/reorder/424242/receive", body: ["quantity": 1], device: device)
                    .status
                    == 404)
        }
    }

    @Test func suggestionsComeFromSquareAndNeedAToken() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let suggested = try await shop.request(
                "POST", "/api/v1/reorder/suggest", body: ["apply": true], device: device)
            #expect(suggested.status == 200, "\(suggested.text)")
            #expect(suggested.json["location"] == "High Street")
            let count = try #require(suggested.json["suggestions"]?.arrayValue?.count)
            #expect(suggested.json["added"] == .int(count))
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).count == count)
            #expect(suggested.json["summary"]?.stringValue?.hasPrefix("High Street: ") == true)

            try await HubShop.inMemory(squareToken: false) { offline in
                let other = try await offline.pair()
                let refused = try await offline.request("POST", "/api/v1/reorder/suggest", body: [:], device: other)
                #expect(refused.status == 503)
                #expect(refused.json["error"]?.stringValue?.contains("SQUARE_ACCESS_TOKEN") == true)
            }
        }
    }

    @Test func staleTagsAreThoseOfTheHubsLocationAndOnlyTheyAreReprinted() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let here = try #require(
                try await ShopLocations.load("High Street", context: shop.context, database: shop.database).here)
            let widget = try await Lookup.single(Self.widget, in: shop.database)
            _ = try await shop.database.recordPrints([
                PrintRecord(
                    counter: "till", variationID: widget.variationID, itemID: widget.itemID, template: "shelf-2x1",
                    printer: "tags", jobID: 1, status: .completed, price: Money(amount: 1, currency: "GBP"), version: 1,
                    locationID: here.id),
                PrintRecord(
                    counter: "till", variationID: widget.variationID, itemID: widget.itemID, template: "shelf-2x1",
                    printer: "tags", jobID: 2, status: .completed, price: Money(amount: 2, currency: "GBP"), version: 1,
                    locationID: nil),
            ])
            // The hub lists its own location's, as catalog label stale does for that location; without one
            // chosen (this shop has several), the command lists the tags printed with the base price.
            let listed = try await shop.request("GET", "/api/v1/labels/stale", device: device)
            let printed = try HubShop.lines(
                try await shop.catalog("label", "stale", "--json", "--location", "High Street"))
            #expect(listed.json == printed)
            #expect(listed.json.arrayValue?.count == 1 && listed.json[0]?["location_id"]?.stringValue == here.id)
            let base = try HubShop.lines(try await shop.catalog("label", "stale", "--json"))
            #expect(base.arrayValue?.count == 1 && base[0]?["location_id"] == .null, "\(base)")

            for (body, status) in [
                ([:] as JSONValue, 400), (["variation_ids": []], 400), (["variation_ids": [1]], 400),
                (["variation_ids": ["NO-SUCH-VARIATION"]], 404),
                (["variation_ids": .array([.string(widget.variationID)]), "template": "/etc/passwd"], 404),
            ] {
                let refused = try await shop.request("POST", "/api/v1/labels/print-stale", body: body, device: device)
                #expect(refused.status == status, "\(body)")
            }
            #expect(try await shop.database.staleLabels().count == 2, "nothing was printed")
        }
    }

    @Test func anOutboxConflictIsListedAndDecidedAsCatalogOutboxDoes() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let widget = try await Lookup.single(Self.widget, in: shop.database)
            // The counter changes the price while Square cannot be reached; then someone changes it in Square.
            let mine = Money(amount: 777, currency: "GBP").json
            let theirs = Money(amount: 1234, currency: "GBP").json
            let client = try await shop.priceConflict(Self.widget, mine: mine, theirs: theirs)

            let listed = try await shop.request("GET", "/api/v1/outbox", device: device)
            #expect(listed.json == (try HubShop.lines(try await shop.catalog("outbox", "--json"))))
            let entry = try #require(listed.json[0])
            #expect(entry["status"] == "conflict")
            #expect(entry["changes"]?[0]?["new"] == mine && entry["changes"]?[0]?["remote"] == theirs)
            let id = try #require(entry["id"]?.int64Value)

            for (body, status) in [(["keep": "both"] as JSONValue, 400), ([:], 400)] {
                let refused = try await shop.request("POST", "/api/v1/outbox/\(id)/resolve", body: body, device: device)
                #expect(refused.status == status, "\(body)")
            }
            #expect(
                try await shop.request("POST", "/api/v1/outbox/9999/resolve", body: ["keep": "mine"], device: device)
                    .status
                    == 404)
            #expect(
                try await shop.request("POST", "/api/v1/outbox/x/resolve", body: ["keep": "mine"], device: device)
                    .status
                    == 400)
            var answer: HubShop.Answer?
            let event = try await Self.event(shop) {
                answer = try await shop.request(
                    "POST", "/api/v1/outbox/\(id)/resolve", body: ["keep": "mine"], device: device)
            }
            #expect(answer?.status == 200)
            #expect(answer?.json["result"] != nil)
            #expect(event?.name == "outbox")
            let now = try await client.retrieveCatalogObject(id: widget.variationID).object
            #expect(now["item_variation_data"]?["price_money"] == mine)
            let twice = try await shop.request(
                "POST", "/api/v1/outbox/\(id)/resolve", body: ["keep": "square"], device: device)
            #expect(twice.status == 422)

            // The write is in the history, as catalog history --json prints it, with the name staff know the
            // variation by and the field as they read it.
            let history = try await shop.request("GET", "/api/v1/history?limit=5", device: device)
            let unnamed = (history.json.arrayValue ?? []).map { entry in
                var printed = entry
                (printed["name"], printed["field_name"]) = (nil, nil)
                return printed
            }
            #expect(.array(unnamed) == (try HubShop.lines(try await shop.catalog("history", "--limit", "5", "--json"))))
            #expect(history.json[0]?["counter"] == "Till 1")
            #expect(history.json[0]?["name"]?.stringValue == widget.label, "\(history.json)")
            #expect(try await shop.request("GET", "/api/v1/history?limit=0", device: device).status == 400)
            #expect(try await shop.request("GET", "/api/v1/history?limit=lots", device: device).status == 400)

            let sync = try await shop.request("GET", "/api/v1/sync", device: device)
            #expect((sync.json["catalog"]?["variations"]?.int64Value ?? 0) > 0)
            #expect(sync.json["outbox"] == ["pending": 0, "conflict": 0, "failed": 0])
            #expect(sync.json["unreadable_pricing_rules"] == [])
        }
    }

    @Test func everyChangeNeedsTheCSRFTokenAndEveryPageAPairedDevice() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let (id, added) = try await Self.addFiveWidgets(shop, device)
            for (method, path, body) in [
                ("POST", "/api/v1/reorder/\(id)/quantity", ["quantity": 1] as JSONValue),
                ("DELETE", "/api/v1/reorder/\(id)", nil),
                ("POST", "/api/v1/reorder/suggest", ["apply": true] as JSONValue),
                ("POST", "/api/v1/reorder/order", ["vendor": added["vendor"] ?? .null]),
                ("POST", "/api/v1/reorder/\(id)/receive", ["quantity": 1] as JSONValue),
                ("POST", "/api/v1/labels/print-stale", ["variation_ids": ["x"]] as JSONValue),
                ("POST", "/api/v1/outbox/1/resolve", ["keep": "mine"] as JSONValue),
            ] as [(String, String, JSONValue?)] {
                // The device's cookie, as a browser sends it by itself, with an empty CSRF token.
                let refused = try await shop.request(method, path, body: body, cookie: device.token, csrf: "")
                #expect(refused.status == 403, "\(method) \(path)")
            }
            let lines = try await shop.database.reorderLines(statuses: Set(ReorderLine.Status.allCases))
            #expect(lines.map(\.quantity) == [5] && lines.map(\.status) == [.wanted], "nothing changed")

            for path in [
                "/office", "/office/reorder", "/office/tags", "/office/outbox", "/office/history", "/office/printers",
                "/office/sync",
            ] {
                let page = try await shop.request("GET", path, cookie: device.token, accept: "text/html")
                #expect(page.status == 200, "\(path)")
                #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
                if path != "/office" {
                    #expect(page.text.contains("<a href=\"\(path)\" aria-current=\"page\">"), "\(path)")
                }
                #expect(!page.text.contains("<script>") && !page.text.contains("style="), "\(path)")
                let unpaired = try await shop.request("GET", path, accept: "text/html")
                #expect(unpaired.status == 401 && unpaired.text.contains("Pair this device"), "\(path)")
            }
            let overview = try await shop.request("GET", "/office", cookie: device.token, accept: "text/html")
            #expect(overview.text.contains("1 line to order from 1 supplier"))
            let counter = try await shop.request("GET", "/", cookie: device.token, accept: "text/html")
            #expect(
                counter.text.contains("<a href=\"/\" aria-current=\"page\">Counter</a><a href=\"/office/reorder\">"))
            #expect(
                try await shop.request("GET", "/office/nothing", cookie: device.token, accept: "text/html").status
                    == 404)
        }
    }
}
