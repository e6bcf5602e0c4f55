import Dispatch
import GRDB
import GRDBSQLite
import Synchronization

/// Copies a pool's WAL back into the database file beside the writer instead of on it.
///
/// SQLite's own automatic checkpoint runs on the connection that commits: every 64 MB of WAL the writer
/// stopped to copy the pages back and to sync the WAL and then the file to disk (a 100,000-variation
/// first sync spent 0.7 s of its 5.2 s there, most of it waiting for the disk). Here the writer's commits
/// only note the WAL's size (SQLite's WAL hook); every `backgroundFrames` of it a passive checkpoint runs
/// on a connection of its own, on a queue of its own, while the writer goes on. The writer still checkpoints
/// itself at `writerFrames`, as SQLite's automatic checkpoint did: the WAL starts again from its beginning
/// only after a checkpoint that copied all of it, and a writer that never pauses seldom leaves the
/// background one the moment to finish, so that bounds the WAL, and by then little is left to copy.
///
/// A checkpoint that fails (another process's checkpoint holds the lock, the disk is full) changes nothing:
/// the frames stay in the WAL, readers find them there, and a later checkpoint copies them.
final class WALCheckpointer: Sendable {
    /// WAL frames (pages) after which a background checkpoint starts: 16 MB.
    static let backgroundFrames: Int32 = 4096
    /// WAL frames at which the writer checkpoints itself: 64 MB (the writer's `wal_autocheckpoint` before).
    static let writerFrames: Int32 = 16384

    private struct State {
        var running = false
        /// The WAL's size when the last background checkpoint was started.
        var startedAt: Int32 = 0
        var background = 0
        /// Frames the background checkpoints found copied back (each counts the WAL from its start).
        var framesCopied = 0
        var byWriter = 0
    }

    private let path: String
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "catalog.wal-checkpoint", qos: .utility)

    init(path: String) { self.path = path }

    /// Hands the writing connection's commits to this checkpointer (replacing `wal_autocheckpoint`). It is kept
    /// for the rest of the process (a few bytes per pool opened): GRDB may close the writer after the
    /// `CatalogDatabase` has gone, and a commit's hook must not find it freed.
    func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        sqlite3_wal_hook(
            connection,
            { context, connection, _, frames in
                guard let context, let connection else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(
                    frames: frames, writer: connection)
                return SQLITE_OK
            }, Unmanaged.passRetained(self).toOpaque())
    }

    /// How many checkpoints ran in the background (and the frames they found copied back) and on the writer
    /// (for tests).
    var counts: (background: Int, framesCopied: Int, byWriter: Int) {
        state.withLock { ($0.background, $0.framesCopied, $0.byWriter) }
    }

    /// Waits until no background checkpoint runs (for tests).
    func waitUntilIdle() { queue.sync {} }

    /// The writer committed, leaving `frames` frames in the WAL.
    private func committed(frames: Int32, writer: OpaquePointer) {
        if frames >= Self.writerFrames {
            // Passive: when a background checkpoint holds the lock this returns at once and the next commit
            // tries again.
            if sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                state.withLock { $0.byWriter += 1 }
            }
            return
        }
        let start = state.withLock { state -> Bool in
            // A WAL smaller than at the last start was begun again.
            if frames < state.startedAt { state.startedAt = 0 }
            guard !state.running, frames - state.startedAt >= Self.backgroundFrames else { return false }
            state.running = true
            state.startedAt = frames
            return true
        }
        guard start else { return }
        queue.async { self.checkpoint() }
    }

    /// One passive checkpoint on a connection opened for it (one every 16 MB of WAL: opening costs nothing
    /// beside copying, and no connection is left open when the database is closed).
    private func checkpoint() {
        var connection: OpaquePointer?
        var copied: Int32 = 0
        // A new connection has not opened the WAL until it reads (SQLite 3.40's checkpoint then does nothing).
        if sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            sqlite3_exec(connection, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil) == SQLITE_OK
        {
            var inWAL: Int32 = 0
            if sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &inWAL, &copied) != SQLITE_OK {
                copied = 0
            }
        }
        sqlite3_close_v2(connection)
        state.withLock { state in
            state.running = false
            state.background += 1
            state.framesCopied += Int(max(copied, 0))
        }
    }
}
