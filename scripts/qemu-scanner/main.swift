// The guest side of the QEMU scanner test (Tests/ScannerTests/QEMUScannerTests.swift): compiled
// (as main.swift) together with Sources/Scanner/Device/*.swift into one static executable by
// scripts/qemu-scanner/build.sh, it runs as the initramfs's payload, opens the emulated USB keyboard
// with the project's InputDevice and reads it with DeviceReader through an unplug and a replug. Every line
// it prints is for the host test.
//
// Usage: scanner-probe NAME-SUBSTRING LAST-CODE (the reader is stopped once LAST-CODE is read: a scan the
// host typed again, after QEMU lost a key of it on a starved host, is not counted)
import CEvdev
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line to standard output at once (unbuffered: the host reads the serial console live).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments
let wanted = arguments.count > 1 ? arguments[1] : "USB Keyboard"
let lastCode = arguments.count > 2 ? arguments[2] : "Abc-123"

/// The event node whose name contains `wanted`, waiting up to 20 s for the kernel to create it.
func findDevice() -> String? {
    for _ in 0..<200 {
        let found = InputDevice.list().first { $0.capabilities?.name.contains(wanted) == true }
        if let found { return found.path }
        usleep(100_000)
    }
    return nil
}

/// US layout, unshifted and shifted, for the key codes a barcode uses.
let unshifted: [Int: Character] = [
    2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0", 12: "-", 52: ".", 53: "/",
    16: "q", 17: "w", 18: "e", 19: "r", 20: "t", 21: "y", 22: "u", 23: "i", 24: "o", 25: "p",
    30: "a", 31: "s", 32: "d", 33: "f", 34: "g", 35: "h", 36: "j", 37: "k", 38: "l",
    44: "z", 45: "x", 46: "c", 47: "v", 48: "b", 49: "n", 50: "m",
]

guard let path = findDevice() else {
    say("PROBE no device named \(wanted)")
    exit(1)
}
let device: InputDevice
do {
    device = try InputDevice.open(path, grab: true)
} catch {
    say("PROBE open failed: \(error)")
    exit(1)
}
// A second grab must fail with EBUSY while we hold it.
let other = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
let secondGrab = catalog_evdev_grab(other, 1) == 0 ? "ok" : String(cString: strerror(errno))
Glibc.close(other)
say(
    "PROBE OPEN \(path) name=\(device.name) id=\(device.vendorProduct) grabbed=\(device.isGrabbed) second=\(secondGrab)"
)

let reader: DeviceReader
do {
    reader = try DeviceReader(device: device, grab: true)
} catch {
    say("PROBE reader failed: \(error)")
    exit(1)
}
say("PROBE READY")

/// Decodes scans from the reader's reports until `lastCode` was read and the reader was stopped.
func consume(_ reader: DeviceReader) async {
    var text = ""
    var shift = false
    var last: Int64 = 0
    var maxGap: Int64 = 0
    for await report in reader.reports {
        switch report {
        case .events(let bytes):
            for start in stride(from: 0, to: bytes.count, by: DeviceReader.recordSize) {
                func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                    var value = T.zero
                    withUnsafeMutableBytes(of: &value) {
                        $0.copyBytes(from: bytes[(start + offset)..<(start + offset + MemoryLayout<T>.size)])
                    }
                    return T(littleEndian: value)
                }
                let micros = field(0, Int64.self) * 1_000_000 + field(8, Int64.self)
                let type = field(16, UInt16.self)
                let code = Int(field(18, UInt16.self))
                let value = field(20, Int32.self)
                guard type == UInt16(EV_KEY) else { continue }
                if code == Int(KEY_LEFTSHIFT) || code == Int(KEY_RIGHTSHIFT) {
                    shift = value != 0
                    continue
                }
                guard value == 1 else { continue }
                if !text.isEmpty { maxGap = max(maxGap, micros - last) }
                last = micros
                if code == Int(KEY_ENTER) || code == Int(KEY_KPENTER) {
                    // An Enter with nothing before it is no scan (the host presses Enter again when QEMU's
                    // keyboard lost the first one on a starved host).
                    guard !text.isEmpty else {
                        say("PROBE EMPTY")
                        continue
                    }
                    say("PROBE SCAN \"\(text)\" max_gap_ms=\(maxGap / 1000)")
                    let last = text == lastCode
                    text = ""
                    maxGap = 0
                    if last {
                        let stopped = reader.stop()
                        let again = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                        let regrab = catalog_evdev_grab(again, 1) == 0 ? "ok" : String(cString: strerror(errno))
                        Glibc.close(again)
                        say("PROBE STOPPED finished=\(stopped) grab_after_stop=\(regrab)")
                    }
                } else if let character = unshifted[code] {
                    text.append(shift ? Character(character.uppercased()) : character)
                }
            }
        case .disconnected(let reason):
            // A scan cut by the unplug is dropped, as the counter drops it.
            text = ""
            say("PROBE DISCONNECTED \(reason)")
        case .reconnected(let name):
            say("PROBE RECONNECTED \(name)")
        case .reopenFailed(let error):
            say("PROBE REOPEN FAILED \(error)")
        }
    }
}

await consume(reader)
say("PROBE DONE")
