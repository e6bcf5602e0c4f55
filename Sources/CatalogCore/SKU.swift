/// Stock-keeping unit codes as merchants type them.
public enum SKU {
    /// The lookup key of `sku`: upper-cased, with spaces, hyphens, dots, slashes and underscores left out,
    /// so `hw-0142 s`, `HW.0142/S` and `HW0142S` all give `HW0142S`.
    public static func key(_ sku: String) -> String {
        if sku.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(sku) }
        return String(sku.filter { !$0.isWhitespace && !ignored.contains($0) }).uppercased()
    }

    /// The same key without Unicode processing, for the common all-ASCII SKU (sync indexes every one).
    private static func asciiKey(_ sku: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sku.utf8.count)
        for byte in sku.utf8 {
            switch byte {
            case 0x09...0x0D, 0x20, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "\\"),
                UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"): bytes.append(byte - 0x20)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let ignored: Set<Character> = ["-", "‐", "–", ".", "/", "\\", "_"]
}
