import CatalogCore
import Foundation
import Sandbox
import Testing

/// Square's catalog custom attributes in the sandbox: definitions and the values set with them, with the rules
/// the reference gives in words (what the shelf locations of a shop will be kept in).
@Suite struct CustomAttributeTests {
    static func definition(
        _ key: String?, name: String = "Shelf", type: String = "STRING", on types: [String] = ["ITEM_VARIATION"],
        id: String = "#definition", extra: JSONObject = [:]
    ) -> JSONValue {
        var data: JSONObject = [
            "type": .string(type), "name": .string(name), "allowed_object_types": .array(types.map(JSONValue.string)),
            "seller_visibility": "SELLER_VISIBILITY_READ_WRITE_VALUES",
            "app_visibility": "APP_VISIBILITY_READ_WRITE_VALUES",
        ]
        if let key { data["key"] = .string(key) }
        for (name, value) in extra { data[name] = value }
        return [
            "type": "CUSTOM_ATTRIBUTE_DEFINITION", "id": .string(id), "custom_attribute_definition_data": .object(data),
        ]
    }

    /// The first variation of a new item, with `values` set on it.
    static func variation(_ client: Client, values: JSONValue) async throws -> (Reply, JSONValue) {
        let made = try await client.upsert(newItem("Tea Towel", variations: ["Regular"]))
        var variation = try #require(made.json["catalog_object"]?["item_data"]?["variations"]?[0])
        variation["custom_attribute_values"] = values
        return (try await ProseRulesTests.upsert(client, variation), variation)
    }

