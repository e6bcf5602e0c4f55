import CatalogCore
import Foundation

/// Pairing's rate limit on wrong codes, kept in one actor so that concurrent guesses cannot slip past it: an
/// attempt is admitted and counted as a failure in one step, before the code is checked, and the count is
/// given back when the code pairs.
///
/// Per address (an IPv4 address, or an IPv6 /64: one machine's many IPv6 addresses count as one), the first
/// `perAddress` wrong codes in `window` seconds are checked at once, then each next one only after a delay
/// that doubles (`firstDelay`, twice that, … up to `window`). Overall, once `overall` wrong codes were tried in
/// `window` seconds, an address that tried a wrong code lately must wait, and an address that has not is still
/// checked: a right code pairs and a wrong one is answered 429. So nobody's guessing blocks a right code
/// typed on another device, and ten minutes of a code's life allow a few hundred guesses at most, against
/// 31^8 possible codes (docs/hub.md has the numbers).
actor PairingGate {
    /// Wrong codes one address may try at once in `window` seconds before the delays begin.
    let perAddress: Int
    /// Wrong codes all addresses together may try in `window` seconds before only fresh addresses are checked.
    let overall: Int
    let window: Int64
    /// The wait after an address's first wrong code beyond `perAddress`; it doubles with each one after.
    let firstDelay: Int64
    private var failures: [Failure] = []
    private var nextTicket = 0

    private struct Failure {
        var ticket: Int
        var key: String
        var at: Int64
    }

    /// An attempt let through to have its code checked, counted as a wrong code until `paired` gives it back.
    struct Ticket: Sendable {
        fileprivate let number: Int
        /// Whether the overall limit was reached when it was admitted: a wrong code is then answered 429.
        let overLimit: Bool
        /// Seconds until the overall limit frees a place, for a 429's Retry-After.
        let retryAfter: Int64
    }

    enum Admission: Sendable {
        /// Check the code.
        case check(Ticket)
        /// Refused without checking: the address must wait this many seconds.
        case wait(Int64)
    }

    init(perAddress: Int = 5, overall: Int = 30, window: Int64 = 600, firstDelay: Int64 = 30) {
        self.perAddress = perAddress
        self.overall = overall
        self.window = window
        self.firstDelay = firstDelay
    }

    /// Whether `address` may have a code checked now; when it may, the attempt is counted at once.
    func admit(_ address: String, now: Timestamp) -> Admission {
        forget(before: now.seconds - window)
        let key = Self.key(address)
        let mine = failures.filter { $0.key == key }
        if let last = mine.last, mine.count >= perAddress {
            let delay = min(window, firstDelay << min(Int64(mine.count - perAddress), 20))
            let wait = last.at + delay - now.seconds
            if wait > 0 { return .wait(wait) }
        }
        let overLimit = failures.count >= overall
        let retryAfter = overLimit ? max(1, failures[failures.count - overall].at + window - now.seconds) : 0
        if overLimit, let last = mine.last {
            return .wait(max(1, min(retryAfter, last.at + window - now.seconds)))
        }
        nextTicket += 1
        failures.append(Failure(ticket: nextTicket, key: key, at: now.seconds))
        return .check(Ticket(number: nextTicket, overLimit: overLimit, retryAfter: retryAfter))
    }

    /// The code `ticket` checked paired, or was never checked: the attempt does not count.
    func release(_ ticket: Ticket) {
        failures.removeAll { $0.ticket == ticket.number }
    }

    private func forget(before cutoff: Int64) {
        failures.removeAll { $0.at <= cutoff }
    }

    /// What an address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
    /// address), an IPv6 address by its first 64 bits, anything else as given.
    static func key(_ address: String) -> String {
        let bare = String(address.split(separator: "%", maxSplits: 1).first ?? "")
        var bytes = [UInt8](repeating: 0, count: 16)
        guard bare.contains(":"), inet_pton(AF_INET6, bare, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    }
}
