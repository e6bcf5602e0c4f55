/// What a paired device or a staff member may do at the hub: a `counter` scans, looks up, prints and keeps the
/// reorder list for its own counter; a `manager` may also change prices, receive stock into Square, decide
/// conflicts with Square, put a counter in receive mode and act for any counter (docs/hub.md).
public enum Role: String, Sendable, CaseIterable, Codable {
    case counter, manager

    /// The roles as a person types them: `counter` or `manager`.
    public static let names = allCases.map(\.rawValue).joined(separator: " or ")
}

/// Who asked for a write: the paired device and the staff member whose PIN came with the request, when
/// there were. The hub sets it around each request it answers (`WrittenBy.$current.withValue`); the Store
/// records it with every history row, scan and outbox entry written meanwhile, so no workflow passes it on.
public struct WrittenBy: Sendable, Equatable {
    /// The paired device's id (`devices.id`).
    public var deviceID: Int64?
    /// The staff member's name.
    public var staff: String?

    public init(deviceID: Int64?, staff: String?) {
        self.deviceID = deviceID
        self.staff = staff
    }

    /// Who is asking for the writes made in this task, if anybody said.
    @TaskLocal public static var current: WrittenBy?
}

/// A row that records who asked for it: a history row, a scan, an outbox entry.
protocol WrittenRow {
    var deviceID: Int64? { get set }
    var staff: String? { get set }
}

extension WrittenRow {
    /// The row made by `by` (`WrittenBy.current` unless said) where it does not say who made it already.
    func written(by: WrittenBy? = WrittenBy.current) -> Self {
        guard let by, deviceID == nil, staff == nil else { return self }
        var row = self
        row.deviceID = by.deviceID
        row.staff = by.staff
        return row
    }

    /// Who made the row, if it says.
    var writtenBy: WrittenBy? { deviceID == nil && staff == nil ? nil : WrittenBy(deviceID: deviceID, staff: staff) }
}
