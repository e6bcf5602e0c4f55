import Foundation

/// How often and how patiently a call is repeated after a retryable failure.
///
/// Delays grow exponentially from `initialDelay` by `multiplier`, are capped at `maxDelay`, and
/// use full jitter (a random delay between zero and the capped value). A `Retry-After` header
/// from Square wins over the computed delay, capped at four times `maxDelay`.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in total, the first one included; 1 means never retry.
    public var maxAttempts = 6
    /// The ceiling of the first retry's delay, in seconds.
    public var initialDelay: TimeInterval = 0.25
    /// The largest ceiling a computed delay may reach, in seconds.
    public var maxDelay: TimeInterval = 8.0
    /// The factor the ceiling grows by after each attempt.
    public var multiplier = 2.0

    /// A policy with the given limits; the defaults suit Square's unpublished rate limits.
    public init(
        maxAttempts: Int = 6, initialDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 8.0,
        multiplier: Double = 2.0
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
    }

    /// Never retry: one attempt, and its failure is the answer.
    public static let none = RetryPolicy(maxAttempts: 1)
}
