/// Who a workflow's words are for: a person at a shell, who types `--price`, or staff at a counter screen
/// or the back office, who see a field called Price and never a command. A workflow names what was given
/// through the context's front end, so the same rule reads right in both.
public enum FrontEnd: Sendable, Equatable {
    /// `catalog` commands: fields are their options (`--price`).
    case commandLine
    /// The hub's pages and API: fields by their names on the page (`Price`).
    case hub

    /// How this front end names the field a value was given in: `--price` or `Price`.
    public func field(_ option: String) -> String {
        switch self {
        case .commandLine: return "--" + option
        case .hub:
            if let name = Self.pageNames[option] { return name }
            let words = option.replacingOccurrences(of: "-", with: " ")
            return (words.first.map { String($0).uppercased() } ?? "") + words.dropFirst()
        }
    }

    /// The page's names of the options whose own names are not words staff use.
    static let pageNames = ["gtin": "Barcode", "qty": "Quantity", "sku": "SKU", "variation": "Variation"]
}

// The next step a message gives, as each front end offers it: a command at a shell, and on the hub what its
// pages offer (the Sync page's "Sync now", the Outbox page), else what a person can ask for. One function per
// kind of step, so a workflow's message reads right in both.
extension FrontEnd {
    /// Syncing with Square now: "run catalog sync", or "press Sync now on the Sync page".
    public var sync: String {
        switch self {
        case .commandLine: return "run catalog sync"
        case .hub: return "press Sync now on the Sync page"
        }
    }

    /// The sync that brings a change: "the next catalog sync", or "the next sync".
    public var nextSync: String {
        switch self {
        case .commandLine: return "the next catalog sync"
        case .hub: return "the next sync"
        }
    }

    /// Where the objects a sync held back are listed, said after a sentence (empty on the hub, whose pages do
    /// not list them).
    public var heldBackList: String {
        switch self {
        case .commandLine: return " (catalog sync --problems lists what is held back)"
        case .hub: return ""
        }
    }

    /// Where edits waiting for Square and conflicts to decide are seen: "catalog outbox", or "the Outbox page".
    public var outbox: String {
        switch self {
        case .commandLine: return "catalog outbox"
        case .hub: return "the Outbox page"
        }
    }

    /// Starting a stock count (`which`: "one", "a new one"): "start one with catalog count start"; the hub's
    /// pages cannot, so there a person asks.
    public func startCount(_ which: String) -> String {
        switch self {
        case .commandLine: return "start \(which) with catalog count start"
        case .hub: return Self.ask("start \(which)")
        }
    }

    /// Choosing the location a counter stands in: the command line's option or config, or on the hub, asking.
    public var chooseLocation: String {
        switch self {
        case .commandLine:
            return "choose one with --location NAME, or set location: in the config file (or CATALOG_LOCATION)"
        case .hub: return Self.ask("give the hub its location")
        }
    }

    /// Where a new pairing code comes from: "a code from catalog devices pair", or from the person who runs
    /// the hub.
    public var pairingCode: String {
        switch self {
        case .commandLine: return "a code from catalog devices pair"
        case .hub: return "a new pairing code from \(Self.keeper)"
        }
    }

    /// A step only the person who runs the hub can take, as staff are told it: "ask whoever looks after the
    /// hub to `task`".
    public static func ask(_ task: String) -> String { "ask \(keeper) to \(task)" }

    /// The person staff are sent to for what only the hub's computer can do.
    static let keeper = "whoever looks after the hub"
}
