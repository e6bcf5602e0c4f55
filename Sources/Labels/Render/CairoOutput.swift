import CCairo

/// Collects the bytes Cairo writes to a stream (PDF pages, PNG data).
final class CairoOutput {
    var bytes: [UInt8] = []

    /// The C callback Cairo calls with each chunk; `closure` is an unretained `CairoOutput`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let output = Unmanaged<CairoOutput>.fromOpaque(closure).takeUnretainedValue()
        output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }

    /// The opaque pointer to hand Cairo; valid while `self` lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Throws when a surface or context is in an error state.
    static func check(_ status: cairo_status_t) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw LabelRenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }
}
