/// Field data for ZPL: every byte that could end a field or start a command is hex-escaped, so a
/// name like `Fun^XA~JR` prints as text. Used with `^FH_` before every `^FD` and `^CI28` (UTF-8).
public enum ZPLEscaping {
    /// `text` with `_`, `^`, `~`, control characters and every non-ASCII UTF-8 byte written as `_XX`.
    ///
    /// A backslash is doubled, which `^FB` reads as one backslash (a lone one could start `\&`, a
    /// line break).
    public static func fieldData(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "~"), 0..<0x20, 0x7F...0xFF:
                output += "_" + hex(byte)
            case UInt8(ascii: "\\"):
                output += "\\\\"
            default:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    /// Code 128 data for `^BC`: a literal `>` becomes `>0` (ZPL's `>` starts an invocation code),
    /// then the field is hex-escaped like any other.
    public static func code128Data(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ">"):
                output += ">0"
            case UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "~"), 0..<0x20, 0x7F...0xFF:
                output += "_" + hex(byte)
            default:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
