import CEvdev

/// One kernel `struct input_event` as 64-bit Linux writes it: 24 little-endian bytes.
public struct InputEvent: Hashable, Sendable {
    /// Bytes in one record: seconds (8), microseconds (8), type (2), code (2), value (4).
    public static let byteCount = 24

    /// `EV_SYN`: frame markers (`SYN_REPORT`) and queue overflow (`SYN_DROPPED`).
    public static let synchronization = UInt16(EV_SYN)
    /// `EV_KEY`: a key went down (1), up (0) or repeated (2).
    public static let key = UInt16(EV_KEY)
    /// `EV_MSC`: miscellaneous, e.g. `MSC_SCAN` with the HID usage of the key.
    public static let miscellaneous = UInt16(EV_MSC)
    /// `SYN_REPORT`: the end of one frame of events.
    public static let synReport = UInt16(SYN_REPORT)
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let synDropped = UInt16(SYN_DROPPED)

    /// When the kernel stamped the event.
    public var time: EventTime
    /// The event type (`EV_KEY`, `EV_SYN`, ...).
    public var type: UInt16
    /// The event code (a `KEY_*` for key events).
    public var code: UInt16
    /// The event value (1 press, 0 release, 2 autorepeat for key events).
    public var value: Int32

    /// Makes an event.
    public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// A key event: `value` 1 press, 0 release, 2 autorepeat.
    public static func key(_ code: UInt16, _ value: Int32, at time: EventTime) -> InputEvent {
        InputEvent(time: time, type: key, code: code, value: value)
    }

    /// The `SYN_REPORT` that closes a frame.
    public static func report(at time: EventTime) -> InputEvent {
        InputEvent(time: time, type: synchronization, code: synReport, value: 0)
    }

    /// The `SYN_DROPPED` marker the kernel inserts when a reader fell behind.
    public static func dropped(at time: EventTime) -> InputEvent {
        InputEvent(time: time, type: synchronization, code: synDropped, value: 0)
    }

    /// Reads one record from `bytes` at `offset` (which must leave 24 bytes).
    @inline(__always)
    public init(record bytes: UnsafeRawBufferPointer, at offset: Int) {
        let seconds = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        let micros = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self))
        time = EventTime(seconds: seconds, microseconds: micros)
        type = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
        code = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self))
        value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
    }

    /// Appends the 24-byte record to `bytes`.
    public func append(to bytes: inout [UInt8]) {
        func put<T: FixedWidthInteger>(_ number: T) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }
        put(time.seconds)
        put(time.microsecondOfSecond)
        put(type)
        put(code)
        put(value)
    }
}
