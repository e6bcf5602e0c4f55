import Foundation
import Testing

@testable import Labels

/// Helpers shared by the template tests.
enum TemplateFixtures {
    /// The repository's `Labels/` folder, found from this file's path.
    static var stockFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Labels").path
    }

    /// A small valid template; line numbers are what the error tests count on.
    static let valid = """
        summary: test tag
        size: { width: 2in, height: 1in }
        dpi: 203
        safe_area: 1mm
        elements:
          - text: "{{item.name}}"
            frame: { x: 1mm, y: 1mm, width: 30mm, height: 8mm }
            size: 11pt
          - barcode: "{{gtin}}"
            symbology: ean-13
            frame: { x: 1mm, y: 10mm, width: 48mm, height: 14mm }
            module: 3
        """

    /// `valid` with line `number` (from 1) replaced by `replacement`.
    static func valid(replacingLine number: Int, with replacement: String) -> String {
        var lines = valid.components(separatedBy: "\n")
        lines[number - 1] = replacement
        return lines.joined(separator: "\n")
    }

    /// The error parsing `yaml` gives, or nil when it parses.
    static func error(_ yaml: String, file: String = "Labels/test.yaml") -> TemplateError? {
        do {
            _ = try TemplateParser.parse(yaml, name: "test", file: file)
            return nil
        } catch {
            return error
        }
    }

    /// A temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "catalog-labels-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
