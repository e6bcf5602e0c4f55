import CatalogCore

// Kept outside Device/, which builds on its own into the QEMU test's static probe.
extension ScannerError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .permissionDenied, .busy, .notFound, .notAnInputDevice, .keyHeld, .noScannerFound, .system:
            return .unavailable
        case .streamReadFailed, .streamTruncated: return .noInput
        case .streamWriteFailed: return .cannotCreate
        }
    }
}

extension Errno: UserFacingError {
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
