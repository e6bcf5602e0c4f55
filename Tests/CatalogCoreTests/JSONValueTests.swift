import CatalogCore
import Foundation
import Testing

@Suite struct JSONValueTests {
    /// Compact documents that must come back byte for byte.
    @Test(arguments: [
        #"{"type":"ITEM","id":"W62UWFY35CWMYGVWK6TWJDNI","zz_unknown":{"b":1,"a":[true,false,null]},"version":1}"#,
        #"{"version":9223372036854775807,"ordinal":-9223372036854775808,"ratio":1.50,"e":1.0E+2,"z":-0.0}"#,
        #"{"s":"quote \" backslash \\ newline \n tab \t return \r bell \u0007 nul \u0000"}"#,
        #"{"name":"Café crème ☕ 😀 ÄÖÜ 日本語","ключ":"значение"}"#,
        #"[[],{},"",0,[{"a":[[]]}]]"#,
        #""just a string""#,
        "-12",
    ])
    func compactRoundTripIsByteExact(text: String) throws {
        let bytes = Array(text.utf8)
        let value = try JSONValue.parse(bytes)
        #expect(value.serializedBytes() == bytes)
        #expect(try JSONValue.parse(Data(bytes)) == value)
        #expect(try JSONValue.parse(text) == value)
    }

    /// Escapes at either end, side by side and between long runs, and every control character.
    @Test func escapesAnywhereInAString() throws {
        let long = String(repeating: "x", count: 5000)
        let text = "\u{01}\"\"\\" + long + "\n\u{00}" + long + "é\u{1F}"
        let expected = #""\u0001\"\"\\"# + long + #"\n\u0000"# + long + #"é\u001f""#
        #expect(JSONValue.string(text).jsonString == expected)
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let written = JSONValue.string(controls).serializedBytes()
        #expect(try JSONValue.parse(written) == .string(controls))
        #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 })
    }

    @Test func keepsExactNumbersAndOrder() throws {
        let value = try JSONValue.parse(#"{"z":1,"a":9223372036854775807,"m":-9223372036854775808,"p":1.50}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m", "p"])
        #expect(value["a"]?.int64Value == Int64.max)
        #expect(value["m"]?.int64Value == Int64.min)
        #expect(value["p"] == .number("1.50"))
    }

    @Test func whitespaceIsDroppedButNothingElse() throws {
        let pretty = """
            {
              "b" : [ 1 , 2.50 ],
              "a" : { "x" : "y" }
            }
            """
        #expect(try JSONValue.parse(pretty).jsonString == #"{"b":[1,2.50],"a":{"x":"y"}}"#)
    }

    @Test func otherEscapesDecodeToTheSameText() throws {
        let value = try JSONValue.parse(#"["\u00e9","\/","\ud83d\ude00","\b\f"]"#)
        #expect(value == ["é", "/", "😀", "\u{08}\u{0C}"])
        #expect(try JSONValue.parse(value.serializedBytes()) == value)
    }

    @Test func editsKeepOtherFields() throws {
        var value = try JSONValue.parse(#"{"id":"A","item_data":{"name":"Tea","x_future":[1]},"version":5}"#)
        value["item_data"]?["name"] = "Green tea"
        value["version"] = .int(Int64(6))
        #expect(value.jsonString == #"{"id":"A","item_data":{"name":"Green tea","x_future":[1]},"version":6}"#)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", #"{"a":1,}"#, "01", "1.", "-", "+1", ".5", "1e", #""abc"#, "tru", "nul",
        "{a:1}", "[1] 2", #""\x""#, "\"\u{01}\"", #""\ud800""#, #""\udc00x""#, "NaN", "[1 2]", #"{"a" 1}"#,
        "'single'",
    ])
    func malformedInputThrows(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func invalidUTF8Throws() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func errorSaysWhere() {
        do {
            _ = try JSONValue.parse("[1,]")
            Issue.record("accepted")
        } catch {
            #expect(error.offset == 3)
            #expect(error.description.hasPrefix("malformed JSON at byte 3"))
        }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try JSONValue.parse(fine) }
    }
}