    @Test func aShelfSetOnAVariationIsKeptWithItsDefinitionNamed() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let defined = try await client.upsert(Self.definition("shelf-high-street", name: "Shelf at High Street"))
            let definitionID = try #require(defined.json["catalog_object"]?["id"]?.stringValue)
            let (reply, _) = try await Self.variation(
                client, values: ["shelf-high-street": ["string_value": "A3-2"]])
            #expect(reply.status == 200, "\(reply.json)")
            let id = try #require(reply.json["catalog_object"]?["id"]?.stringValue)
            let read = try await client.retrieve(id)
            let value = read.json["object"]?["custom_attribute_values"]?["shelf-high-street"]
            #expect(value?["string_value"] == "A3-2")
            #expect(value?["custom_attribute_definition_id"]?.stringValue == definitionID)
            #expect(value?["type"] == "STRING" && value?["key"] == "shelf-high-street")
            #expect(value?["name"] == "Shelf at High Street")
            // The definition is a catalog object like any other: listed with its type.
            let listed = try await client.get("/v2/catalog/list?types=CUSTOM_ATTRIBUTE_DEFINITION")
            #expect(listed.objects.map { $0["id"]?.stringValue } == [definitionID], "\(listed.json)")
        }
    }

    @Test(
        "a definition's key is 1 to 60 letters, digits, _ or -",
        arguments: [
            ("shelf", true), ("shelf_2-b", true), (String(repeating: "k", count: 60), true),
            (String(repeating: "k", count: 61), false), ("", false), ("shelf place", false), ("shelf:1", false),
            ("hyllä", false),
        ])
    func definitionKeys(_ key: String, _ accepted: Bool) async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let reply = try await ProseRulesTests.upsert(client, Self.definition(key))
            if accepted {
                #expect(reply.status == 200, "\(reply.json)")
            } else {
                #expect(reply.status == 400, "\(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"] == "object.custom_attribute_definition_data.key")
            }
        }
    }

    @Test func aDefinitionAppliesToSomeOfFiveObjectTypes() async throws {
        try await ProseRulesTests.expectUpsert(
            Self.definition("shelf", on: []), false, refusing: "custom_attribute_definition_data.allowed_object_types")
        try await ProseRulesTests.expectUpsert(
            Self.definition("shelf", on: ["ITEM_VARIATION", "TAX"]), false,
            refusing: "custom_attribute_definition_data.allowed_object_types")
        try await ProseRulesTests.expectUpsert(
            Self.definition("shelf", on: ["ITEM", "ITEM_VARIATION", "CATEGORY"]), true, refusing: "")
    }

    @Test func namesAndKeysAreUniqueAndTypeAndKeyCannotChange() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            let first = try await client.upsert(Self.definition("shelf"))
            var stored = try #require(first.json["catalog_object"])
            let sameName = try await ProseRulesTests.upsert(client, Self.definition("other", id: "#b"))
            #expect(sameName.status == 400, "\(sameName.json)")
            #expect(sameName.json["errors"]?[0]?["field"] == "custom_attribute_definition_data.name")
            let sameKey = try await ProseRulesTests.upsert(client, Self.definition("shelf", name: "Aisle", id: "#c"))
            #expect(sameKey.json["errors"]?[0]?["field"] == "custom_attribute_definition_data.key", "\(sameKey.json)")
            // The name may change; the key and the type may not.
            stored["custom_attribute_definition_data"]?["name"] = "Shelf place"
            let renamed = try await ProseRulesTests.upsert(client, stored)
            #expect(renamed.status == 200, "\(renamed.json)")
            stored = try #require(renamed.json["catalog_object"])
            var rekeyed = stored
            rekeyed["custom_attribute_definition_data"]?["key"] = "place"
            let refusedKey = try await ProseRulesTests.upsert(client, rekeyed)
            #expect(refusedKey.json["errors"]?[0]?["field"] == "custom_attribute_definition_data.key")
            var retyped = stored
            retyped["custom_attribute_definition_data"]?["type"] = "NUMBER"
            let refusedType = try await ProseRulesTests.upsert(client, retyped)
            #expect(refusedType.json["errors"]?[0]?["field"] == "custom_attribute_definition_data.type")
        }
    }

    @Test func aValueNeedsItsDefinitionItsObjectTypeAndItsField() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            try await client.upsert(Self.definition("shelf"))
            try await client.upsert(Self.definition("fragile", name: "Fragile", type: "BOOLEAN", id: "#f"))
            try await client.upsert(Self.definition("brand-shelf", name: "Brand shelf", on: ["ITEM"], id: "#i"))
            let cases: [(JSONValue, String)] = [
                (["aisle": ["string_value": "A3"]], "custom_attribute_values.aisle"),
                (["shelf": ["number_value": "3"]], "custom_attribute_values.shelf"),
                (["fragile": ["string_value": "yes"]], "custom_attribute_values.fragile"),
                (["brand-shelf": ["string_value": "B1"]], "custom_attribute_values.brand-shelf"),
            ]
            for (values, field) in cases {
                let (reply, _) = try await Self.variation(client, values: values)
                #expect(reply.status == 400 && reply.code == "INVALID_VALUE", "\(values): \(reply.json)")
                #expect(reply.json["errors"]?[0]?["field"]?.stringValue == field, "\(values): \(reply.json)")
            }
            let (fine, _) = try await Self.variation(
                client, values: ["shelf": ["string_value": "A3-2"], "fragile": ["boolean_value": true]])
            #expect(fine.status == 200, "\(fine.json)")
        }
    }

    /// A STRING definition that enforces uniqueness takes each value once: against what is held, and within
    /// one batch.
    @Test func aUniqueValueStandsOnOneObjectOnly() async throws {
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            try await client.upsert(
                Self.definition(
                    "code", name: "Code", on: ["CATEGORY"], extra: ["string_config": ["enforce_uniqueness": true]]))
            func category(_ id: String, _ value: String) -> JSONValue {
                [
                    "type": "CATEGORY", "id": .string(id), "category_data": ["name": .string("Category \(id)")],
                    "custom_attribute_values": ["code": ["string_value": .string(value)]],
                ]
            }
            try await client.upsert(category("#a", "X1"))
            let again = try await ProseRulesTests.upsert(client, category("#b", "X1"))
            #expect(again.status == 400 && again.json["errors"]?[0]?["field"] == "custom_attribute_values.code")
            let batch = try await client.post(
                "/v2/catalog/batch-upsert",
                [
                    "idempotency_key": .string(UUID().uuidString),
                    "batches": [["objects": [category("#c", "Y1"), category("#d", "Y1")]]],
                ])
            #expect(batch.status == 400, "\(batch.json)")
            #expect(
                batch.json["errors"]?[0]?["detail"]?.stringValue?.contains("must be unique") == true, "\(batch.json)")
            let other = try await ProseRulesTests.upsert(client, category("#e", "Z1"))
            #expect(other.status == 200, "\(other.json)")
        }
    }

    @Test func aSelectionTakesItsOwnChoicesUpToItsMost() async throws {
        let choices: JSONValue = [["uid": "front", "name": "Front"], ["uid": "back", "name": "Back"]]
        try await withSandbox(SandboxConfiguration(seed: .none)) { _, client in
            try await client.upsert(
                Self.definition(
                    "side", name: "Side", type: "SELECTION",
                    extra: ["selection_config": ["allowed_selections": choices, "max_allowed_selections": 1]]))
            let (other, _) = try await Self.variation(client, values: ["side": ["selection_uid_values": ["top"]]])
            #expect(other.status == 400, "\(other.json)")
            let (both, _) = try await Self.variation(
                client, values: ["side": ["selection_uid_values": ["front", "back"]]])
            #expect(both.status == 400, "\(both.json)")
            let (one, _) = try await Self.variation(client, values: ["side": ["selection_uid_values": ["back"]]])
            #expect(one.status == 200, "\(one.json)")
        }
        try await ProseRulesTests.expectUpsert(
            Self.definition("side", extra: ["string_config": ["enforce_uniqueness": false]]).with(type: "NUMBER"),
            false, refusing: "custom_attribute_definition_data.string_config")
    }
}

extension JSONValue {
    /// A definition with another type.
    fileprivate func with(type: String) -> JSONValue {
        var changed = self
        changed["custom_attribute_definition_data"]?["type"] = .string(type)
        return changed
    }
}
