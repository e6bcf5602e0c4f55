import SquareAPI

extension SquareError {
    /// True when Square refused a cursor it no longer knows (or that belongs to another request).
    var isInvalidCursor: Bool { errors.contains { $0.code == "INVALID_CURSOR" } }
}
