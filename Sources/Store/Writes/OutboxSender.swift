import CatalogCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process sending outbox entries: an entry it claims is sent by nobody else until it lets go, dies,
/// or its lease runs out.
///
/// Square's idempotency keys already stop a second send from writing twice in Square; the claim stops a
/// second process from recording the same write again (a second history row, a second "applied").
public struct OutboxSender: Sendable, Equatable {
    /// `host pid random`, stored in the entry's `claim` column.
    public let token: String

    /// How long a claim holds when its process cannot be checked (another host sharing the file).
    public static let leaseSeconds: Int64 = 600

    /// The sender for code that has no context of its own (tests of the Sync module, the bench).
    public static let thisProcess = inThisProcess()

    /// A new sender in this process, distinct from every other: each command or hub run (`AppContext`) has
    /// its own, so two of them at once in one process (two posts of a count on the hub, two commands a test
    /// runs side by side) hold their entries apart as two processes would. A claim by another sender of a
    /// live process holds, this process's included.
    public static func inThisProcess() -> OutboxSender {
        OutboxSender(
            token: "\(ProcessInfo.processInfo.hostName) \(getpid()) \(UUID().uuidString.prefix(8).lowercased())")
    }

    public init(token: String) {
        self.token = token
    }

    /// Whether a claim stored at `claimedAt` (RFC 3339) still holds: its process is alive, or it is on
    /// another host and younger than the lease.
    static func holds(claim: String, claimedAt: String?, now: Timestamp = .now()) -> Bool {
        let parts = claim.split(separator: " ")
        if parts.count == 3, String(parts[0]) == ProcessInfo.processInfo.hostName, let pid = Int32(parts[1]) {
            return kill(pid, 0) == 0 || errno == EPERM
        }
        guard let claimedAt, let start = Timestamp(rfc3339: claimedAt) else { return false }
        return now.seconds - start.seconds < leaseSeconds
    }
}
