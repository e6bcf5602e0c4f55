import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Store
import Testing

/// An unknown code at the counter leads somewhere: its barcode is given to an existing variation (refused
/// when another variation has it), or a new item is made with it, once however often the request is sent;
/// what goes wrong is said in staff's words, never a command's options.
@Suite struct HubUnknownCodeTests {
    static let widget = "0012345678905"
    static let cableTies = "05012345003627"
    /// A valid EAN-13 the demo shop does not have.
    static let newCode = "4006381333948"

    @Test func anUnknownBarcodeIsGivenToAVariationThroughFetchBeforeUpdate() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let found = try await shop.request("GET", "/api/v1/variations/HT-0146-ST", device: device)
            let variation = try #require(found.json[0]?["variation_id"]?.stringValue, "\(found.text)")
            let given = try await shop.request(
                "POST", "/api/v1/variations/\(variation)/barcode", body: ["gtin": .string(Self.newCode)],
                device: device)
            #expect(given.status == 200 && given.json["status"] == "applied", "\(given.text)")
            let square = try await shop.context.makeClient().retrieveCatalogObject(id: variation).object
            #expect(square["item_variation_data"]?["upc"] == .string(Self.newCode), "\(square)")
            let lookup = try await shop.request("GET", "/api/v1/variations/\(Self.newCode)", device: device)
            #expect(lookup.json[0]?["variation_id"] == .string(variation), "\(lookup.text)")
            // Sent again: nothing changes.
            let again = try await shop.request(
                "POST", "/api/v1/variations/\(variation)/barcode", body: ["gtin": .string(Self.newCode)],
                device: device)
            #expect(again.status == 200 && again.json["status"] == "unchanged", "\(again.text)")
            // Another variation's barcode is refused, naming who has it; a bad check digit in staff's words.
            let taken = try await shop.request(
                "POST", "/api/v1/variations/\(variation)/barcode", body: ["gtin": .string(Self.widget)],
                device: device)
            #expect(taken.status == 422 && taken.text.contains("Acme Blue Widget"), "\(taken.text)")
            let bad = try await shop.request(
                "POST", "/api/v1/variations/\(variation)/barcode", body: ["gtin": "4006381333949"], device: device)
            #expect(bad.status == 422 && bad.text.contains("Barcode:") && !bad.text.contains("--"), "\(bad.text)")
        }
    }

    @Test func aNewItemIsCreatedOnceHoweverOftenTheRequestIsSent() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let body: JSONValue = [
                "request_id": "new-item-1", "name": "Brass Hinge", "price": "3.49", "gtin": .string(Self.newCode),
                "category": "Hardware",
            ]
            let made = try await shop.request("POST", "/api/v1/items", body: body, device: device)
            #expect(made.status == 201, "\(made.text)")
            let itemID = try #require(made.json["item_id"]?.stringValue, "\(made.text)")
            let again = try await shop.request("POST", "/api/v1/items", body: body, device: device)
            #expect(again.status == 201 && again.json["item_id"] == .string(itemID), "\(again.text)")
            #expect(again.json["repeated"] == true)
            // Square has it once: the hub answered the second request from the first (without that, the
            // second would be refused as a barcode the catalog already has).
            let square = try await shop.context.makeClient().retrieveCatalogObject(id: itemID).object
            #expect(square["item_data"]?["name"] == "Brass Hinge")
            let lookup = try await shop.request("GET", "/api/v1/variations/\(Self.newCode)", device: device)
            #expect(lookup.json.arrayValue?.count == 1 && lookup.json[0]?["item_id"] == .string(itemID))
            let bad = try await shop.request(
                "POST", "/api/v1/items", body: ["request_id": "new-item-2", "name": "Odd", "price": "lots"],
                device: device)
            #expect(bad.status == 422 && bad.text.contains("Price:") && !bad.text.contains("--price"), "\(bad.text)")
            let nameless = try await shop.request(
                "POST", "/api/v1/items", body: ["request_id": "new-item-3", "name": "", "price": "1.00"], device: device
            )
            #expect(nameless.status == 422 && nameless.text.contains("Name:") && !nameless.text.contains("--"))
            let missing = try await shop.request("POST", "/api/v1/items", body: ["name": "No id"], device: device)
            #expect(missing.status == 400 && missing.text.contains("request_id"), "\(missing.text)")
        }
    }

    @Test func aReorderAddSentAgainUnderItsRequestIDAddsOnce() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let body: JSONValue = ["code": .string(Self.widget), "quantity": 3, "request_id": "reorder-1"]
            let first = try await shop.request("POST", "/api/v1/reorder", body: body, device: device)
            let second = try await shop.request("POST", "/api/v1/reorder", body: body, device: device)
            #expect(first.status == 201 && second.status == 201, "\(first.text) \(second.text)")
            #expect(second.json["repeated"] == true && second.json["quantity"] == first.json["quantity"])
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [3])
            // The id used again for another change is refused.
            let reused = try await shop.request(
                "POST", "/api/v1/items", body: ["request_id": "reorder-1", "name": "Other"], device: device)
            #expect(reused.status == 422 && reused.text.contains("already used for another change"), "\(reused.text)")
            // Without an id, each add adds.
            _ = try await shop.request(
                "POST", "/api/v1/reorder", body: ["code": .string(Self.widget), "quantity": 2], device: device)
            #expect(try await shop.database.reorderLines(statuses: [.wanted]).map(\.quantity) == [5])
        }
    }
}
