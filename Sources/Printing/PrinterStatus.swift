import CCups

/// A printer's live state from a Get-Printer-Attributes request. Runs on the `CupsWorker` thread.
struct PrinterStatus: Sendable, Equatable {
    var state: PrinterState
    var isAcceptingJobs: Bool
    var reasons: [String]
    var message: String?
    var defaultMedia: String?

    /// Asks the server about printer `name`; nil when it cannot answer.
    static func fetch(_ name: String) -> PrinterStatus? {
        let response = CupsCall.request(IPP_OP_GET_PRINTER_ATTRIBUTES) { request in
            ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", nil, CupsCall.uri("/printers/\(name)"))
            CupsCall.requestAttributes(
                request,
                [
                    "printer-state", "printer-state-reasons", "printer-state-message", "printer-is-accepting-jobs",
                    "media-default",
                ])
        }
        guard let response else { return nil }
        return PrinterStatus(
            state: PrinterState(ippValue: response.integer("printer-state")),
            isAcceptingJobs: response.boolean("printer-is-accepting-jobs") ?? true,
            reasons: response.strings("printer-state-reasons").filter { $0 != "none" },
            message: response.string("printer-state-message"),
            defaultMedia: response.string("media-default").flatMap { $0 == "unknown" ? nil : $0 }
        )
    }
}
