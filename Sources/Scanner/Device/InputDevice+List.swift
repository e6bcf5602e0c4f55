import CEvdev
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension InputDevice {
    /// The event devices under `root` (`/dev/input` by default), in event-number order, each with its
    /// by-id symlink and capabilities.
    ///
    /// - Parameter probe: asks one event node for its capabilities; tests pass a fake one.
    public static func list(
        root: String = "/dev/input",
        probe: (String) throws(ScannerError) -> DeviceCapabilities = { path throws(ScannerError) in
            try InputDevice.probe(path)
        }
    ) -> [InputDeviceInfo] {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: root)) ?? []
        let events = names.filter { $0.hasPrefix("event") }
            .compactMap { name in Int(name.dropFirst(5)).map { (name: name, number: $0) } }
            .sorted { $0.number < $1.number }.map(\.name)
        var byID: [String: String] = [:]
        let byIDFolder = root + "/by-id"
        for link in ((try? fileManager.contentsOfDirectory(atPath: byIDFolder)) ?? []).sorted() {
            guard let target = try? fileManager.destinationOfSymbolicLink(atPath: byIDFolder + "/" + link) else {
                continue
            }
            let event = String(target.split(separator: "/").last ?? "")
            // Prefer the "-event-kbd" link when a device has several (-event-kbd, -if01-event-mouse...).
            if byID[event] == nil || link.hasSuffix("-event-kbd") { byID[event] = byIDFolder + "/" + link }
        }
        var devices: [InputDeviceInfo] = []
        for event in events {
            let path = root + "/" + event
            var info = InputDeviceInfo(path: path, byIDPath: byID[event], capabilities: nil, problem: nil)
            do throws(ScannerError) {
                info.capabilities = try probe(path)
            } catch {
                info.problem = error.shortText
            }
            devices.append(info)
        }
        return devices
    }

    /// The device `catalog scan` uses when no `--device` is given: the first that looks like a scanner,
    /// preferring one whose name or by-id path says so over a keyboard that merely has no LEDs.
    public static func pickScanner(from devices: [InputDeviceInfo]) throws(ScannerError) -> InputDeviceInfo {
        let scanners = devices.filter(\.looksLikeScanner)
        if let named = scanners.first(where: { $0.scannerReason?.contains(" says ") == true }) { return named }
        if let first = scanners.first { return first }
        throw ScannerError.noScannerFound(available: devices.map(\.summary))
    }

    /// Opens `path` briefly (without grabbing) and reads its name, ids and which keys and LEDs it has.
    public static func probe(_ path: String) throws(ScannerError) -> DeviceCapabilities {
        let device = try InputDevice.open(path, grab: false)
        defer { device.close() }
        let fd = device.fd
        do {
            var types = [UInt8](repeating: 0, count: (Int(EV_MAX) + 8) / 8)
            let typeCount = UInt32(types.count)
            try systemCall("EVIOCGBIT") { catalog_evdev_bits(fd, 0, &types, typeCount) }
            let typeSet = Set(setBits(types))
            var keys = [UInt8](repeating: 0, count: (Int(KEY_MAX) + 8) / 8)
            let keyCount = UInt32(keys.count)
            if typeSet.contains(Int(EV_KEY)) {
                try systemCall("EVIOCGBIT") { catalog_evdev_bits(fd, UInt32(EV_KEY), &keys, keyCount) }
            }
            let keySet = Set(setBits(keys))
            let letters = [KEY_A, KEY_Z, KEY_Q, KEY_M].map { Int($0) }
            let digits = [KEY_1, KEY_0].map { Int($0) }
            return DeviceCapabilities(
                name: device.name, vendor: device.vendor, product: device.product,
                hasTypingKeys: keySet.isSuperset(of: letters + digits),
                hasEnter: keySet.contains(Int(KEY_ENTER)) || keySet.contains(Int(KEY_KPENTER)),
                hasLEDs: typeSet.contains(Int(EV_LED))
            )
        } catch {
            throw ScannerError.from(error, path: path)
        }
    }
}

extension ScannerError {
    /// A few words for a device list column: "permission denied", "grabbed by another program", ...
    public var shortText: String {
        switch self {
        case .permissionDenied: return "permission denied"
        case .busy: return "grabbed by another program"
        case .notFound: return "gone"
        case .notAnInputDevice: return "not an input device"
        case .keyHeld: return "a key is held"
        case .noScannerFound: return "no scanner"
        case .system(_, let failure), .streamReadFailed(let failure), .streamWriteFailed(let failure):
            return failure.text
        case .streamTruncated: return "a partial record"
        }
    }
}
