import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP call to Square before it is sent: method, path, query and body bytes.
///
/// The body is serialised once, so every retry of one call sends exactly the same bytes.
struct SquareRequest: Sendable {
    var method: String
    /// The path, already percent-encoded, starting with `/v2/`.
    var path: String
    var query: [(name: String, value: String)] = []
    var body: [UInt8]?

    init(method: String, path: String, query: [(name: String, value: String)] = [], body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body?.serializedBytes()
    }

    /// Percent-encodes everything except RFC 3986 unreserved characters, so `+`, `/` and `=`
    /// in opaque cursors and ids survive the trip.
    static func escape(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The base URL's text without a trailing slash.
    private static func root(_ baseURL: URL) -> String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The URL shown in errors: base and path, no query string.
    func displayURL(base: URL) -> String {
        Self.root(base) + path
    }

    /// The full URL including the encoded query.
    func url(base: URL) -> URL? {
        var text = Self.root(base) + path
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
        }
        return URL(string: text)
    }

    /// The `URLRequest` with Square's headers, or nil when the base URL cannot form a URL.
    func urlRequest(configuration: SquareClientConfiguration) -> URLRequest? {
        guard let url = url(base: configuration.baseURL) else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = SquareClient.sessionTimeout(for: configuration.requestTimeout)
        request.setValue("Bearer \(configuration.accessToken)", forHTTPHeaderField: "Authorization")
        request.setValue(configuration.squareVersion, forHTTPHeaderField: "Square-Version")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body)
        }
        return request
    }
}
