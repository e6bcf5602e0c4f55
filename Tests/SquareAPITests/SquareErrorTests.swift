import CatalogCore
import Foundation
import Testing

@testable import SquareAPI

@Suite("SquareError")
struct SquareErrorTests {
    let url = "https://connect.squareup.com/v2/catalog/object"

    @Test("a 401 is an authentication failure with the sentence a person needs")
    func unauthorized() {
        let error = SquareError(
            kind: .api(status: 401), url: url,
            errors: [SquareAPIError(category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED", detail: "Bad token")])
        #expect(error.isAuthenticationFailure)
        #expect(!error.isRetryable)
        #expect(
            error.description
                == "Square rejected the access token (401 UNAUTHORIZED). Check SQUARE_ACCESS_TOKEN or the token file.")
    }

    @Test("VERSION_MISMATCH says to fetch again")
    func versionMismatch() {
        let error = SquareError(
            kind: .api(status: 400), url: url,
            errors: [
                SquareAPIError(
                    category: "INVALID_REQUEST_ERROR", code: "VERSION_MISMATCH",
                    detail: "Object version does not match latest database version.", field: "version")
            ])
        #expect(error.isVersionMismatch)
        #expect(error.status == 400)
        #expect(!error.isRetryable)
        #expect(error.description.contains("Fetch it again"))
    }

    @Test("only rate limits, server errors and network trouble are retryable")
    func retryable() {
        #expect(SquareError(kind: .api(status: 429), url: url).isRetryable)
        #expect(SquareError(kind: .api(status: 503), url: url).isRetryable)
        #expect(!SquareError(kind: .api(status: 404), url: url).isRetryable)
        #expect(SquareError(kind: .timedOut, url: url).isRetryable)
        #expect(SquareError(kind: .badResponse, url: url).isRetryable)
        #expect(!SquareError(kind: .cancelled, url: url).isRetryable)
    }

    @Test("the errors array is read from a response body, unknown members ignored")
    func parseErrors() throws {
        let body = try JSONValue.parse(
            #"{"errors":[{"category":"INVALID_REQUEST_ERROR","code":"INVALID_VALUE","field":"x","extra":1},7]}"#)
        #expect(
            SquareAPIError.list(in: body)
                == [SquareAPIError(category: "INVALID_REQUEST_ERROR", code: "INVALID_VALUE", field: "x")])
        #expect(SquareAPIError.list(in: nil).isEmpty)
    }

    @Test("redacting removes a secret from every free-text part")
    func redaction() {
        let error = SquareError(
            kind: .api(status: 400), url: url,
            errors: [SquareAPIError(category: "X", code: "Y", detail: "token abc123 is odd")], reason: "abc123")
        let clean = error.redacting("abc123")
        #expect(!clean.description.contains("abc123"))
        #expect(clean.errors.first?.detail == "token [redacted] is odd")
    }

    @Test("request URLs escape cursors and ids, and errors show no query")
    func requestURL() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8080/"))
        let request = SquareRequest(
            method: "GET", path: "/v2/catalog/list", query: [(name: "cursor", value: "a+b/c=")])
        #expect(request.url(base: base)?.absoluteString == "http://127.0.0.1:8080/v2/catalog/list?cursor=a%2Bb%2Fc%3D")
        #expect(request.displayURL(base: base) == "http://127.0.0.1:8080/v2/catalog/list")
        #expect(SquareEnvironment.production.baseURL.absoluteString == "https://connect.squareup.com")
        #expect(SquareEnvironment.sandbox.baseURL.absoluteString == "https://connect.squareupsandbox.com")
    }
}
