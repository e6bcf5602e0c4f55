import Foundation

/// Writing a file people will send, print or keep (exports, labels, reports): all of it or none of it.
enum OutputFile {
    /// Writes `bytes` to a temporary file next to `path`, flushes it to disk and renames it over `path`,
    /// so a crash or a full disk never leaves half a file under the real name.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno) }
        var written = 0
        var status: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
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
            throw failure(path, status)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> CLIError {
        CLIError(
            "Cannot write \(path): \(String(cString: strerror(code))). Check the folder exists and can be written.",
            exitCode: 73)
    }
}
