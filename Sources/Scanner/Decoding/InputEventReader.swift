#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses a byte stream of `input_event` records incrementally, keeping a partial record across chunks.
///
/// evdev devices only ever return whole records, but files and pipes (`--events`) may not.
public struct InputEventReader: Sendable {
    private var partial: [UInt8] = []

    /// Makes a reader with nothing pending.
    public init() {}

    /// The bytes of an incomplete record seen so far (0 to 23 bytes), kept for the next chunk.
    public var pendingBytes: [UInt8] { partial }

    /// Parses `chunk`, appending every completed record to `events`.
    public mutating func parse(_ chunk: UnsafeRawBufferPointer, into events: inout [InputEvent]) {
        let size = InputEvent.byteCount
        var offset = 0
        if !partial.isEmpty {
            let needed = size - partial.count
            let taken = min(needed, chunk.count)
            partial.append(contentsOf: chunk[0..<taken])
            offset = taken
            guard partial.count == size else { return }
            partial.withUnsafeBytes { events.append(InputEvent(record: $0, at: 0)) }
            partial.removeAll(keepingCapacity: true)
        }
        let whole = (chunk.count - offset) / size
        events.reserveCapacity(events.count + whole)
        for _ in 0..<whole {
            events.append(InputEvent(record: chunk, at: offset))
            offset += size
        }
        if offset < chunk.count {
            partial.append(contentsOf: chunk[offset...])
        }
    }

    /// Parses `chunk` and returns the records it completed.
    public mutating func parse(_ chunk: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        chunk.withUnsafeBytes { parse($0, into: &events) }
        return events
    }

    /// Reads up to `maximumBytes` from `fileDescriptor` (retrying EINTR) and parses them into `events`.
    ///
    /// Returns false at the end of the stream. A partial record left at the end is in `pendingBytes`;
    /// call `finish()` to turn it into an error.
    public mutating func read(
        from fileDescriptor: Int32, maximumBytes: Int = 64 * InputEvent.byteCount, into events: inout [InputEvent]
    ) throws(ScannerError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        let outcome = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(Errno) -> Int in
                try systemCall("read") { Glibc.read(fileDescriptor, raw.baseAddress, raw.count) }
            }
        }
        guard case .success(let count) = outcome else {
            if case .failure(let failure) = outcome { throw .streamReadFailed(failure) }
            return false
        }
        if count == 0 { return false }
        buffer.withUnsafeBytes { parse(UnsafeRawBufferPointer(rebasing: $0[0..<count]), into: &events) }
        return true
    }

    /// Confirms the stream ended on a record boundary.
    public func finish() throws(ScannerError) {
        if !partial.isEmpty { throw .streamTruncated(byteCount: partial.count) }
    }
}
