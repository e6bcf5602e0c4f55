import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

struct EditorTests {
    static func usd(_ amount: Int64) -> JSONValue { Money(amount: amount, currency: "USD").json }

    @Test func editsChangeOnlyTheNamedFieldsAndKeepEverythingElse() async throws {
        let harness = try await SyncHarness.start(seed: .none)
        try await cleaningUp({ await harness.stop() }) {
            let before = try await harness.createRichItem()
            let itemID = before["id"]!.stringValue!
            let ids = SyncHarness.variationIDs(of: before)
            let editor = harness.editor

            #expect(nameOf(before, ids[1]) == "Medium")
            let priced = try await editor.edit(
                variationID: ids[1], itemID: itemID, label: "Ceramic Mug — Medium",
                edits: [FieldEdit(.price, Self.usd(1499))])
            #expect(priced.status == .applied)
            #expect(priced.changes == [FieldChange(field: .price, old: Self.usd(1400), new: Self.usd(1499))])
            let afterPrice = try await harness.client.retrieveCatalogObject(id: itemID).object
            // A price is written on the variation alone: the item's own fields and the other variations are as they were.
            #expect(
                withoutVolatile(afterPrice, removing: [["item_variation_data", "price_money"]])
                    == withoutVolatile(before, removing: [["item_variation_data", "price_money"]]))
            #expect(variation(afterPrice, ids[1])?["item_variation_data"]?["price_money"] == Self.usd(1499))
            #expect(variation(afterPrice, ids[0])?["version"] == variation(before, ids[0])?["version"])
            #expect(variation(afterPrice, ids[2])?["version"] == variation(before, ids[2])?["version"])

            let renamed = try await editor.edit(
                variationID: ids[1], itemID: itemID, label: "Ceramic Mug — Medium",
                edits: [FieldEdit(.name, "Ceramic Mug, blue"), FieldEdit(.variationName, "Medium (350 ml)")])
            #expect(renamed.status == .applied)
            let after = try await harness.client.retrieveCatalogObject(id: itemID).object
            #expect(after["item_data"]!["name"] == "Ceramic Mug, blue")
            #expect(nameOf(after, ids[1]) == "Medium (350 ml)")
            let edited: [[String]] = [
                ["item_data", "name"], ["item_variation_data", "price_money"], ["item_variation_data", "name"],
            ]
            var expected = withoutVolatile(before, removing: edited)
            var actual = withoutVolatile(after, removing: edited)
            // The other variations kept their names.
            #expect(nameOf(after, ids[0]) == "Small")
            #expect(nameOf(after, ids[2]) == "Large")
            expected["item_data"]?["variations"] = nil
            actual["item_data"]?["variations"] = nil
            #expect(actual == expected)
            #expect(
                withoutVolatile(after["item_data"]!["variations"]!, removing: edited)
                    == withoutVolatile(before["item_data"]!["variations"]!, removing: edited))
            // Unmodelled members survive byte for byte, number literals included.
            #expect(
                after["item_data"]!["a_future_item_field"]!.jsonString == #"{"nested":{"deep":[1,2,3]},"ratio":0.10}"#)

            // The local copy was updated from Square's answer at once, and the history has one row per field.
            #expect(try await harness.database.storedObject(id: itemID)?["item_data"]?["name"] == "Ceramic Mug, blue")
            let history = try await harness.database.history(objectIDs: [ids[1], itemID])
            #expect(history.map(\.field).sorted() == ["name", "price", "variation_name"])
            #expect(history.allSatisfy { $0.counter == "till-1" && $0.version != nil })
            #expect(history.first { $0.field == "price" }?.oldValue == Self.usd(1400))
        }
    }

    func variation(_ item: JSONValue, _ variationID: String) -> JSONValue? {
        item["item_data"]?["variations"]?.arrayValue?.first { $0["id"]?.stringValue == variationID }
    }

    func nameOf(_ item: JSONValue, _ variationID: String) -> JSONValue? {
        variation(item, variationID)?["item_variation_data"]?["name"]
    }

    @Test func aDescriptionEditKeepsTheHTMLCopyInStep() async throws {
        let harness = try await SyncHarness.start(seed: .none)
        try await cleaningUp({ await harness.stop() }) {
            let before = try await harness.createRichItem()
            let ids = SyncHarness.variationIDs(of: before)
            _ = try await harness.editor.edit(
                variationID: ids[0], itemID: before["id"]!.stringValue!, label: "Mug",
                edits: [FieldEdit(.description, "Oven <safe> & glazed"), FieldEdit(.archived, true)])
            let after = try await harness.client.retrieveCatalogObject(id: before["id"]!.stringValue!).object
            #expect(after["item_data"]!["description"] == "Oven <safe> & glazed")
            #expect(after["item_data"]!["description_html"] == "<p>Oven &lt;safe&gt; &amp; glazed</p>")
            #expect(after["item_data"]!["is_archived"] == true)
        }
    }

    @Test func anotherWritersNameChangeBetweenFetchAndUpsertSurvives() async throws {
        let harness = try await SyncHarness.start(seed: .none)
        try await cleaningUp({ await harness.stop() }) {
            let before = try await harness.createRichItem()
            let itemID = before["id"]!.stringValue!
            let ids = SyncHarness.variationIDs(of: before)
            var editor = harness.editor
            let baseURL = harness.server.baseURL.absoluteString
            editor.afterFetch = { attempt in
                guard attempt == 1 else { return }
                // The official Python SDK renames the item (an item upsert, which bumps every variation's version).
                let status = await PythonSDK.run(
                    PythonSDK.renameItem, arguments: [baseURL, SyncHarness.token, itemID, "Mug by SDK"])
                #expect(status == 0)
            }
            let result = try await editor.edit(
                variationID: ids[2], itemID: itemID, label: "Mug — Large", edits: [FieldEdit(.price, Self.usd(1750))])
            #expect(result.status == .applied)
            #expect(result.attempts == 2)
            let after = try await harness.client.retrieveCatalogObject(id: itemID).object
            #expect(after["item_data"]!["name"] == "Mug by SDK")
            #expect(variation(after, ids[2])?["item_variation_data"]?["price_money"] == Self.usd(1750))
        }
    }

    @Test func rateLimitsAndDroppedConnectionsNeitherDuplicateNorLoseAnEdit() async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let countBefore = try await harness.serverObjects().count
            var seen = Set<String>()
            let samples = try await harness.database.sampleVariations(limit: 60).filter {
                seen.insert($0.itemID).inserted
            }
            .prefix(6)
            await harness.server.setFaults(SandboxFaults(rateLimitEvery: 3, dropEvery: 4))
            for (index, sample) in samples.enumerated() {
                let result = try await harness.editor.edit(
                    variationID: sample.variationID, itemID: sample.itemID, label: sample.itemName,
                    edits: [
                        FieldEdit(.price, Money(amount: Int64(900 + index), currency: "GBP").json),
                        FieldEdit(.name, .string("Edited \(index)")),
                    ])
                #expect(result.status == .applied || result.status == .unchanged)
            }
            await harness.server.setFaults(SandboxFaults())
            let server = try await harness.serverObjects()
            #expect(server.count == countBefore)
            for (index, sample) in samples.enumerated() {
                #expect(
                    server[sample.variationID]?["item_variation_data"]?["price_money"]?["amount"]
                        == .int(Int64(900 + index)))
                #expect(server[sample.itemID]?["item_data"]?["name"] == .string("Edited \(index)"))
            }
        }
    }
}
