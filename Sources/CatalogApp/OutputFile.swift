import CatalogCore
import Foundation

/// Writing a file people will send, print or keep (exports, labels, reports): all of it or none of it.
public enum OutputFile {
    /// Writes `bytes` to a temporary file next to `path`, flushes it to disk and renames it over `path`,
    /// so a crash or a full disk never leaves half a file under the real name. `mode` 0o600 keeps a secret
    /// (a key) readable by its owner only from the first byte.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws {
        do {
            try WholeFile.replace(path, with: bytes, mode: mode)
        } catch {
            throw failure(path, error)
        }
    }

    /// A file a command reads or keeps, and what to call it in a message.
    public struct Input {
        public var path: String
        public var what: String

        public init(path: String, what: String) {
            self.path = path
            self.what = what
        }
    }

    /// Refuses `output` (given with `option`) when it is one of `inputs`, by any path or link to the same
    /// file: writing it would destroy what the command reads or keeps. Call it before any work is done.
    public static func refuseOverwriting(_ output: String?, option: String, inputs: [Input]) throws {
        guard let output, output != "-" else { return }
        var target = stat()
        guard stat(output, &target) == 0 else { return }  // a new file overwrites nothing
        for input in inputs {
            var other = stat()
            if stat(input.path, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
                throw AppError(
                    "\(option) \(output) is \(input.what) (\(input.path)); writing the output there would overwrite "
                        + "it. Give another file name.", exitCode: .usage)
            }
        }
    }

    private static func failure(_ path: String, _ error: WholeFile.Failure) -> AppError {
        if error.isDiskFull {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            return AppError(
                "Cannot write \(path): the disk holding \(folder) is full, so nothing was written. Free space there "
                    + "(df -h \(folder) shows how much is left) and run the command again.",
                exitCode: .cannotCreate)
        }
        return AppError(
            "Cannot write \(path): \(error.reason). Check the folder exists and can be written.",
            exitCode: .cannotCreate)
    }
}
