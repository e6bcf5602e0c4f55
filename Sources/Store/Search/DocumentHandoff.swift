import Foundation

/// Batches of search documents handed from the connection that reads the catalog to the one that writes
/// the index, so that a rebuild reads and tokenizes on one core while SQLite writes on the other.
///
/// At most `capacity` batches wait; the reader blocks when the writer is behind, the writer when the reader
/// is. Both sides run on GRDB's own dispatch queues, never on Swift's cooperative pool.
final class DocumentHandoff: @unchecked Sendable {
    /// Thrown on the reading side when the writer stopped taking batches.
    struct Stopped: Error {}

    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[SearchEntry]] = []
    /// How the reading side ended: every item read, with the words typos can reach, or an error.
    private var ending: Result<Set<String>, any Error>?
    private var cancelled = false
    private var readerDone = false

    init(capacity: Int = 16) {
        self.capacity = capacity
    }

    /// Hands over a batch; false when the writer gave up, and the reader should stop.
    func put(_ batch: [SearchEntry]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The reader's last call, whatever happened.
    func end(_ ending: Result<Set<String>, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        if self.ending == nil { self.ending = ending }
        readerDone = true
        condition.broadcast()
    }

    /// The next batch, or nil once the reader has handed over everything: then `vocabulary()` says what it
    /// found. Throws the reader's error.
    func next() throws -> [SearchEntry]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && ending == nil { condition.wait() }
        if case .failure(let error) = ending { throw error }
        guard batches.isEmpty else {
            condition.broadcast()
            return batches.removeFirst()
        }
        return nil
    }

    /// The words typos can reach, once `next()` has returned nil.
    func vocabulary() -> Set<String> {
        condition.lock()
        defer { condition.unlock() }
        if case .success(let vocabulary) = ending { return vocabulary }
        return []
    }

    /// The writer stops taking batches (it failed, or it rebuilds another way): the reader's next `put`
    /// returns false. Waits until the reader has ended, so that it never outlives the rebuild.
    func cancelAndWait() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        while !readerDone { condition.wait() }
    }
}
