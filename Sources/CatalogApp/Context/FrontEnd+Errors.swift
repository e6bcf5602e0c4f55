import CatalogCore
import Printing
import SquareAPI
import Store

extension FrontEnd {
    /// An error as this front end says it. At a shell, every error's own sentence (CUPS's commands such as
    /// `cupsenable`, Square's settings such as `SQUARE_ACCESS_TOKEN`); on the hub, a printing or Square failure
    /// says what the pages show (the Printers page, Sync now) and whom to ask for the rest.
    public func explain(_ error: any Error) -> AppError {
        guard self == .hub else { return AppError.from(error) }
        if let kept = error as? LabelJobError {
            let words = explain(kept.underlying)
            return AppError(words.description + " " + keptLabelJob(kept.jobID), exitCode: words.exitStatus)
        }
        if let printing = error as? PrintingError {
            return AppError(Self.staffWords(printing), exitCode: printing.exitStatus)
        }
        if let square = error as? SquareError { return AppError(Self.staffWords(square), exitCode: square.exitStatus) }
        if case StoreError.syncRunning(_, _, let waited) = error {
            return AppError(
                "Another sync of the shop's catalog on the hub's computer was still running after "
                    + "\(StoreError.minutes(waited)), so this one did not start; the next one tries again. If it "
                    + "keeps happening, \(Self.ask("look at what is syncing")).",
                exitCode: .tryLater)
        }
        return AppError.from(error)
    }

    /// A printing failure in staff words.
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

    /// A failure talking to Square in staff words: what happened, without Square's addresses or the hub's
    /// settings, and what to do.
    static func staffWords(_ error: SquareError) -> String {
        let detail = error.errors.first?.detail.map { " (\($0))" } ?? ""
        switch error.kind {
        case .cancelled:
            return "The request to Square was stopped before Square answered; try again."
        case .timedOut:
            return "Square did not answer in time; try again in a moment. If it keeps happening, check the shop's "
                + "internet connection."
        case .unreachable:
            return "The hub cannot reach Square; check the shop's internet connection. If it keeps happening, "
                + "\(ask("check its Square settings"))."
        case .badResponse:
            return "The hub could not read Square's answer; try again. If it keeps happening, "
                + "\(ask("check its Square settings"))."
        case .api(let status):
            if error.isAuthenticationFailure {
                return "Square refused the hub's access token: \(ask("give it a new one"))."
            }
            if error.isVersionMismatch {
                return "Someone changed this in Square meanwhile: look at it again, then change it."
            }
            switch status {
            case 403: return "Square refused: the hub's access token may not do this; \(ask("give it the rights"))."
            case 404: return "Square no longer has this\(detail); it goes from here with the next sync."
            case 429: return "Square is busy; wait a minute and try again."
            case 500...599: return "Square had a problem of its own; try again later."
            default: return "Square refused the change\(detail)."
            }
        }
    }
}
