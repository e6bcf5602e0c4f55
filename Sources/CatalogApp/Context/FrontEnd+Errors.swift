import CatalogCore
import Printing

extension FrontEnd {
    /// A printing failure as this front end says it: at a shell, CUPS's own commands (`cupsenable`,
    /// `lpadmin`, ...); on the hub, what the pages show (the Printers page, a template of another size) and
    /// whom to ask for the rest.
    public func explain(_ error: PrintingError) -> AppError {
        guard self == .hub else { return AppError(error.description, exitCode: error.exitStatus) }
        return AppError(Self.staffWords(error), exitCode: error.exitStatus)
    }

    static func staffWords(_ error: PrintingError) -> String {
        func because(_ message: String?) -> String { message.map { $0.isEmpty ? "" : " (\($0))" } ?? "" }
        switch error {
        case .cupsUnreachable:
            return "The hub cannot reach its printing service: \(ask("start it (CUPS)"))."
        case .noDefaultPrinter(let available):
            return available.isEmpty
                ? "The hub has no printers: \(ask("add one"))."
                : "Choose a printer (the hub has no default one): \(available.joined(separator: ", "))."
        case .unknownPrinter(let name, let available):
            return "There is no printer called “\(name)”. "
                + (available.isEmpty
                    ? "The hub has no printers: \(ask("add one"))."
                    : "Choose one of: \(available.joined(separator: ", ")).")
        case .notAcceptingJobs(let printer, let message):
            return "Printer “\(printer)” is not taking jobs\(because(message)); the Printers page shows it. Once it "
                + "is ready, \(ask("let it take jobs again"))."
        case .printerStopped(let printer, let message):
            return "Printer “\(printer)” is stopped\(because(message)). The job waits and prints once the printer is "
                + "fixed and started again; the Printers page shows it."
        case .mediaNotSupported(let printer, let requested, let available):
            let list = available.isEmpty ? "none listed" : available.map(\.description).joined(separator: ", ")
            return "Printer “\(printer)” has no labels of size \(requested) (it has: \(list)). Choose a template of "
                + "one of these sizes."
        case .jobFailed(let printer, _, let reason):
            return "The job on printer “\(printer)” did not print: \(reason). The Printers page shows what the "
                + "printer reports."
        case .requestFailed(let action, let message):
            return "The printing service could not \(action): \(message)."
        }
    }
}
