import CatalogApp
import CatalogCore
import Foundation
import Hummingbird

/// The JSON body one of the hub's routes takes, decoded and checked once by `HubAPI.body(_:_:context:)`: a
/// body that is not a JSON object, lacks a field or has one of the wrong type is answered 400 with a message
/// naming the field, before the route does anything.
protocol HubRequestBody: Decodable, Sendable {
    /// What to tell the sender when `field` is missing (`missing`) or is not what it should be; nil for the
    /// usual words (`The request needs "code".`, `"code" must be text, such as "code": "…".`).
    static func problem(with field: String, missing: Bool) -> String?
    /// Checks what the field types cannot say (one of a few words, a range); throws a usage error naming the
    /// field.
    func validate() throws
}

extension HubRequestBody {
    static func problem(with field: String, missing: Bool) -> String? { nil }
    func validate() throws {}
}

/// A whole number in a request body: `6`, or `6.0` as some clients write it; anything else (`6.5`, `"6"`,
/// a number past a billion) is the wrong type.
struct WholeNumber: Decodable, Sendable, Equatable {
    var value: Int

    init(_ value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let number = try? container.decode(Double.self), number == number.rounded(), abs(number) < 1e9 else {
            throw DecodingError.typeMismatch(
                WholeNumber.self, .init(codingPath: decoder.codingPath, debugDescription: "not a whole number"))
        }
        value = Int(number)
    }
}

extension HubAPI {
    /// The request's body as `Body`, decoded and validated; a 400 naming the field (or saying the body is
    /// not one JSON object) otherwise. The one place a bad body is turned into the hub's error.
    static func body<Body: HubRequestBody>(
        _ type: Body.Type, _ request: Request, context: HubRequestContext
    ) async throws -> Body {
        let buffer: ByteBuffer
        do {
            // `ChangesOnce` has answered a body over the limit 413 already; this holds for a route it does not see.
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            throw AppError(ChangesOnce.tooLarge(context), exitCode: .usage)
        }
        let bytes = Array(buffer.readableBytesView)
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw AppError(
                "The request body is not JSON (\(error.description)); send one JSON object.", exitCode: .usage)
        }
        guard value.objectValue != nil else {
            throw AppError("The request body must be a JSON object, such as {\"code\": \"…\"}.", exitCode: .usage)
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw AppError(problem(error, in: Body.self), exitCode: .usage)
        }
        try body.validate()
        return body
    }

    /// What was wrong with a body's field, in the words `Body` gives or the usual ones.
    static func problem<Body: HubRequestBody>(_ error: DecodingError, in body: Body.Type) -> String {
        let (path, missing, expected): ([any CodingKey], Bool, Any.Type?) =
            switch error {
            case .keyNotFound(let key, let context): (context.codingPath + [key], true, nil)
            case .valueNotFound(let type, let context): (context.codingPath, true, type)
            case .typeMismatch(let type, let context): (context.codingPath, false, type)
            case .dataCorrupted(let context): (context.codingPath, false, nil)
            @unknown default: ([], false, nil)
            }
        guard let field = path.first?.stringValue else {
            return "The request body could not be read; send one JSON object."
        }
        if let said = Body.problem(with: field, missing: missing) { return said }
        if missing, path.count == 1 { return "The request needs \"\(field)\"." }
        return "\"\(field)\" must be \(kind(path.count == 1 ? expected : nil, field: field))."
    }

    /// The kind of value a field of `type` holds, as a person reads it.
    private static func kind(_ type: Any.Type?, field: String) -> String {
        switch type {
        case is String.Type: "text, such as \"\(field)\": \"…\""
        case is WholeNumber.Type: "a whole number, such as 6"
        case is Bool.Type: "true or false"
        case is Double.Type: "a number, such as 1.5"
        default: "as docs/api.md describes it"
        }
    }
}
