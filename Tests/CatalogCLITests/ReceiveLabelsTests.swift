import CatalogCore
import CatalogTestSupport
import Foundation
import PrintingTestSupport
import Testing

/// `catalog reorder receive --labels` on the demo shop with a private cupsd: a tag per unit, a tag per case
/// from the case size kept in Square, on the receiving counter's printer; a printer refusing jobs leaves the
/// receipt made and the tags kept in the print queue.
struct ReceiveLabelsTests {
    /// How many labels a raw queue's job holds (one `^XA` each; a raw queue repeats the bytes per copy).
    static func labels(_ job: [UInt8]?) -> Int {
        String(decoding: job ?? [], as: UTF8.self).components(separatedBy: "^XA").count - 1
    }

    @Test(.requires(.cupsd, .cupsClient)) func tagsPerUnitAndPerCaseGoToTheReceivingCountersPrinter() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                let back = try await cups.addRawSocketQueue(name: "back")
                _ = try await cups.addRawSocketQueue(name: "front")
                try await cups.setDefault(name: "front")
                let env = cups.environment.merging(["CATALOG_COUNTER": "stockroom", "CATALOG_LOCATION": "High Street"])
                {
                    $1
                }
                _ = try await shop.catalog("sync")
                let routed = try await shop.catalog(
                    ["printers", "route", "back", "--counter", "stockroom"], environment: env)
                #expect(routed.status == 0, "\(routed.all)")
                let code = "0012345678905"

                let unit = try await shop.catalog(
                    ["reorder", "receive", code, "--qty", "6", "--labels", "unit", "--json"], environment: env)
                #expect(unit.status == 0, "\(unit.all)")
                let unitTags = try JSONValue.parse(unit.stdout)["labels"] ?? .null
                #expect(unitTags["tags"] == .int(6) && unitTags["printer"] == "back", "\(unit.all)")
                #expect(Self.labels(await back.waitForJobs(count: 1).first) == 6)

                // Square keeps the case size: a NUMBER custom attribute "Case size" on the variation.
                let variation = try #require(
                    try JSONValue.parse(try await shop.catalog(["show", code, "--json"]).stdout)["variation_id"]?
                        .stringValue)
                _ = try await shop.client.upsertCatalogObject([
                    "type": "CUSTOM_ATTRIBUTE_DEFINITION", "id": "#case-size",
                    "custom_attribute_definition_data": [
                        "type": "NUMBER", "name": "Case size", "key": "case_size",
                        "allowed_object_types": ["ITEM_VARIATION"],
                    ],
                ])
                var object = try await shop.client.retrieveCatalogObject(id: variation).object
                object["custom_attribute_values"] = ["case_size": ["type": "NUMBER", "number_value": "6"]]
                _ = try await shop.client.upsertCatalogObject(object)
                _ = try await shop.catalog("sync")

                let cases = try await shop.catalog(
                    ["reorder", "receive", code, "--qty", "13", "--labels", "case", "--json"], environment: env)
                #expect(cases.status == 0, "\(cases.all)")
                let caseTags = try JSONValue.parse(cases.stdout)["labels"] ?? .null
                #expect(caseTags["tags"] == .int(3) && caseTags["case_size"] == .int(6), "\(cases.all)")
                #expect(Self.labels(await back.waitForJobs(count: 2).last) == 3)

                // The back printer refuses jobs: the stock is received all the same, the tags wait in the queue.
                try await cups.rejectJobs(name: "back", reason: "Lid open")
                let refused = try await shop.catalog(
                    ["reorder", "receive", code, "--qty", "2", "--labels", "unit"], environment: env)
                #expect(refused.status == 0, "\(refused.all)")
                #expect(refused.stdout.contains("Received 2") || refused.stdout.contains("received"), "\(refused.all)")
                #expect(refused.stdout.contains("catalog label retry"), "\(refused.all)")
                let queue = try JSONValue.parse(try await shop.catalog(["label", "queue", "--json"]).stdout)
                #expect(queue.arrayValue?.first?["state"] == "failed", "\(queue)")

                let bad = try await shop.catalog(
                    ["reorder", "receive", code, "--qty", "1", "--labels", "box"], environment: env)
                #expect(bad.status == 64, "\(bad.all)")
            }
        }
    }
}
