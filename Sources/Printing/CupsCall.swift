import CCups
import Foundation

/// Small helpers over libcups calls. Everything here runs on the `CupsWorker` thread.
enum CupsCall {
    /// The server libcups contacts, as `host:port`, or the socket path.
    static func serverDescription() -> String {
        let server = String(cString: cupsServer())
        return server.hasPrefix("/") ? server : "\(server):\(ippPort())"
    }

    /// Whether a CUPS scheduler answers at the server within a few seconds (not merely something listening).
    static func isReachable() -> Bool {
        guard let http = httpConnect2(cupsServer(), ippPort(), nil, AF_UNSPEC, cupsEncryption(), 1, 3000, nil)
        else { return false }
        defer { httpClose(http) }
        // Something listening is not yet CUPS (a web server, a proxy's page): a CUPS scheduler answers an
        // IPP request with HTTP 200, even when it has no printers or no default.
        guard let request = ippNewRequest(IPP_OP_CUPS_GET_DEFAULT) else { return false }
        if let response = cupsDoRequest(http, request, "/") { ippDelete(response) }
        return httpGetStatus(http) == HTTP_STATUS_OK
    }

    /// The status and message of the last libcups call on this thread.
    static func lastError() -> (status: ipp_status_t, message: String) {
        let message = cupsLastErrorString().map { String(cString: $0) } ?? ""
        return (cupsLastError(), message)
    }

    /// The error for a failed call: CUPS unreachable when the server cannot be contacted, else
    /// `otherwise` with libcups's own message.
    static func failure(_ otherwise: (String) -> PrintingError) -> PrintingError {
        let (status, message) = lastError()
        if !isReachable() { return .cupsUnreachable(server: serverDescription()) }
        return otherwise(message.isEmpty ? String(cString: ippErrorString(status)) : message)
    }

    /// The `ipp://localhost:PORT/...` URI of a printer or a job on the current server.
    static func uri(_ path: String) -> String {
        "ipp://localhost:\(ippPort())\(path)"
    }

    /// Sends an IPP request on the default connection; returns the response, or nil with the
    /// status in `lastError()`. `build` adds the operation attributes after the standard ones.
    static func request(_ operation: ipp_op_t, build: (OpaquePointer) -> Void) -> IPPResponse? {
        guard let request = ippNewRequest(operation) else { return nil }
        ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", nil, cupsUser())
        build(request)
        guard let response = cupsDoRequest(nil, request, "/") else { return nil }
        let answer = IPPResponse(response)
        return cupsLastError().rawValue < IPP_STATUS_REDIRECTION_OTHER_SITE.rawValue ? answer : nil
    }

    /// Adds `requested-attributes` with `names` to `request`.
    static func requestAttributes(_ request: OpaquePointer, _ names: [String]) {
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer<CChar>($0) }
        ippAddStrings(
            request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "requested-attributes", Int32(pointers.count), nil,
            &pointers)
    }
}

/// An IPP response that frees itself; read its attributes by name.
final class IPPResponse {
    private let message: OpaquePointer

    init(_ message: OpaquePointer) {
        self.message = message
    }

    deinit {
        ippDelete(message)
    }

    /// Every string value of attribute `name` (keywords, text, URIs), or [] when absent.
    func strings(_ name: String) -> [String] {
        guard let attribute = ippFindAttribute(message, name, IPP_TAG_ZERO) else { return [] }
        return (0..<ippGetCount(attribute)).compactMap { index in
            ippGetString(attribute, index, nil).map { String(cString: $0) }
        }
    }

    /// The first string value of attribute `name`, nil when absent or empty.
    func string(_ name: String) -> String? {
        strings(name).first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first integer or enum value of attribute `name`.
    func integer(_ name: String) -> Int? {
        guard let attribute = ippFindAttribute(message, name, IPP_TAG_ZERO) else { return nil }
        return Int(ippGetInteger(attribute, 0))
    }

    /// The first boolean value of attribute `name`.
    func boolean(_ name: String) -> Bool? {
        guard let attribute = ippFindAttribute(message, name, IPP_TAG_ZERO) else { return nil }
        return ippGetBoolean(attribute, 0) != 0
    }
}
