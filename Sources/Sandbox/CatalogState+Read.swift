import CatalogCore

extension CatalogState {
    /// Types a search or list leaves out unless the request names them.
    static let nestedTypes: Set<String> = ["ITEM_VARIATION", "MODIFIER", "ITEM_OPTION_VAL"]

    /// The current log entries from `start` that `match`, at most `limit`, and where the next page starts.
    /// Costs O(page) for dense filters: it walks the log, never sorts it.
    func scan(from start: Int, limit: Int, match: (LogEntry) -> Bool) -> (ids: [String], next: Int?) {
        var ids: [String] = []
        ids.reserveCapacity(min(limit, 1000))
        var index = start
        while index < log.count {
            let entry = log[index]
            if !entry.stale, match(entry) {
                if ids.count == limit { return (ids, index) }
                ids.append(entry.id)
            }
            index += 1
        }
        return (ids, nil)
    }

    /// The version and id of the log entry at `position`: what a catalog cursor carries, so that a
    /// cursor still points at the same place after a restart rebuilds the log from the data file.
    func logKey(at position: Int) -> Cursor.LogKey {
        Cursor.LogKey(version: log[position].version, id: log[position].id)
    }

    /// The first log position at or after `key` in (version, id) order.
    /// A binary search over both: a seeded catalog writes every object at one version.
    func position(of key: Cursor.LogKey) -> Int {
        var low = firstPosition(after: key.version - 1)
        var high = firstPosition(after: key.version)
        while low < high {
            let middle = (low + high) / 2
            if log[middle].id < key.id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first log position whose version is later than `ms`.
    func firstPosition(after ms: Int64) -> Int {
        var low = 0
        var high = log.count
        while low < high {
            let middle = (low + high) / 2
            if log[middle].version <= ms { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Opaque, forward-only cursors bound to the request they continue.
enum Cursor {
    /// The cursor for log position `position` of the request whose fingerprint is `hash`.
    static func make(position: Int, hash: UInt64) -> String {
        let text = "p" + String(position, radix: 16) + "h" + String(hash, radix: 16)
        return Base64.encode(Array(text.utf8))
    }

    /// Where a catalog cursor continues: the write-log entry (version, then id) of the next object.
    struct LogKey: Sendable, Equatable {
        var version: Int64
        var id: String
    }

    /// The cursor that continues at log entry `key` of the request whose fingerprint is `hash`.
    static func make(key: LogKey, hash: UInt64) -> String {
        let text = "v" + String(key.version, radix: 16) + "h" + String(hash, radix: 16) + "i" + key.id
        return Base64.encode(Array(text.utf8))
    }

    /// The log entry a catalog cursor continues at; throws INVALID_CURSOR when it is malformed or
    /// belongs to another request.
    static func key(_ cursor: String, hash: UInt64) throws(APIError) -> LogKey {
        guard let bytes = Base64.decode(cursor) else { throw invalid }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("v"), let hashMark = text.firstIndex(of: "h"), let idMark = text.firstIndex(of: "i"),
            hashMark < idMark, let version = Int64(text[text.index(after: text.startIndex)..<hashMark], radix: 16),
            let sent = UInt64(text[text.index(after: hashMark)..<idMark], radix: 16), sent == hash
        else { throw invalid }
        return LogKey(version: version, id: String(text[text.index(after: idMark)...]))
    }

    static let invalid = APIError.invalid(
        "INVALID_CURSOR",
        "The cursor is not valid for this request; send it with the same parameters as the first page.",
        field: "cursor")

    /// Where a page starts: 0 without a cursor, else the position it continues at (as `position`).
    static func offset(_ cursor: String?, hash: UInt64) throws(APIError) -> Int {
        guard let cursor else { return 0 }
        return try position(cursor, hash: hash)
    }

    /// The position a cursor continues at; throws INVALID_CURSOR when it is malformed or belongs to another request.
    static func position(_ cursor: String, hash: UInt64) throws(APIError) -> Int {
        guard let bytes = Base64.decode(cursor) else { throw invalid }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("p"), let split = text.firstIndex(of: "h"),
            let position = Int(text[text.index(after: text.startIndex)..<split], radix: 16),
            let sent = UInt64(text[text.index(after: split)...], radix: 16), sent == hash, position >= 0
        else { throw invalid }
        return position
    }
}

/// URL-safe base64 without padding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for slot in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * slot)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var value = 0
        var bits = 0
        var out: [UInt8] = []
        for char in text.utf8 {
            guard let digit = alphabet.firstIndex(of: char) else { return nil }
            value = (value << 6 | digit) & 0xFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((value >> bits) & 255))
            }
        }
        return out
    }
}
