import CatalogCore

/// Catalog and location ids: upper-case base-32 text, random for new objects, reproducible for seeds.
struct ObjectIds {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    private var generator: SplitMix64

    /// A reproducible id sequence: the same `seed` gives the same ids.
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random-looking bits.
    mutating func next() -> UInt64 { generator.next() }

    /// The next 24-character catalog id.
    mutating func catalogId() -> String { Self.encode(next(), 12) + Self.encode(next(), 12) }

    /// The next 13-character location id.
    mutating func locationId() -> String { Self.encode(next(), 12) + Self.encode(next(), 1) }

    /// A fresh random 24-character catalog id.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return encode(generator.next(), 12) + encode(generator.next(), 12)
    }

    private static func encode(_ bits: UInt64, _ count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var value = bits
        for _ in 0..<count {
            bytes.append(alphabet[Int(value & 31)])
            value >>= 5
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// FNV-1a, a stable 64-bit hash for binding cursors and idempotency keys to their requests.
enum StableHash {
    static func of(_ bytes: [UInt8], seed: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func of(_ text: String) -> UInt64 { of(Array(text.utf8)) }
}
