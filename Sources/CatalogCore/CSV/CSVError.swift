/// Why a CSV file could not be read.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes on this line are not UTF-8.
    case invalidUTF8(line: Int)
    /// A quoted field that starts on this line is never closed.
    case unterminatedQuote(line: Int)

    /// The sentence a person reads, ending in what to do.
    public var description: String {
        switch self {
        case .invalidUTF8(let line):
            return "Line \(line) is not valid UTF-8. Save the file as “CSV UTF-8” and try again."
        case .unterminatedQuote(let line):
            return "The quoted field that starts on line \(line) is never closed. "
                + "Add the missing \" or save the file again from the spreadsheet."
        }
    }
}

extension CSVError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
