import CatalogCore

/// Why a label template could not be read or found.
///
/// The `description` names the file, the line and the field (a path such as
/// `elements[2].frame.width`) and says what is allowed there, e.g.
/// `Labels/shelf-2x1.yaml line 14: elements[1].size: "11" has no unit; write it like 11pt, 3.9mm or 0.15in.`
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or template name) the error is in.
    public var file: String
    /// The line (from 1) the problem is on, when it has one.
    public var line: Int?
    /// The field's path, such as `elements[2].frame.width`, when the problem is in one field.
    public var field: String?
    /// What is wrong and what is allowed, as a sentence.
    public var message: String

    /// Makes an error for `file`, optionally pointing at a line and a field.
    public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// The sentence a user reads: file, line, field, then what to do.
    public var description: String {
        var text = file
        if let line { text += " line \(line)" }
        text += ": "
        if let field, !field.isEmpty { text += field + ": " }
        return text + message
    }
}

extension TemplateError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
