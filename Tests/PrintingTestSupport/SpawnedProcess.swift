import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn` and a clean signal mask.
///
/// Foundation's `Process` passes on the spawning thread's signal mask, and threads of the Swift
/// runtime block most signals, so a cupsd started that way never sees SIGTERM. This starts the
/// child with nothing blocked and default handlers, so it can be stopped politely.
final class SpawnedProcess: Sendable {
    /// The child's process id.
    let pid: pid_t

    /// Starts `path` with `arguments`, standard output and error appended to `logPath`.
    init(path: String, arguments: [String], logPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard status == 0 else { throw PrivateCUPSError.socket("posix_spawn \(path)", status) }
        pid = child
    }

    /// Whether the child has not exited yet (reaps it if it has).
    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Sends SIGTERM, waits up to `timeout` seconds (without holding a thread), then SIGKILL; reaps the child.
    func terminate(timeout: Double = 5) async {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !isRunning { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
