import Labels

/// How long rendering took, for `catalog-bench labels`.
struct LabelRenderTimings: Sendable, Hashable {
    /// Labels rendered into the one PDF.
    var pdfLabels: Int
    /// Wall time for the whole PDF, in seconds.
    var pdfSeconds: Double
    /// The PDF's size in bytes.
    var pdfBytes: Int
    /// Wall time for one PNG preview, in seconds (the median of `pngRuns`).
    var pngSeconds: Double
    /// The PNG's size in bytes.
    var pngBytes: Int
}

extension LabelRenderer {
    /// Renders `count` copies of `label` into one PDF and `pngRuns` PNG previews of it, and says
    /// how long each took. The output is thrown away; errors are the renderers' own.
    func timings(
        _ template: LabelTemplate, label: LabelData, count: Int = 1000, pngRuns: Int = 9
    ) throws -> LabelRenderTimings {
        let clock = ContinuousClock()
        let labels = [LabelData](repeating: label, count: max(count, 1))
        var pdfBytes = 0
        let pdfTime = try clock.measure { pdfBytes = try pdf(template, labels: labels).count }
        var pngBytes = 0
        var pngTimes: [Duration] = []
        for _ in 0..<max(pngRuns, 1) {
            pngTimes.append(try clock.measure { pngBytes = try png(template, label: label).count })
        }
        return LabelRenderTimings(
            pdfLabels: labels.count, pdfSeconds: Self.seconds(pdfTime), pdfBytes: pdfBytes,
            pngSeconds: Self.seconds(pngTimes.sorted()[pngTimes.count / 2]), pngBytes: pngBytes)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
