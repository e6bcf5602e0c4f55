/// One barcode read by the scanner: a fast burst of characters, its AIM prefix stripped.
public struct Scan: Hashable, Sendable {
    /// The barcode's data (without the AIM prefix; GS1 separators kept as GS, 0x1D).
    public var text: String
    /// The symbology the scanner announced with an AIM prefix, if it sent one.
    public var symbology: Symbology?
    /// The first key press of the burst.
    public var startedAt: EventTime
    /// The last key press (the terminator, or the last character when the scan ended by time-out).
    public var endedAt: EventTime
    /// The terminator that ended the scan; nil when it ended by the inter-key time-out.
    public var terminator: Terminator?
    /// The device the scan came from (its path or name), when the caller said.
    public var device: String?

    /// Makes a scan.
    public init(
        text: String, symbology: Symbology? = nil, startedAt: EventTime, endedAt: EventTime,
        terminator: Terminator? = nil, device: String? = nil
    ) {
        self.text = text
        self.symbology = symbology
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.terminator = terminator
        self.device = device
    }
}
