import Store

/// Which kind of pass a sync runs.
public enum SyncKind: String, Sendable {
    /// Everything Square holds (the first sync, or `--full`).
    case full
    /// Only what changed since the stored `latest_time`, deletions included.
    case incremental
}

/// How far a running sync has got, reported after every page.
public struct SyncProgress: Sendable, Equatable {
    public var kind: SyncKind
    public var pages: Int
    /// Top-level objects received from Square so far.
    public var fetched: Int
    public var changed: Int
    public var deleted: Int
    /// Whether every page has landed and the search index is being built (the end of a full pass).
    public var indexing = false
}

/// What a finished sync did.
public struct SyncSummary: Sendable, Equatable {
    public var kind: SyncKind
    /// True when this run continued a pass that an earlier run left unfinished.
    public var resumed: Bool
    public var pages: Int
    public var fetched: Int
    public var changed: Int
    public var deleted: Int
    public var locations: Int
    /// Wall-clock seconds.
    public var elapsed: Double
    /// The watermark stored for the next incremental sync.
    public var latestTime: String?
    /// The objects held back now (could not be stored, or wait for one that could not), oldest first.
    public var problems: [SyncProblem] = []
    /// Objects held back before that this run stored (or found gone from Square).
    public var cleared = 0

    /// Objects per second over the whole run.
    public var rate: Double { elapsed > 0 ? Double(fetched) / elapsed : 0 }
}
