import Foundation

/// One sync at a time per database file, across processes.
///
/// A sync's pass (its cursor, the ids it has seen, the sweep of those it has not) lives in the database,
/// so that a sync that is killed resumes where it stopped. Two syncs running at once on one file would
/// share that pass: the hub, asked to sync by a webhook while `catalog sync --full` ran on its database,
/// took up the command's unfinished pass, and its sweep then removed most of the catalog as unseen. So
/// every sync first holds this lock: an exclusive `flock` on a small file beside the database (the kernel
/// lets go of it when the process ends, however it ends), which names the process holding it.
public final class SyncLock: Sendable {
    /// The lock file's descriptor; closing it lets go of the lock.
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Lets go of the lock (also done when the lock is freed, or the process ends).
    public func release() { _ = flock(descriptor, LOCK_UN) }

    /// The file beside the database at `databasePath` that syncs lock.
    public static func path(for databasePath: String) -> String { databasePath + ".sync-lock" }

    /// Takes the lock of the database at `databasePath`, waiting (without holding a thread) while another
    /// process or task holds it: `waiting` hears once which process that is (nil when it cannot be read).
    /// After `patience` it gives up with `StoreError.syncRunning`.
    public static func acquire(
        databasePath: String, patience: Duration, waiting: @Sendable (Int32?) -> Void = { _ in }
    ) async throws -> SyncLock {
        let path = path(for: databasePath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError.readOnly(path: databasePath, doing: "sync (the lock file \(path) cannot be made)")
        }
        let lock = SyncLock(descriptor: descriptor)
        let started = ContinuousClock.now
        var said = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError.database(reason: "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            let holder = lock.holder
            if !said {
                waiting(holder)
                said = true
            }
            guard ContinuousClock.now - started < patience else {
                throw StoreError.syncRunning(path: databasePath, process: holder, waited: patience)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        lock.record(getpid())
        return lock
    }

    /// The process named in the lock file (the one holding it, or the last to have held it).
    private var holder: Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Names `pid` in the lock file as its holder.
    private func record(_ pid: Int32) {
        let text = Array("\(pid)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
    }
}
