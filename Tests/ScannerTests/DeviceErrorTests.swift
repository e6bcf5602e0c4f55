import Foundation
import Testing

@testable import Scanner

#if canImport(Glibc)
    import Glibc
#endif

/// errno to the sentence a person reads, and `InputDevice.open` on paths that are not event devices.
@Suite("Device errors")
struct DeviceErrorTests {
    @Test("permission denied names the device and both fixes")
    func permission() {
        let error = ScannerError.from(Errno(EACCES, call: "open"), path: "/dev/input/event5")
        #expect(error == .permissionDenied(path: "/dev/input/event5"))
        let text = error.description
        #expect(text.contains("/dev/input/event5"))
        #expect(text.contains("permission denied"))
        #expect(text.contains("'input' group"))
        #expect(text.contains("usermod -aG input"))
        #expect(text.contains("contrib/99-catalog-scanner.rules"))
        #expect(text.contains("replug"))
        #expect(ScannerError.from(Errno(EPERM, call: "open"), path: "x") == .permissionDenied(path: "x"))
    }

    @Test("EBUSY from the grab says another program holds the device")
    func busy() {
        let error = ScannerError.from(Errno(EBUSY, call: "EVIOCGRAB"), path: "/dev/input/event2")
        #expect(error == .busy(path: "/dev/input/event2"))
        #expect(error.description.contains("another program has grabbed it"))
        #expect(error.description.contains("--no-grab"))
    }

    @Test("ENOENT lists the devices that exist, or says there are none")
    func notFound() {
        let error = ScannerError.from(Errno(ENOENT, call: "open"), path: "/dev/input/event9") {
            ["/dev/input/event0 (Power Button)", "/dev/input/event3 (Honeywell Scanner)"]
        }
        #expect(error.description.contains("No input device at /dev/input/event9"))
        #expect(error.description.contains("/dev/input/event0 (Power Button), /dev/input/event3 (Honeywell Scanner)"))
        #expect(error.description.contains("--list-devices"))
        let none = ScannerError.notFound(path: "/dev/input/event9", available: [])
        #expect(none.description.contains("No input devices exist on this machine"))
    }

    @Test("ioctl refusals mean not an input device; anything else keeps the errno text")
    func otherErrors() {
        #expect(
            ScannerError.from(Errno(ENOTTY, call: "EVIOCGNAME"), path: "/tmp/x") == .notAnInputDevice(path: "/tmp/x"))
        #expect(ScannerError.from(Errno(EINVAL, call: "EVIOCGID"), path: "/tmp/x") == .notAnInputDevice(path: "/tmp/x"))
        let io = ScannerError.from(Errno(EIO, call: "read"), path: "/dev/input/event1")
        #expect(io == .system(path: "/dev/input/event1", Errno(EIO, call: "read")))
        #expect(io.description.contains("read failed: Input/output error (errno 5)"))
        #expect(ScannerError.keyHeld(path: "/dev/input/event1", seconds: 2.04).description.contains("after 2.0 s"))
    }

    @Test("opening a missing path, a plain file and an unreadable file")
    func openFailures() throws {
        let folder = try DeviceFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: ScannerError.self) { try InputDevice.open(folder + "/event4", grab: true) }
        do {
            _ = try InputDevice.open(folder + "/event4", grab: true)
        } catch {
            guard case .notFound(let path, _) = error else { Issue.record("got \(error)"); return }
            #expect(path == folder + "/event4")
        }
        let plain = folder + "/plain"
        #expect(FileManager.default.createFile(atPath: plain, contents: Data([1, 2, 3])))
        #expect(throws: ScannerError.notAnInputDevice(path: plain)) { try InputDevice.open(plain, grab: false) }
        if geteuid() != 0 {
            chmod(plain, 0)
            #expect(throws: ScannerError.permissionDenied(path: plain)) { try InputDevice.open(plain, grab: false) }
        } else {
            print("DeviceErrorTests: running as root, so the permission-denied open cannot be tried")
        }
    }

    @Test("the system-call helper retries EINTR and throws any other errno")
    func systemCallHelper() {
        var calls = 0
        let value = try? systemCall("fake") { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(value == 7)
        #expect(calls == 3)
        #expect(throws: Errno(EAGAIN, call: "fake")) {
            try systemCall("fake") { () -> Int32 in
                errno = EAGAIN
                return -1
            }
        }
    }
}
