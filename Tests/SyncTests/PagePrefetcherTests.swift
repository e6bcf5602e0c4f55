import Foundation
import Testing

@testable import Sync

/// The prefetcher keeps the wire busy: the next page is asked for while the one before is prepared, and
/// every page reaches the writer once, in order, before any failure does. The tests wait for the exact
/// events (a fetch asked for, a fetch released) through an AsyncStream, never for a while.
@Suite struct PagePrefetcherTests {
    struct PageMissing: Error {}

    /// What the fetch and prepare closures did, in order, as the test's AsyncStream tells it.
    enum Event: Sendable, Equatable {
        /// The fetch of this page was asked for, before or after the first page was prepared.
        case asked(page: Int, firstPrepared: Bool)
        /// The fetch closure was released: the prefetcher can ask for nothing more.
        case released
    }

    /// A flag one thread sets and another waits for, blocking: `prepare` is synchronous, so holding a page
    /// in preparation means holding its thread (as a slow prepare does) until the test opens it.
    final class Latch: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func open() {
            condition.withLock {
                isOpen = true
                condition.broadcast()
            }
        }

        func wait() {
            condition.withLock {
                while !isOpen { condition.wait() }
            }
        }
    }

    /// Whether the first page has been prepared.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set(_ newValue: Bool) { lock.withLock { value = newValue } }
    }

    /// Fetches that wait for the test: each is told as `.asked` and returns its page once the test lets it.
    final class Gates: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        private var opened: Set<Int> = []

        func pass(_ page: Int) async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock {
                    if opened.contains(page) { return true }
                    waiting[page] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func open(_ page: Int) {
            let continuation = lock.withLock {
                opened.insert(page)
                return waiting.removeValue(forKey: page)
            }
            continuation?.resume()
        }
    }

    /// Tells the stream when the closure that holds it is released.
    final class ReleaseSignal: Sendable {
        let continuation: AsyncStream<Event>.Continuation
        init(_ continuation: AsyncStream<Event>.Continuation) { self.continuation = continuation }
        deinit { continuation.yield(.released) }
    }

    /// Drains `prefetcher`: the pages in the order handed over, and the error the pass ended with.
    static func drain(_ prefetcher: PagePrefetcher<Int, String>) async -> (pages: [String], error: (any Error)?) {
        var pages: [String] = []
        do {
            while let arrived = try await prefetcher.next() { pages += arrived }
            return (pages, nil)
        } catch {
            return (pages, error)
        }
    }

    /// Page 0's preparation is held until page 3 has been asked for: pages 1 and 2 arrive meanwhile, and page 3
    /// is asked for but waits, two fetched pages being the most that wait to be prepared, so page 4 is asked
    /// for only once page 0 is prepared (and page 1 taken to be prepared).
    @Test(.timeLimit(.minutes(1))) func theNextPagesAreFetchedWhileAPageIsPrepared() async throws {
        let (events, told) = AsyncStream<Event>.makeStream()
        let firstPrepared = Flag()
        let firstMayFinish = Latch()
        let prefetcher = PagePrefetcher<Int, String>(depth: 4, fetchedDepth: 2)
        await prefetcher.start(
            cursor: nil,
            fetch: { cursor in
                let page = Int(cursor ?? "0")!
                told.yield(.asked(page: page, firstPrepared: firstPrepared.isSet))
                return page
            },
            cursorAfter: { page in page < 5 ? String(page + 1) : nil },
            prepare: { page in
                if page == 0 {
                    firstMayFinish.wait()
                    firstPrepared.set(true)
                }
                return "page \(page)"
            })
        var asked: [Event] = []
        for await event in events {
            asked.append(event)
            if event == .asked(page: 3, firstPrepared: false) { break }
        }
        firstMayFinish.open()
        let (pages, error) = await Self.drain(prefetcher)
        told.finish()
        for await event in events { asked.append(event) }
        #expect(error == nil)
        #expect(pages == (0...5).map { "page \($0)" })
        #expect(
            asked == [
                .asked(page: 0, firstPrepared: false), .asked(page: 1, firstPrepared: false),
                .asked(page: 2, firstPrepared: false), .asked(page: 3, firstPrepared: false),
                .asked(page: 4, firstPrepared: true), .asked(page: 5, firstPrepared: true),
            ])
    }

    @Test func aFailedFetchComesAfterThePagesFetchedBeforeIt() async throws {
        let prefetcher = PagePrefetcher<Int, String>(depth: 1, fetchedDepth: 1)
        await prefetcher.start(
            cursor: "0",
            fetch: { cursor in
                let page = Int(cursor!)!
                if page == 3 { throw PageMissing() }
                return page
            },
            cursorAfter: { page in String(page + 1) },
            prepare: { page in "page \(page)" })
        let (pages, error) = await Self.drain(prefetcher)
        #expect(pages == ["page 0", "page 1", "page 2"])
        #expect(error is PageMissing)
    }

    /// Every fetch waits for the test. Cancelled while the fetch of page 1 is out, the prefetcher lets that one
    /// end and asks for nothing more: the next thing that happens is that it lets go of its fetch closure.
    @Test(.timeLimit(.minutes(1))) func aCancelledPrefetcherStopsFetching() async throws {
        let (events, told) = AsyncStream<Event>.makeStream()
        var next = events.makeAsyncIterator()
        let gates = Gates()
        let prefetcher = PagePrefetcher<Int, String>(depth: 1, fetchedDepth: 1)
        do {
            let signal = ReleaseSignal(told)
            await prefetcher.start(
                cursor: nil,
                fetch: { cursor in
                    let page = Int(cursor ?? "0")!
                    signal.continuation.yield(.asked(page: page, firstPrepared: false))
                    await gates.pass(page)
                    return page
                },
                cursorAfter: { page in String(page + 1) },
                prepare: { page in "page \(page)" })
        }
        #expect(await next.next() == .asked(page: 0, firstPrepared: false))
        gates.open(0)
        #expect(try await prefetcher.next() == ["page 0"])
        #expect(await next.next() == .asked(page: 1, firstPrepared: false))
        await prefetcher.cancel()
        #expect(try await prefetcher.next() == nil)
        gates.open(1)
        #expect(await next.next() == .released, "nothing was asked for after the cancel")
    }
}
