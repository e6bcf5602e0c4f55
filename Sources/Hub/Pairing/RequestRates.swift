import Foundation
import Synchronization

/// How fast each paired device may ask: `perSecond` requests a second, with up to four seconds' worth at once
/// (a token bucket per device). A screen, a tablet or a remote counter asks a few times a second at most; a
/// device asking faster (a runaway script, a device someone took) is answered 429 beyond that, so it cannot
/// take the hub from the others.
final class RequestRates: Sendable {
    let perSecond: Double
    var burst: Double { perSecond * 4 }
    private let buckets = Mutex<[Int64: (tokens: Double, at: ContinuousClock.Instant)]>([:])

    init(perSecond: Double) { self.perSecond = perSecond }

    /// Whether device `id` may make a request now (taking one from its bucket when it may).
    func allow(_ id: Int64, now: ContinuousClock.Instant = .now) -> Bool {
        buckets.withLock { buckets in
            let (tokens, at) = buckets[id] ?? (burst, now)
            let elapsed = now - at
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let available = min(burst, tokens + seconds * perSecond)
            guard available >= 1 else {
                buckets[id] = (available, now)
                return false
            }
            buckets[id] = (available - 1, now)
            return true
        }
    }
}
