import Foundation
import Testing

@testable import Scanner

/// `InputDevice.list(root:probe:)` over a fake /dev/input tree, and the "looks like a scanner" heuristic.
@Suite("Device list")
struct DeviceListTests {
    static func keyboard(_ name: String, leds: Bool, vendor: UInt16 = 0x046d, product: UInt16 = 0xc31c)
        -> DeviceCapabilities
    {
        DeviceCapabilities(
            name: name, vendor: vendor, product: product, hasTypingKeys: true, hasEnter: true, hasLEDs: leds)
    }

    @Test("event nodes in number order, by-id links matched, scanners picked out with a reason")
    func fakeTree() throws {
        let root = try DeviceFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FileManager.default
        for event in ["event0", "event1", "event2", "event10", "event3", "mice", "js0"] {
            #expect(files.createFile(atPath: root + "/" + event, contents: nil))
        }
        try files.createDirectory(atPath: root + "/by-id", withIntermediateDirectories: true)
        let links = [
            "usb-Logitech_USB_Keyboard-event-kbd": "../event1",
            "usb-Logitech_USB_Keyboard-if01-event-mouse": "../event1",
            "usb-Datalogic_ADC__Inc._Handheld_Barcode_Scanner_S_N_G20F42-event-kbd": "../event10",
            "usb-SM_SM-2D_PRODUCT_HID_KBW-event-if00": "../event3",
        ]
        for (link, target) in links {
            try files.createSymbolicLink(atPath: root + "/by-id/" + link, withDestinationPath: target)
        }
        let probed: [String: DeviceCapabilities] = [
            root + "/event0": DeviceCapabilities(
                name: "Power Button", vendor: 0, product: 1, hasTypingKeys: false, hasEnter: false, hasLEDs: false),
            root + "/event1": Self.keyboard("Logitech USB Keyboard", leds: true),
            root + "/event2": Self.keyboard("QEMU USB Keyboard", leds: true, vendor: 0x0627, product: 0x0001),
            root + "/event3": Self.keyboard("SM SM-2D PRODUCT HID KBW", leds: false, vendor: 0x0483, product: 0x0011),
        ]
        let devices = InputDevice.list(root: root) { path throws(ScannerError) in
            guard let capabilities = probed[path] else { throw .permissionDenied(path: path) }
            return capabilities
        }
        #expect(devices.map(\.path) == ["event0", "event1", "event2", "event3", "event10"].map { root + "/" + $0 })
        #expect(devices.map(\.looksLikeScanner) == [false, false, false, true, true])
        #expect(devices[1].byIDPath == root + "/by-id/usb-Logitech_USB_Keyboard-event-kbd")
        #expect(devices[2].byIDPath == nil)
        #expect(devices[3].scannerReason == "name says kbw")
        #expect(devices[3].capabilities?.vendorProduct == "0483:0011")
        // Not readable (permission denied): the by-id name alone says it is a scanner.
        #expect(devices[4].problem == "permission denied")
        #expect(devices[4].capabilities == nil)
        #expect(devices[4].scannerReason == "by-id path says scanner")
        #expect(devices[4].summary.hasSuffix("event10 (\(root)/by-id/\(links.keys.sorted()[0]))"))
    }

    @Test("the heuristic: keyboards only; keywords at word boundaries; a keyboard without LEDs")
    func heuristic() {
        let mouse = DeviceCapabilities(
            name: "Honeywell Optical Mouse", vendor: 1, product: 2, hasTypingKeys: false, hasEnter: false,
            hasLEDs: false)
        #expect(ScannerHeuristic.reason(name: mouse.name, byIDPath: nil, capabilities: mouse) == nil)
        let zebra = Self.keyboard("Zebra Technologies Symbol Bar Code Scanner", leds: true)
        #expect(ScannerHeuristic.reason(name: zebra.name, byIDPath: nil, capabilities: zebra) == "name says scanner")
        let plain = Self.keyboard("Dell KB216 Wired Keyboard", leds: true)
        #expect(ScannerHeuristic.reason(name: plain.name, byIDPath: nil, capabilities: plain) == nil)
        let noLEDs = Self.keyboard("USBKey Chip USBKey Module", leds: false)
        #expect(
            ScannerHeuristic.reason(name: noLEDs.name, byIDPath: nil, capabilities: noLEDs) == "keyboard without LEDs")
        #expect(!ScannerHeuristic.matches("torque tools keyboard", "qr"))
        #expect(ScannerHeuristic.matches("2d qr reader", "qr"))
        #expect(!ScannerHeuristic.matches("symbolic keyboard", "symbol"))
        #expect(
            ScannerHeuristic.reason(
                name: nil, byIDPath: "/dev/input/by-id/usb-Honeywell_1900-event-mouse",
                capabilities: nil) == nil, "an unreadable device counts only when its by-id link is a keyboard")
    }

    @Test("auto-pick prefers a device named as a scanner, and explains when there is none")
    func pick() throws {
        let ledless = InputDeviceInfo(
            path: "/dev/input/event2", byIDPath: nil, capabilities: Self.keyboard("USBKey Module", leds: false),
            problem: nil)
        let named = InputDeviceInfo(
            path: "/dev/input/event5", byIDPath: nil, capabilities: Self.keyboard("Honeywell 1900", leds: true),
            problem: nil)
        let keyboard = InputDeviceInfo(
            path: "/dev/input/event1", byIDPath: nil, capabilities: Self.keyboard("AT keyboard", leds: true),
            problem: nil)
        #expect(try InputDevice.pickScanner(from: [keyboard, ledless, named]).path == "/dev/input/event5")
        #expect(try InputDevice.pickScanner(from: [keyboard, ledless]).path == "/dev/input/event2")
        #expect(throws: ScannerError.noScannerFound(available: ["/dev/input/event1 (AT keyboard)"])) {
            try InputDevice.pickScanner(from: [keyboard])
        }
        #expect(ScannerError.noScannerFound(available: []).description.contains("--device"))
    }

    @Test("a machine without /dev/input lists nothing")
    func missingRoot() {
        #expect(InputDevice.list(root: "/nonexistent/catalog-test/input").isEmpty)
    }
}
