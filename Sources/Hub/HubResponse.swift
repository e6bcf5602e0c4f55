import CatalogApp
import CatalogCore
import Foundation
import Hummingbird

/// The hub's answers: JSON in the API, HTML for pages, and one shape of error a person can act on.
enum HubResponse {
    /// `value` as JSON with `status`.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serializedBytes()))
        )
    }

    /// `{"error": message, "status": code}` with `status`.
    static func error(_ message: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        json(["error": .string(message), "status": .number(String(status.code))], status: status, headers: headers)
    }

    /// A file to download (`export.pdf`, `export.csv`): `bytes` as `pdf` or `csv`, saved as `filename`.
    static func download(_ bytes: [UInt8], format: String, filename: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = format == "pdf" ? "application/pdf" : "text/csv; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = "attachment; filename=\"\(filename)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An HTML page.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    /// The HTTP status an application error stands for: not found 404, bad input 400 or 422, Square or
    /// CUPS unavailable 503, anything else 500.
    static func status(for error: AppError) -> HTTPResponse.Status {
        switch error.exitStatus {
        case .notFound, .noInput: .notFound
        case .usage: .badRequest
        case .dataError: .unprocessableContent
        case .unavailable, .tryLater: .serviceUnavailable
        default: .internalServerError
        }
    }

    /// Any error thrown while answering, as the JSON error a person reads (never a stack trace).
    static func error(_ error: any Error) -> Response {
        let app = AppError.from(error)
        return Self.error(app.description, status: status(for: app))
    }
}
