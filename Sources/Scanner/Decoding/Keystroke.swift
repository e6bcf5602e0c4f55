/// A key that ends a scan when the configuration says so.
public enum Terminator: String, CaseIterable, Hashable, Sendable {
    /// Enter on the main block (`KEY_ENTER`).
    case enter
    /// Enter on the keypad (`KEY_KPENTER`).
    case keypadEnter = "kpenter"
    /// Tab (`KEY_TAB`).
    case tab
}

/// One decoded key press with the kernel's timestamp.
public struct Keystroke: Hashable, Sendable {
    /// What the press meant.
    public enum Kind: Hashable, Sendable {
        /// A character (including control characters such as GS).
        case character(Unicode.Scalar)
        /// A terminator key.
        case terminator(Terminator)
        /// The kernel dropped events (`SYN_DROPPED`): whatever was being scanned is broken.
        case dropped
    }

    /// What the press meant.
    public var kind: Kind
    /// When the kernel stamped the press.
    public var time: EventTime

    /// Makes a keystroke.
    public init(_ kind: Kind, at time: EventTime) {
        self.kind = kind
        self.time = time
    }
}
