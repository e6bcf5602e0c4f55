import CatalogApp
import CatalogCore
import Foundation
import Testing

/// Square-Version is a date, four, two and two ASCII digits joined by dashes; anything else is refused as a
/// usage error naming the value, before any request is made.
@Suite struct SquareVersionTests {
    @Test(arguments: ["2025-08-20", "2024-01-17", "0000-00-00"])
    func aDateIsAVersion(_ text: String) {
        #expect(Settings.isSquareVersion(text))
    }

    @Test(arguments: [
        "", "2025-8-20", "2025-08-2", "2025-08-200", " 2025-08-20", "2025-08-20\n", "2025/08/20", "20250820",
        "2025-08-2x", "٢٠٢٥-٠٨-٢٠", "２０２５-０８-２０",
    ])
    func anythingElseIsNot(_ text: String) {
        #expect(!Settings.isSquareVersion(text))
    }

    @Test func aBadVersionIsAUsageErrorNamingIt() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("version-\(UUID().uuidString)").path
        #expect {
            _ = try Settings.resolve(SettingsOverrides(), environment: ["HOME": home, "SQUARE_VERSION": "2025-8-20"])
        } throws: { error in
            let failure = AppError.from(error)
            return failure.exitStatus == .usage && failure.description.contains("2025-8-20")
        }
    }
}
