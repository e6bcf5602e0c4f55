import Foundation

/// Why a JSON text could not be read, with the byte offset where reading stopped.
public struct JSONParseError: Error, CustomStringConvertible, Sendable, Equatable {
    public let offset: Int
    public let reason: String

    public var description: String { "malformed JSON at byte \(offset): \(reason)" }
}

extension JSONValue {
    /// Parses a complete JSON text (RFC 8259), keeping number literals and key order.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONParseError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text given as bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text given as a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// A recursive-descent JSON parser over a byte buffer.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index != bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth)") }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key string") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes; plain ASCII needs no UTF-8 validation.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ascii ? String(decoding: slice, as: UTF8.self) : try decodeUTF8(slice, at: start)
            }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in a string") }
            index += 1
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try scratch.withUnsafeBufferPointer { buffer throws(JSONParseError) in
                    try decodeUTF8(buffer, at: start)
                }
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unexpected end of input in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scratch.append(0x22)
                case UInt8(ascii: "\\"): scratch.append(0x5C)
                case UInt8(ascii: "/"): scratch.append(0x2F)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &scratch)
                default: throw fail("invalid escape sequence")
                }
            default:
                if byte < 0x20 { throw fail("control character in a string") }
                scratch.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    func decodeUTF8(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
        guard let string = String(validating: buffer, as: UTF8.self) else {
            throw JSONParseError(offset: offset, reason: "invalid UTF-8 in a string")
        }
        return string
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func appendUnicodeEscape(to scratch: inout [UInt8]) throws(JSONParseError) {
        var scalarValue = try readHex4()
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("unpaired surrogate in \\u escape") }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid surrogate pair") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw fail("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid unicode scalar") }
        scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}

extension JSONParseError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
