import CatalogCore
import Foundation
import Testing

@testable import SquareAPI

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test("the delay ceiling grows by the multiplier and stops at maxDelay")
    func ceilingGrows() {
        let policy = RetryPolicy()
        let ceilings = (1...8).map { policy.delayCeiling(beforeRetry: $0) }
        #expect(ceilings == [0.25, 0.5, 1, 2, 4, 8, 8, 8])
    }

    @Test("full jitter draws between zero and the ceiling")
    func fullJitter() {
        let policy = RetryPolicy()
        var ranges: [ClosedRange<Double>] = []
        let delay = policy.delay(beforeRetry: 3, retryAfter: nil) { range in
            ranges.append(range)
            return range.upperBound / 2
        }
        #expect(ranges == [0...1])
        #expect(delay == 0.5)
        for _ in 0..<50 {
            let random = policy.delay(beforeRetry: 2, retryAfter: nil)
            #expect(random >= 0 && random <= 0.5)
        }
    }

    @Test("Retry-After wins over the computed delay and is capped at four times maxDelay")
    func retryAfterWins() {
        let policy = RetryPolicy(maxDelay: 2)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 3) == 3)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 600) == 8)
    }

    @Test("Retry-After is read as seconds or as an HTTP date")
    func retryAfterParsing() {
        let now = Timestamp(seconds: 1_700_000_000)
        #expect(RetryPolicy.retryAfterSeconds("1", now: now) == 1)
        #expect(RetryPolicy.retryAfterSeconds(" 120 ", now: now) == 120)
        #expect(RetryPolicy.retryAfterSeconds(nil, now: now) == nil)
        #expect(RetryPolicy.retryAfterSeconds("soon", now: now) == nil)
        // 1_700_000_000 is Tue, 14 Nov 2023 22:13:20 GMT.
        #expect(RetryPolicy.retryAfterSeconds("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == 30)
        #expect(RetryPolicy.retryAfterSeconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == 0)
    }

    @Test("RetryPolicy.none makes exactly one attempt")
    func noneIsOneAttempt() {
        #expect(RetryPolicy.none.maxAttempts == 1)
    }
}
