import CatalogCore
import Foundation
import Testing

/// The hub's search says what `catalog search` says of a code it cannot find: a misread barcode is an empty
/// list with the command's words in the `Catalog-Note` header (digits typed one by one pass through such
/// codes), plain nothing an empty list without one.
@Suite struct HubLookupTests {
    @Test func aBarcodeWithAWrongCheckDigitIsSaidAndNothingIsAnEmptyList() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let misread = try await shop.request("GET", "/api/v1/search?q=05012345003628", device: device)
            #expect(misread.status == 200 && misread.json == [], "\(misread.text)")
            let note = misread.header("Catalog-Note")?.removingPercentEncoding
            #expect(note?.contains("check digit") == true, "\(misread.headers)")
            let nothing = try await shop.request("GET", "/api/v1/search?q=zzqqxx", device: device)
            #expect(nothing.status == 200 && nothing.json == [], "\(nothing.text)")
            #expect(nothing.header("Catalog-Note") == nil)
            let found = try await shop.request("GET", "/api/v1/search?q=05012345003627", device: device)
            #expect(found.json[0]?["price_shown"]?.stringValue?.hasSuffix("GBP") == true, "\(found.text)")
        }
    }

    /// The headers the hub names itself (`HTTPFields[named:]`) reach the browser: the pages' own, and the
    /// timing every answer carries.
    @Test func thePagesAndAnswersCarryTheirHeaders() async throws {
        try await HubShop.inMemory { shop in
            let page = try await shop.request("GET", "/pair", accept: "text/html")
            #expect(page.header("X-Content-Type-Options") == "nosniff", "\(page.headers)")
            #expect(page.header("Referrer-Policy") == "no-referrer", "\(page.headers)")
            #expect(page.header("Server-Timing")?.hasPrefix("app;dur=") == true, "\(page.headers)")
            // Every answer, not only pages: JSON, a refusal, a path the hub does not have, an asset.
            let device = try await shop.pair()
            for (path, device) in [
                ("/api/v1/counters", device), ("/api/v1/counters", nil), ("/api/v1/nothing", device),
                ("/assets/hub.css", nil),
            ] as [(String, HubShop.Device?)] {
                let answer = try await shop.request("GET", path, device: device)
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(path): \(answer.headers)")
                #expect(answer.header("Referrer-Policy") == "no-referrer", "\(path): \(answer.headers)")
            }
            // A search says how much of its time went to SQLite and to getting there, over how many trips; an asset
            // makes none.
            let search = try await shop.request("GET", "/api/v1/search?q=milk", device: device)
            let timing = try #require(search.header("Server-Timing"))
            let trips = try #require(timing.firstMatch(of: /db;dur=[0-9.]+;desc="([0-9]+) trips", dbwait;dur=[0-9.]+/))
            #expect((Int(trips.output.1) ?? 0) >= 2, "\(timing)")
            let asset = try await shop.request("GET", "/assets/hub.css")
            #expect(asset.header("Server-Timing")?.contains("desc=\"0 trips\"") == true, "\(asset.headers)")
        }
    }
}
