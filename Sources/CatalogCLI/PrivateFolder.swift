import CatalogApp
import CatalogCore
import Foundation

extension ServeCommand {
    /// A new folder for `--demo`'s database that only this user may open (made by mkdtemp, mode 0700, under
    /// `parent`): nothing that was there before is reused, so removing it on exit removes only what the demo
    /// made. (A folder named after the process id could be made beforehand by another user, with their files
    /// in it.)
    static func makeDemoFolder(in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        var template = Array(parent.appendingPathComponent("catalog-hub-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw AppError(
                "Cannot make a folder for the demo shop in \(Terminal.visible(parent.path)): "
                    + "\(String(cString: strerror(errno))). Give the demo a database with --db.",
                exitCode: .cannotCreate)
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }
}
