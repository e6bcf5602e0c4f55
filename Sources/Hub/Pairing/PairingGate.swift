import CatalogCore

/// Pairing's rate limit: a guessed code costs an attempt, and an address (or the whole network) that has
/// failed too often lately must wait. Ten minutes of a code's life allow a few dozen guesses at most,
/// against 31^8 possible codes.
actor PairingGate {
    /// Failed attempts one address may make in `window` seconds.
    let perAddress: Int
    /// Failed attempts all addresses together may make in `window` seconds.
    let overall: Int
    let window: Int64
    private var failures: [(address: String, at: Int64)] = []

    init(perAddress: Int = 5, overall: Int = 30, window: Int64 = 600) {
        self.perAddress = perAddress
        self.overall = overall
        self.window = window
    }

    /// Seconds to wait before `address` may try again; nil when it may try now.
    func wait(for address: String, now: Timestamp) -> Int64? {
        forget(before: now.seconds - window)
        let mine = failures.filter { $0.address == address }
        if mine.count >= perAddress, let oldest = mine.first { return oldest.at + window - now.seconds }
        if failures.count >= overall, let oldest = failures.first { return oldest.at + window - now.seconds }
        return nil
    }

    /// Counts a failed attempt from `address`.
    func failed(from address: String, now: Timestamp) {
        failures.append((address, now.seconds))
    }

    private func forget(before cutoff: Int64) {
        failures.removeAll { $0.at <= cutoff }
    }
}
