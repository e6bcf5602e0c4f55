import Crypto
import Foundation

/// Square's webhook signature: `base64(HMAC-SHA256(key, notification URL + raw body))`.
///
/// The URL is the notification URL configured for the subscription, byte for byte (scheme, host,
/// port, path and query as typed in Square's dashboard), not the URL the request arrived on.
public enum WebhookSignature {
    /// The request header that carries the signature.
    public static let headerName = "x-square-hmacsha256-signature"

    /// The signature Square sends for `body` posted to `notificationURL`, base64-encoded.
    public static func expected(body: [UInt8], notificationURL: String, key: String) -> String {
        Data(mac(body: body, notificationURL: notificationURL, key: key)).base64EncodedString()
    }

    /// Whether `header` is the right signature; a missing, empty or malformed header is not.
    ///
    /// The comparison looks at every byte of the decoded signature without stopping early, so its
    /// duration does not reveal how much of a forged signature was right.
    public static func isValid(header: String?, body: [UInt8], notificationURL: String, key: String) -> Bool {
        guard let header else { return false }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let received = Data(base64Encoded: trimmed) else { return false }
        let wanted = mac(body: body, notificationURL: notificationURL, key: key)
        guard received.count == wanted.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(received, wanted) { difference |= left ^ right }
        return difference == 0
    }

    /// The raw HMAC-SHA256 over the URL's UTF-8 bytes followed by the body.
    static func mac(body: [UInt8], notificationURL: String, key: String) -> [UInt8] {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: Array(key.utf8)))
        hmac.update(data: Array(notificationURL.utf8))
        hmac.update(data: body)
        return Array(hmac.finalize())
    }
}
