import CatalogApp
import CatalogCore
import Foundation

/// A new folder that only this user may open (made by mkdtemp, mode 0700), for what a command makes and may
/// remove when it ends (`serve --demo`'s database, `demo`'s shop and labels, a benchmark's scratch files): nothing that was there before is
/// reused, so removing it removes only what the command made. (A folder named after the process id could be
/// made beforehand by another user, with their files in it.)
public enum PrivateFolder {
    /// A new folder under `parent` whose name starts with `prefix` (`catalog-hub-` and six random characters).
    public static func make(_ prefix: String, in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        var template = Array(parent.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw AppError(
                "Cannot make a folder in \(Terminal.visible(parent.path)): \(String(cString: strerror(errno))). "
                    + "Free some space there, or set TMPDIR to a folder this user can write to.",
                exitCode: .cannotCreate)
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }
}
