/// A printer or class that CUPS can print to, as `catalog printers` shows it.
public struct PrintDestination: Sendable, Equatable {
    /// The queue name (`zebra`), with `/instance` when it is an lpoptions instance.
    public var name: String
    /// Whether this is the destination used when no printer is named.
    public var isDefault: Bool
    /// Idle, processing or stopped.
    public var state: PrinterState
    /// Whether the queue takes new jobs (`cupsreject` turns this off).
    public var isAcceptingJobs: Bool
    /// The IPP `printer-state-reasons` keywords, without `none` (`paused`, `media-empty-error`, ...).
    public var stateReasons: [String]
    /// The printer's state message (`paper jam`, `Filter failed`), if it has one.
    public var stateMessage: String?
    /// The make and model of the driver, if known (`Zebra ZPL Label Printer`).
    public var makeAndModel: String?
    /// Where the queue sends its output (`socket://10.0.0.9:9100`, `usb://...`), if the server says.
    public var deviceURI: String?
    /// The human description (`printer-info`), if set.
    public var info: String?
    /// The media the printer supports, by PWG name with sizes in points.
    public var media: [PrintMedia]
    /// The PWG name of the media loaded by default, if known.
    public var defaultMedia: String?
    /// Whether this is a raw queue: it passes bytes through untouched, so it wants printer
    /// commands (ZPL) rather than PDF.
    public var isRaw: Bool

    /// Creates a destination description.
    public init(
        name: String, isDefault: Bool, state: PrinterState, isAcceptingJobs: Bool, stateReasons: [String] = [],
        stateMessage: String? = nil, makeAndModel: String? = nil, deviceURI: String? = nil, info: String? = nil,
        media: [PrintMedia] = [], defaultMedia: String? = nil, isRaw: Bool = false
    ) {
        self.name = name
        self.isDefault = isDefault
        self.state = state
        self.isAcceptingJobs = isAcceptingJobs
        self.stateReasons = stateReasons
        self.stateMessage = stateMessage
        self.makeAndModel = makeAndModel
        self.deviceURI = deviceURI
        self.info = info
        self.media = media
        self.defaultMedia = defaultMedia
        self.isRaw = isRaw
    }
}

/// The IPP printer state.
public enum PrinterState: String, Sendable, Equatable {
    /// Ready, no job printing.
    case idle
    /// Printing a job.
    case processing
    /// Stopped (`cupsdisable`, or an error with the stop-printer policy): jobs wait in the queue.
    case stopped
    /// The server did not say.
    case unknown

    /// The state for the IPP `printer-state` enum value (3, 4, 5).
    init(ippValue: Int?) {
        switch ippValue {
        case 3: self = .idle
        case 4: self = .processing
        case 5: self = .stopped
        default: self = .unknown
        }
    }
}

/// A media size a printer supports.
public struct PrintMedia: Sendable, Equatable, CustomStringConvertible {
    /// The PWG self-describing name (`custom_2x1in_2x1in`, `na_letter_8.5x11in`, `iso_a4_210x297mm`).
    public var name: String
    /// Width in points (1/72 in).
    public var width: Double
    /// Height (length) in points.
    public var height: Double
    /// Unprintable margins in points: top, left, bottom, right.
    public var margins: (top: Double, left: Double, bottom: Double, right: Double) {
        (top, left, bottom, right)
    }
    private var top: Double
    private var left: Double
    private var bottom: Double
    private var right: Double

    /// Creates a media description from points.
    public init(
        name: String, width: Double, height: Double, top: Double = 0, left: Double = 0,
        bottom: Double = 0, right: Double = 0
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The name with its size, as error messages and `catalog printers` show it:
    /// `custom_2x1in_2x1in (144x72 pt)`.
    public var description: String {
        "\(name) (\(Self.sizeText(width: width, height: height)))"
    }

    /// A size as `144x72 pt`.
    static func sizeText(width: Double, height: Double) -> String {
        "\(format(width))x\(format(height)) pt"
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
