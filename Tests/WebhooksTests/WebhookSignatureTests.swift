import Foundation
import Sync
import Testing
import Webhooks

/// Square's webhook signature, against the known answer Square publishes and against forgeries.
struct WebhookSignatureTests {
    static let key = "Ibxx_5AKakO-3qeNVR61Dw"
    static let url = "https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9"
    static let body = Array(
        (#"{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","#
            + #""event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","#
            + #""data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}"#).utf8)
    static let known = "GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4="

    @Test func knownAnswer() {
        #expect(WebhookSignature.expected(body: Self.body, notificationURL: Self.url, key: Self.key) == Self.known)
        #expect(WebhookSignature.isValid(header: Self.known, body: Self.body, notificationURL: Self.url, key: Self.key))
        #expect(
            WebhookSignature.isValid(
                header: " \(Self.known) ", body: Self.body, notificationURL: Self.url, key: Self.key))
    }

    @Test func forgedSignatureIsInvalid() {
        var bytes = Array(Data(base64Encoded: Self.known)!)
        bytes[31] ^= 0x01
        let forged = Data(bytes).base64EncodedString()
        #expect(!WebhookSignature.isValid(header: forged, body: Self.body, notificationURL: Self.url, key: Self.key))
        let wrongKey = WebhookSignature.expected(body: Self.body, notificationURL: Self.url, key: "not-the-key")
        #expect(!WebhookSignature.isValid(header: wrongKey, body: Self.body, notificationURL: Self.url, key: Self.key))
    }

    @Test func changedBodyIsInvalid() {
        var body = Self.body
        body[body.count - 3] = UInt8(ascii: "0")
        #expect(!WebhookSignature.isValid(header: Self.known, body: body, notificationURL: Self.url, key: Self.key))
        #expect(
            !WebhookSignature.isValid(
                header: Self.known, body: Self.body + [0x0A], notificationURL: Self.url, key: Self.key))
    }

    @Test func changedURLIsInvalid() {
        let http = "http" + Self.url.dropFirst("https".count)
        #expect(!WebhookSignature.isValid(header: Self.known, body: Self.body, notificationURL: http, key: Self.key))
        #expect(
            !WebhookSignature.isValid(
                header: Self.known, body: Self.body, notificationURL: Self.url + "/", key: Self.key))
    }

    @Test(arguments: [nil, "", "not base64!", "R0Y0WQ==", String(Self.known.dropLast(4))])
    func missingOrMalformedHeaderIsInvalid(header: String?) {
        #expect(!WebhookSignature.isValid(header: header, body: Self.body, notificationURL: Self.url, key: Self.key))
    }
}
