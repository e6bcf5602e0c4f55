import Foundation
import Testing

@testable import Sync

/// The prefetcher keeps the wire busy: the next page is asked for while the one before is prepared, and
/// every page reaches the writer once, in order, before any failure does.
@Suite struct PagePrefetcherTests {
    /// How many pages have been fetched, readable from the preparing side.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() {
            lock.lock()
            value += 1
            lock.unlock()
        }
        var current: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    struct PageMissing: Error {}

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

    @Test func theNextPagesAreFetchedWhileAPageIsPrepared() async throws {
        let fetches = Counter()
        let seenWhilePreparingFirst = Counter()
        let prefetcher = PagePrefetcher<Int, String>(depth: 4, fetchedDepth: 2)
        await prefetcher.start(
            cursor: nil,
            fetch: { cursor in
                fetches.increment()
                return Int(cursor ?? "0")!
            },
            cursorAfter: { page in page < 5 ? String(page + 1) : nil },
            prepare: { page in
                if page == 0 {
                    // The first page takes long to prepare: pages 1 and 2 arrive meanwhile, and page 3 is
                    // asked for but waits, two fetched pages being the most that wait to be prepared.
                    let deadline = Date().addingTimeInterval(10)
                    while fetches.current < 4 && Date() < deadline { usleep(1000) }
                    usleep(50_000)
                    for _ in 0..<fetches.current { seenWhilePreparingFirst.increment() }
                }
                return "page \(page)"
            })
        let (pages, error) = await Self.drain(prefetcher)
        #expect(error == nil)
        #expect(pages == (0...5).map { "page \($0)" })
        #expect(seenWhilePreparingFirst.current == 4)
        #expect(fetches.current == 6)
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

    @Test func aCancelledPrefetcherStopsFetching() async throws {
        let fetches = Counter()
        let prefetcher = PagePrefetcher<Int, String>(depth: 1, fetchedDepth: 1)
        await prefetcher.start(
            cursor: nil,
            fetch: { cursor in
                fetches.increment()
                return Int(cursor ?? "0")!
            },
            cursorAfter: { page in String(page + 1) },
            prepare: { page in "page \(page)" })
        let first = try await prefetcher.next()
        #expect(first == ["page 0"])
        await prefetcher.cancel()
        let afterCancel = fetches.current
        #expect(try await prefetcher.next() == nil)
        try await Task.sleep(for: .milliseconds(100))
        // At most the fetch in flight when it was cancelled completes; nothing more is asked for.
        #expect(fetches.current <= afterCancel + 1)
        #expect(afterCancel <= 4)
    }
}
