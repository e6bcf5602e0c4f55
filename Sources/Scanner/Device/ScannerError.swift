#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything that can go wrong with a barcode scanner's input device; `description` is what a person reads.
public enum ScannerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device node exists but this user may not read it.
    case permissionDenied(path: String)
    /// Another program holds an exclusive grab on the device.
    case busy(path: String)
    /// There is no device at `path`; `available` lists the event devices that do exist ("path (name)").
    case notFound(path: String, available: [String])
    /// The path exists but is not an evdev input device.
    case notAnInputDevice(path: String)
    /// A key stayed held down for the whole wait before grabbing.
    case keyHeld(path: String, seconds: Double)
    /// No device looks like a barcode scanner; `available` lists what was found.
    case noScannerFound(available: [String])
    /// Any other failed system call on the device.
    case system(path: String, Errno)
    /// Reading a recorded event stream (`--events`) failed.
    case streamReadFailed(Errno)
    /// Writing an event recording (`--record`) failed.
    case streamWriteFailed(Errno)
    /// A recorded event stream ended in the middle of a 24-byte record.
    case streamTruncated(byteCount: Int)

    /// Maps a failed system call on `path` to the error a person can act on.
    ///
    /// `available` is only consulted for ENOENT/ENODEV, to list the devices that do exist.
    public static func from(
        _ failure: Errno, path: String, available: () -> [String] = { [] }
    ) -> ScannerError {
        switch failure.code {
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EBUSY: return .busy(path: path)
        case ENOENT, ENODEV, ENXIO: return .notFound(path: path, available: available())
        case ENOTTY: return .notAnInputDevice(path: path)
        case EINVAL where failure.call.hasPrefix("EVIOC"): return .notAnInputDevice(path: path)
        default: return .system(path: path, failure)
        }
    }

    /// The sentence shown to the user, saying what to do next.
    public var description: String {
        switch self {
        case .permissionDenied(let path):
            return "Cannot open scanner \(path): permission denied (errno \(EACCES)). "
                + "Add your user to the 'input' group (sudo usermod -aG input \"$USER\", then log in again), "
                + "or install contrib/99-catalog-scanner.rules into /etc/udev/rules.d/, run "
                + "'sudo udevadm control --reload' and unplug and replug the scanner."
        case .busy(let path):
            return "Cannot grab scanner \(path): another program has grabbed it (errno \(EBUSY)). "
                + "Stop the other program (another 'catalog scan'?), or run with --no-grab to share the device."
        case .notFound(let path, let available):
            let list =
                available.isEmpty
                ? "No input devices exist on this machine: plug the scanner in and check 'ls /dev/input'."
                : "Devices present: " + available.joined(separator: ", ") + "."
            return "No input device at \(path). \(list) Run 'catalog scan --list-devices' to choose one."
        case .notAnInputDevice(let path):
            return "\(path) is not an input event device. Pass a /dev/input/event* or /dev/input/by-id/* path; "
                + "'catalog scan --list-devices' shows them."
        case .keyHeld(let path, let seconds):
            let shown = (seconds * 10).rounded() / 10
            return "A key on \(path) is still held down after \(shown) s, so it was not grabbed "
                + "(grabbing now would leave that key stuck). Release the trigger or key and try again."
        case .noScannerFound(let available):
            let list =
                available.isEmpty ? "No input devices were found." : "Found: " + available.joined(separator: ", ") + "."
            return "No device looks like a barcode scanner. \(list) Pass --device with the scanner's path "
                + "('catalog scan --list-devices' shows them)."
        case .system(let path, let failure):
            return "Scanner \(path): \(failure). Check the cable and 'dmesg', then try again."
        case .streamReadFailed(let failure):
            return "Cannot read the event stream: \(failure). Check the file exists and is readable."
        case .streamWriteFailed(let failure):
            return "Cannot write the event recording: \(failure). Check the disk has space and the folder is "
                + "writable."
        case .streamTruncated(let count):
            return "The event stream ends with \(count) bytes of an incomplete 24-byte record; the events "
                + "before it were read. Record it again if the last scan is missing."
        }
    }
}
