import CatalogCore
import SquareSchema
import Testing

@Suite struct SchemaValidatorTests {
    let validator = SchemaValidator(schemas: [
        "Money": ##"""
        {"type":"object","properties":{"amount":{"type":"integer","format":"int64"},
         "currency":{"type":"string","enum":["USD","EUR"]}}}
        """##.json,
        "Strict": ##"""
        {"type":"object","required":["id"],"properties":{"id":{"type":"string"}},"additionalProperties":false}
        """##.json,
        "Tree": ##"""
        {"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/components/schemas/Tree"}}}}
        """##.json,
    ])

    func paths(_ document: String, _ schema: String) -> [String] {
        validator.validate(document.json, schema: schema.json).map(\.path)
    }

    @Test(arguments: [
        (##"{"type":"object"}"##, ##"{}"##, ##"[]"##),
        (##"{"type":"array"}"##, ##"[]"##, ##"{}"##),
        (##"{"type":"string"}"##, ##""a""##, "1"),
        (##"{"type":"integer"}"##, "-12", "1.5"),
        (##"{"type":"integer"}"##, "0", "1e3"),
        (##"{"type":"number"}"##, "1.5", ##""1.5""##),
        (##"{"type":"boolean"}"##, "true", "0"),
        (##"{"type":"string"}"##, ##""a""##, "null"),
        (##"{"type":"string","nullable":true}"##, "null", "3"),
        (##"{"$ref":"#/components/schemas/Money","nullable":true}"##, "null", "3"),
        (##"{"type":"string","enum":["A","B"]}"##, ##""B""##, ##""C""##),
        (##"{"type":"string","minLength":2}"##, ##""ab""##, ##""a""##),
        (##"{"type":"string","maxLength":2}"##, ##""éé""##, ##""abc""##),
        (##"{"type":"array","minItems":1}"##, "[1]", "[]"),
        (##"{"type":"array","maxItems":1}"##, "[1]", "[1,2]"),
        (##"{"type":"integer","minimum":1}"##, "1", "0"),
        (##"{"type":"integer","maximum":1000}"##, "1000", "1001"),
        (##"{"type":"integer","format":"int64"}"##, "9223372036854775807", "9223372036854775808"),
        (##"{"type":"integer","format":"int64"}"##, "-9223372036854775808", "-9223372036854775809"),
        (##"{"type":"integer","format":"int32"}"##, "2147483647", "2147483648"),
    ])
    func keyword(schema: String, valid: String, invalid: String) {
        #expect(paths(valid, schema).isEmpty)
        #expect(paths(invalid, schema) == ["$"])
    }

    @Test func requiredAndAdditionalProperties() {
        #expect(validator.validate(##"{"id":"A"}"##.json, against: "Strict").isEmpty)
        let missing = validator.validate(##"{}"##.json, against: "Strict")
        #expect(missing == [SchemaViolation(path: "$", message: "required property id is missing")])
        let extra = validator.validate(##"{"id":"A","zz":1}"##.json, against: "Strict")
        #expect(extra.map(\.path) == ["$.zz"])
    }

    @Test func additionalPropertiesSchema() {
        let schema = ##"{"type":"object","additionalProperties":{"type":"integer"}}"##
        #expect(paths(##"{"a":1,"b":2}"##, schema).isEmpty)
        #expect(paths(##"{"a":1,"b":"x"}"##, schema) == ["$.b"])
        #expect(paths(##"{"a":"anything"}"##, ##"{"type":"object"}"##).isEmpty)
    }

    @Test func propertiesAndItemsGiveTheirPath() {
        let schema = ##"""
            {"type":"object","properties":{"list":{"type":"array","items":{"$ref":"#/components/schemas/Money"}}}}
            """##
        #expect(paths(##"{"list":[{"amount":1,"currency":"USD"}]}"##, schema).isEmpty)
        let violations = validator.validate(
            ##"{"list":[{"amount":1,"currency":"USD"},{"amount":1.5,"currency":"GBP"}]}"##.json, schema: schema.json)
        #expect(violations.map(\.path) == ["$.list[1].amount", "$.list[1].currency"])
        #expect(violations[0].message == "expected integer, found number")
    }

    @Test func recursiveReferences() {
        #expect(validator.validate(##"{"children":[{"children":[{}]}]}"##.json, against: "Tree").isEmpty)
        let violations = validator.validate(##"{"children":[{"children":[3]}]}"##.json, against: "Tree")
        #expect(violations.map(\.path) == ["$.children[0].children[0]"])
    }

    @Test func unknownReferenceIsAViolation() {
        #expect(validator.validate("{}".json, against: "Nope").map(\.message) == ["schema Nope is not defined"])
    }

    @Test func stopsAfterTheLimit() {
        let document = "[" + Array(repeating: ##""x""##, count: 20).joined(separator: ",") + "]"
        let violations = validator.validate(document.json, schema: ##"{"items":{"type":"integer"}}"##.json, limit: 3)
        #expect(violations.map(\.path) == ["$[0]", "$[1]", "$[2]"])
    }

    @Test func theFixtureLoadsAndKnowsEveryOperation() throws {
        let contract = try SquareContract.load()
        #expect(contract.operations.count == 19)
        for operation in contract.operations.values {
            if let request = operation.request { #expect(contract.validator.schemas[request] != nil) }
            #expect(contract.validator.schemas[operation.response] != nil)
        }
        let money = ##"{"amount":-9223372036854775808,"currency":"USD"}"##.json
        #expect(contract.validator.validate(money, against: "Money").isEmpty)
        #expect(!contract.validator.validate(##"{"amount":"12"}"##.json, against: "Money").isEmpty)
    }
}

extension String {
    /// The JSON value this text holds; the tests' documents are literals, so a parse failure is a test bug.
    var json: JSONValue {
        do { return try JSONValue.parse(self) } catch { fatalError("bad JSON literal in a test: \(error): \(self)") }
    }
}
