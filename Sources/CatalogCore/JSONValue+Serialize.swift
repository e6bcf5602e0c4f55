import Foundation

extension JSONValue {
    /// The compact JSON text of this value, as UTF-8 bytes.
    public func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    /// The compact JSON text of this value.
    public var jsonString: String { String(decoding: serializedBytes(), as: UTF8.self) }

    /// The compact JSON text of this value, as `Data`.
    public var jsonData: Data { Data(serializedBytes()) }

    /// Appends the compact JSON text of this value to `output`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(true): output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        case .bool(false): output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let string): JSONValue.writeString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` as a quoted, escaped JSON string, copying the runs between escapes whole.
    ///
    /// CatalogCore is optimized in the debug build too (Package.swift), so this loop is specialized there
    /// as in release; unoptimized it cost a generic call per byte, a fifth of the Swift tests' CPU. (libc's
    /// `strcspn` finding the runs was tried: 10-20% slower in release on a catalog's short strings.)
    public static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { buffer in
            var runStart = 0
            for (offset, byte) in buffer.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<offset]))
                runStart = offset + 1
                appendEscape(byte, to: &output)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<buffer.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x22: output.append(contentsOf: [0x5C, 0x22])
        case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { jsonString }
}
