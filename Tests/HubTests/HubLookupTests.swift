import CatalogCore
import Foundation
import Testing

/// The hub's search says what `catalog search` says of a code it cannot find: a misread barcode is named as
/// one (422, as exit 65), while plain nothing is an empty list.
@Suite struct HubLookupTests {
    @Test func aBarcodeWithAWrongCheckDigitIsSaidAndNothingIsAnEmptyList() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let misread = try await shop.request("GET", "/api/v1/search?q=05012345003628", device: device)
            #expect(misread.status == 422, "\(misread.text)")
            #expect(misread.text.contains("check digit"), "\(misread.text)")
            let nothing = try await shop.request("GET", "/api/v1/search?q=zzqqxx", device: device)
            #expect(nothing.status == 200 && nothing.json == [], "\(nothing.text)")
            let found = try await shop.request("GET", "/api/v1/search?q=05012345003627", device: device)
            #expect(found.json[0]?["price_shown"]?.stringValue?.hasSuffix("GBP") == true, "\(found.text)")
        }
    }
}
