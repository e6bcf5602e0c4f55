import CEvdev
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An open evdev input device (`/dev/input/event*`): its identity, and the descriptor events are read from.
///
/// Created by `open(_:grab:)`; closed (and ungrabbed) by `close()`, at the latest when released.
public final class InputDevice: @unchecked Sendable {
    /// The path it was opened by (an event node or a by-id symlink).
    public let path: String
    /// The name the device reports, for example "Datalogic Scanning Handheld Barcode Scanner".
    public let name: String
    /// USB vendor id.
    public let vendor: UInt16
    /// USB product id.
    public let product: UInt16
    private let lock = NSLock()
    private var descriptor: Int32
    private var grabbed: Bool

    /// Adopts an already open descriptor (an event node, or a pipe in tests); it is closed by `close()`.
    public init(descriptor: Int32, path: String, name: String = "", vendor: UInt16 = 0, product: UInt16 = 0) {
        self.descriptor = descriptor
        self.path = path
        self.name = name
        self.vendor = vendor
        self.product = product
        self.grabbed = false
    }

    deinit { close() }

    /// `vendor:product` as four-digit hex, as `lsusb` prints it.
    public var vendorProduct: String { Self.hex(vendor) + ":" + Self.hex(product) }

    /// The descriptor, or -1 once closed.
    public var fd: Int32 { lock.withLock { descriptor } }

    /// Whether this process holds the exclusive grab.
    public var isGrabbed: Bool { lock.withLock { grabbed } }

    /// Opens `path` for reading scans: non-blocking, monotonic timestamps, and (unless `grab` is false)
    /// grabbed once no key is held, so scans reach this process only.
    ///
    /// - Parameter keyReleaseTimeout: how long to wait for held keys to be released before giving up.
    public static func open(_ path: String, grab: Bool, keyReleaseTimeout: Double = 2) throws(ScannerError)
        -> InputDevice
    {
        let fd: Int32
        do {
            fd = try systemCall("open") { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        } catch {
            throw ScannerError.from(error, path: path) { InputDevice.list().map(\.summary) }
        }
        do {
            var nameBuffer = [CChar](repeating: 0, count: 256)
            try systemCall("EVIOCGNAME") { catalog_evdev_name(fd, &nameBuffer, UInt32(nameBuffer.count - 1)) }
            var id = input_id()
            try systemCall("EVIOCGID") { catalog_evdev_id(fd, &id) }
            try systemCall("EVIOCSCLOCKID") { catalog_evdev_set_clock(fd, CLOCK_MONOTONIC) }
            let name = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let device = InputDevice(descriptor: fd, path: path, name: name, vendor: id.vendor, product: id.product)
            if grab {
                try device.waitForKeysReleased(timeout: keyReleaseTimeout)
                try device.grab()
            }
            return device
        } catch let failure as Errno {
            Glibc.close(fd)
            throw ScannerError.from(failure, path: path)
        } catch let failure as ScannerError {
            throw failure
        } catch {
            Glibc.close(fd)
            throw ScannerError.system(path: path, Errno(EIO, call: "open"))
        }
    }

    /// Takes the exclusive grab (EVIOCGRAB 1).
    func grab() throws(ScannerError) {
        do {
            try systemCall("EVIOCGRAB") { catalog_evdev_grab(fd, 1) }
        } catch {
            throw ScannerError.from(error, path: path)
        }
        lock.withLock { grabbed = true }
    }

    /// The key codes held down right now (EVIOCGKEY).
    public func heldKeys() throws(Errno) -> [Int] {
        var bits = [UInt8](repeating: 0, count: (Int(KEY_MAX) + 8) / 8)
        let count = UInt32(bits.count)
        try systemCall("EVIOCGKEY") { catalog_evdev_key_state(fd, &bits, count) }
        return Self.setBits(bits)
    }

    /// Polls the key state every 20 ms until no key is held, or throws `keyHeld` after `timeout` seconds.
    func waitForKeysReleased(timeout: Double) throws(ScannerError) {
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            let held: [Int]
            do { held = try heldKeys() } catch { throw ScannerError.from(error, path: path) }
            if held.isEmpty { return }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed >= timeout { throw ScannerError.keyHeld(path: path, seconds: elapsed) }
            usleep(20_000)
        }
    }

    /// Releases the grab (EVIOCGRAB 0) if held, and closes the descriptor. Safe to call more than once.
    public func close() {
        let (fd, wasGrabbed) = lock.withLock {
            let state = (descriptor, grabbed)
            descriptor = -1
            grabbed = false
            return state
        }
        guard fd >= 0 else { return }
        if wasGrabbed { _ = catalog_evdev_grab(fd, 0) }
        _ = Glibc.close(fd)
    }

    /// The numbers of the set bits in an evdev bit mask (bit n of byte n / 8).
    static func setBits(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { result.append(index * 8 + bit) }
        }
        return result
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
