import ArgumentParser
import Labels
import Printing
import Scanner
import SquareAPI
import Store
import Sync

/// A failure the CLI reports as one plain line and a sysexits exit code.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var exitCode: Int32

    static let notFound: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    /// An input file that does not exist or cannot be read.
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
    /// A failure inside the tool itself (a document that could not be drawn).
    static let internalError: Int32 = 70
    /// An output file that cannot be created or written.
    static let cannotCreate: Int32 = 73
    static let tryLater: Int32 = 75
    static let configuration: Int32 = 78

    init(_ description: String, exitCode: Int32) {
        self.description = description
        self.exitCode = exitCode
    }

    /// The message and exit code for any error a command lets escape.
    static func from(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            return error
        case let error as SquareError:
            switch error.kind {
            case .api(let status) where status == 429: return CLIError(error.description, exitCode: tryLater)
            case .api(let status) where status == 401 || status == 403 || status >= 500:
                return CLIError(error.description, exitCode: unavailable)
            case .api: return CLIError(error.description, exitCode: dataError)
            case .unreachable, .timedOut: return CLIError(error.description, exitCode: unavailable)
            case .badResponse: return CLIError(error.description, exitCode: dataError)
            case .cancelled: return CLIError(error.description, exitCode: tryLater)
            }
        case let error as EditError:
            switch error {
            case .gone: return CLIError(error.description, exitCode: notFound)
            case .keptChanging: return CLIError(error.description, exitCode: tryLater)
            case .refused, .tooLong: return CLIError(error.description, exitCode: dataError)
            }
        case let error as OutboxError:
            switch error {
            case .stillOffline: return CLIError(error.description, exitCode: tryLater)
            case .noSuchEntry: return CLIError(error.description, exitCode: notFound)
            case .alreadyDone: return CLIError(error.description, exitCode: dataError)
            case .beingSent: return CLIError(error.description, exitCode: tryLater)
            }
        case let error as SyncError:
            return CLIError(error.description, exitCode: configuration)
        case let error as CategoryError:
            return CLIError(error.description, exitCode: dataError)
        case let error as ReorderError:
            return CLIError(error.description, exitCode: dataError)
        case let error as ItemCreationError:
            return CLIError(error.description, exitCode: dataError)
        case let error as PrintingError:
            switch error {
            case .unknownPrinter, .noDefaultPrinter, .mediaNotSupported:
                return CLIError(error.description, exitCode: usage)
            default: return CLIError(error.description, exitCode: unavailable)
            }
        case let error as LabelRenderError:
            return CLIError(error.description, exitCode: dataError)
        case let error as TemplateError:
            return CLIError(error.description, exitCode: dataError)
        case let error as ScannerError:
            return CLIError(error.description, exitCode: unavailable)
        case let error as StoreError:
            switch error {
            case .badObject, .damaged, .unknownValue: return CLIError(error.description, exitCode: dataError)
            case .outboxEntryTaken: return CLIError(error.description, exitCode: tryLater)
            case .readOnly, .diskFull: return CLIError(error.description, exitCode: cannotCreate)
            case .cannotOpen, .database: return CLIError(error.description, exitCode: 1)
            }
        default:
            return CLIError("\(error)", exitCode: 1)
        }
    }
}

extension AsyncParsableCommand {
    /// Runs `body`, turning any error into one line on stderr and the matching exit code.
    func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch {
            let failure = CLIError.from(error)
            Terminal.error("catalog: \(failure.description)")
            throw ExitCode(failure.exitCode)
        }
    }
}

extension CLIError {
    /// Refuses a value this tool would write into the catalog when it holds a control character (an
    /// escape sequence, a tab, a stray line break): it would reach every terminal and label that shows it.
    /// `lineBreaks` allows line breaks (a description may have paragraphs).
    static func refuseControlCharacters(in value: String?, field: String, lineBreaks: Bool = false) throws {
        guard let value else { return }
        let scalars = Array(value.unicodeScalars)
        let allowed: Set<Unicode.Scalar> = lineBreaks ? ["\n", "\r"] : []
        guard let index = scalars.firstIndex(where: { Terminal.isControl($0) && !allowed.contains($0) }) else { return }
        throw CLIError(
            "\(field) holds a control character, \(Terminal.visible(String(scalars[index]))) at character "
                + "\(index + 1) of “\(Terminal.echo(value))”. Give it again as plain text.",
            exitCode: dataError)
    }
}
