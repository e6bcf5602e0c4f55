import CatalogCore
import Foundation
import GRDB
import Synchronization

/// How much of a piece of work (a hub request) was spent on the database: how many trips it made, the time
/// its statements ran on a connection, and the time it waited around them (for a free connection, the
/// writer's turn, and the hops to the connection's thread and back). The hub reports it in every answer's
/// `Server-Timing` (`db`, `dbwait`), so a slow answer says whether SQLite, the queue for it or the rest was
/// slow. Work that sets no meter pays nothing.
public final class DatabaseTiming: Sendable {
    /// The meter of the work under way, if any.
    @TaskLocal public static var current: DatabaseTiming?

    private struct Totals {
        var trips = 0
        var running = Duration.zero
        var waiting = Duration.zero
    }

    private let totals = Mutex(Totals())

    public init() {}

    /// Trips to the database so far.
    public var trips: Int { totals.withLock { $0.trips } }
    /// The time statements ran on a connection, in milliseconds.
    public var runningMilliseconds: Double { totals.withLock { $0.running }.seconds * 1000 }
    /// The time spent getting to a connection and back, in milliseconds.
    public var waitingMilliseconds: Double { totals.withLock { $0.waiting }.seconds * 1000 }

    /// The time one trip's body ran on its connection.
    private final class TripClock: Sendable {
        let ran = Mutex(Duration.zero)
    }

    /// Makes one trip: `trip` (a read or a write) with `body`, timed inside and out.
    func measure<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T,
        through trip: (@escaping @Sendable (Database) throws -> T) async throws -> T
    ) async throws -> T {
        let clock = TripClock()
        let started = ContinuousClock.now
        defer {
            let total = ContinuousClock.now - started
            let ran = clock.ran.withLock { $0 }
            totals.withLock {
                $0.trips += 1
                $0.running += ran
                $0.waiting += max(.zero, total - ran)
            }
        }
        return try await trip { db in
            let began = ContinuousClock.now
            defer { clock.ran.withLock { $0 = ContinuousClock.now - began } }
            return try body(db)
        }
    }
}
