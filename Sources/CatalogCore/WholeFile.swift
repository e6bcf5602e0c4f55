#if canImport(Glibc)
    import Glibc
#endif

/// Replacing a file whole: a temporary file beside it, flushed to disk, renamed over it. A crash or a full
/// disk never leaves half a file under the real name, and nothing is left anywhere else (Foundation's
/// atomic write leaves an empty `TemporaryDirectory.*` folder in /tmp for every file it writes).
public enum WholeFile {
    /// Writes `bytes` to `path` as above; `mode` 0o600 keeps a secret readable by its owner only from
    /// the first byte. Throws the `errno` that stopped it; the temporary file is removed then.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder) + "/." + name + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        var written = 0
        var status: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            // An empty buffer has no address and nothing to write.
            guard let base = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    status = errno
                    return
                }
                written += count
            }
        }
        if status == 0, fsync(descriptor) != 0 { status = errno }
        close(descriptor)
        if status == 0, rename(temporary, path) != 0 { status = errno }
        if status != 0 {
            unlink(temporary)
            throw Failure(code: status)
        }
    }

    /// The `errno` a whole-file write stopped on.
    public struct Failure: Error, Sendable {
        public var code: Int32
        public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
        public var reason: String { String(cString: strerror(code)) }
    }
}
