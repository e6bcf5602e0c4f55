import CatalogCore

/// Why category names could not be turned into category ids.
public enum CategoryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No category has this name; `closeNames` are stored names that look like it.
    case unknown(name: String, closeNames: [String])
    /// Several categories have this name.
    case ambiguous(name: String, categories: [Category])
    /// A category name was empty.
    case emptyName

    /// A stored category as the error names it.
    public struct Category: Equatable, Sendable {
        /// The category's Square id.
        public var id: String
        /// The category's name.
        public var name: String

        /// A category with this id and name.
        public init(_ id: String, _ name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The sentence a person reads, saying what to do next.
    public var description: String {
        switch self {
        case .unknown(let name, let closeNames):
            let close =
                closeNames.isEmpty ? "" : " Did you mean " + closeNames.map { "“\($0)”" }.joined(separator: ", ") + "?"
            return "No category is called “\(name)”.\(close) To create it, add --create-category "
                + "(or run catalog sync if it was just added in Square)."
        case .ambiguous(let name, let categories):
            let list = categories.map { "\($0.id) (“\($0.name)”)" }.joined(separator: " and ")
            return "\(categories.count) categories are called “\(name)”: \(list). Give the id of the one you mean."
        case .emptyName:
            return "A category name is empty. Give a name like --category \"Hardware\"."
        }
    }
}

extension CategoryError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
