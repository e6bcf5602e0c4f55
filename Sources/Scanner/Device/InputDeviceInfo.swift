import Foundation

/// What `InputDevice.list()` tells about one event device, and whether it looks like a barcode scanner.
public struct InputDeviceInfo: Equatable, Sendable {
    /// The event node, for example `/dev/input/event3`.
    public var path: String
    /// The stable `/dev/input/by-id/*` symlink pointing at it, when udev made one.
    public var byIDPath: String?
    /// What the device could be asked, or nil when it could not be opened.
    public var capabilities: DeviceCapabilities?
    /// Why it could not be opened (for example "permission denied"), when it could not.
    public var problem: String?

    /// Describes one device.
    public init(path: String, byIDPath: String?, capabilities: DeviceCapabilities?, problem: String?) {
        self.path = path
        self.byIDPath = byIDPath
        self.capabilities = capabilities
        self.problem = problem
    }

    /// Why this device looks like a barcode scanner ("name says Datalogic", "keyboard without LEDs"),
    /// or nil when it does not.
    public var scannerReason: String? {
        ScannerHeuristic.reason(name: capabilities?.name, byIDPath: byIDPath, capabilities: capabilities)
    }

    /// Whether this device looks like a barcode scanner.
    public var looksLikeScanner: Bool { scannerReason != nil }

    /// "path (name)", for lists in messages.
    public var summary: String {
        if let name = capabilities?.name, !name.isEmpty { return "\(path) (\(name))" }
        if let byIDPath { return "\(path) (\(byIDPath))" }
        return path
    }
}

/// What an event device says about itself through EVIOCGNAME, EVIOCGID and EVIOCGBIT.
public struct DeviceCapabilities: Equatable, Sendable {
    /// The device's name.
    public var name: String
    /// USB vendor id.
    public var vendor: UInt16
    /// USB product id.
    public var product: UInt16
    /// It sends key events for the letters A-Z and the digits (a keyboard, not a mouse or power button).
    public var hasTypingKeys: Bool
    /// It sends Enter or keypad Enter.
    public var hasEnter: Bool
    /// It has LEDs (Caps Lock, Num Lock): real keyboards do, most scanners do not.
    public var hasLEDs: Bool

    /// Describes a device's capabilities.
    public init(name: String, vendor: UInt16, product: UInt16, hasTypingKeys: Bool, hasEnter: Bool, hasLEDs: Bool) {
        self.name = name
        self.vendor = vendor
        self.product = product
        self.hasTypingKeys = hasTypingKeys
        self.hasEnter = hasEnter
        self.hasLEDs = hasLEDs
    }

    /// `vendor:product` as four-digit hex.
    public var vendorProduct: String { InputDevice.hex(vendor) + ":" + InputDevice.hex(product) }
}

/// Decides whether an input device looks like a barcode scanner (see docs/scanner.md).
public enum ScannerHeuristic {
    /// Words in a device name or by-id path that scanner makers and scanner products use (lowercase).
    public static let keywords = [
        "scanner", "barcode", "bar code", "datalogic", "honeywell", "metrologic", "hand held products",
        "zebra", "symbol", "motorola solutions", "newland", "zebex", "opticon", "code corp", "unitech",
        "cino", "inateck", "netum", "eyoyo", "tera", "kbw", "2d product", "qr",
    ]

    /// The reason the device looks like a scanner, or nil.
    ///
    /// A device must be keyboard-like (letters, digits and Enter; or, when it could not be opened, a
    /// by-id path ending in `-event-kbd`). Then either its name or by-id path contains a keyword,
    /// or it is a keyboard without LEDs.
    public static func reason(name: String?, byIDPath: String?, capabilities: DeviceCapabilities?) -> String? {
        let idName = byIDPath.map { String($0.split(separator: "/").last ?? "") }
        if let capabilities {
            guard capabilities.hasTypingKeys, capabilities.hasEnter else { return nil }
        } else {
            guard let idName, idName.hasSuffix("-event-kbd") else { return nil }
        }
        for (label, text) in [("name", name), ("by-id path", idName)] {
            guard let text else { continue }
            let folded = text.lowercased().replacingOccurrences(of: "_", with: " ")
            if let word = keywords.first(where: { matches(folded, $0) }) { return "\(label) says \(word)" }
        }
        if let capabilities, !capabilities.hasLEDs { return "keyboard without LEDs" }
        return nil
    }

    /// Whether `word` occurs in `text` at word boundaries ("qr" must not match inside another word).
    static func matches(_ text: String, _ word: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
            searchStart = range.upperBound
        }
        return false
    }
}
