import CatalogCore
import Foundation

/// A failure a workflow reports in its own words: one plain line and how the command ends.
public struct AppError: UserFacingError, Sendable {
    public var description: String
    public var exitStatus: ExitStatus

    public init(_ description: String, exitCode: ExitStatus) {
        self.description = description
        self.exitStatus = exitCode
    }

    /// The message and exit status for any error a workflow lets escape. Every error type of the
    /// modules says its own (`UserFacingError`); a file error from Foundation is an input or output
    /// failure; anything else is a fault inside catalog (exit 70), never a silent exit 1.
    public static func from(_ error: any Error) -> AppError {
        switch error {
        case let error as AppError:
            return error
        case let error as any UserFacingError:
            return AppError(error.description, exitCode: error.exitStatus)
        case let error as CocoaError:
            let path = (error.userInfo[NSFilePathErrorKey] as? String).map { " \($0)" } ?? ""
            let writing = error.code.rawValue >= CocoaError.fileWriteUnknown.rawValue
            return AppError(
                "Cannot \(writing ? "write" : "read") the file\(path): \(error.localizedDescription)",
                exitCode: writing ? .cannotCreate : .noInput)
        default:
            return AppError(
                "Something went wrong inside catalog: \(error). Please report it with the command you ran.",
                exitCode: .internalError)
        }
    }
}

extension AppError {
    /// Refuses a value this tool would write into the catalog when it holds a control character (an
    /// escape sequence, a tab, a stray line break): it would reach every terminal and label that shows it.
    /// `lineBreaks` allows line breaks (a description may have paragraphs).
    public static func refuseControlCharacters(in value: String?, field: String, lineBreaks: Bool = false) throws {
        guard let value else { return }
        let scalars = Array(value.unicodeScalars)
        let allowed: Set<Unicode.Scalar> = lineBreaks ? ["\n", "\r"] : []
        guard let index = scalars.firstIndex(where: { Terminal.isControl($0) && !allowed.contains($0) }) else { return }
        throw AppError(
            "\(field) holds a control character, \(Terminal.visible(String(scalars[index]))) at character "
                + "\(index + 1) of “\(Terminal.echo(value))”. Give it again as plain text.",
            exitCode: .dataError)
    }
}
