import CatalogTestSupport
import Foundation

/// Turns rendered labels back into text the way a shop's scanner would: rasterise PDFs with
/// poppler's `pdftoppm`, decode with zbar (`zbarimg`) and with zxing-cpp (Python), two independent
/// decoders; zxing-cpp is the stricter one. Tests that use them say so with `.requires(.poppler, .zbarimg,
/// .zxingCpp, .pillow)`.
enum Scan {
    /// A decoded symbol: the decoder's name for the symbology and the text.
    struct Reading: Hashable, CustomStringConvertible {
        var format: String
        var text: String
        var description: String { "\(format):\(text)" }
    }

    /// A fresh temporary folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` in `folder`.
    static func write(_ bytes: [UInt8], to name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// The pages of `pdf` as grey PGMs at `dpi`, in page order: the same pixels as a PNG, without the PNG
    /// compression that took most of poppler's time on a 300 dpi page (and the decoders' time to undo it).
    static func rasterise(_ pdf: URL, dpi: Int) async throws -> [URL] {
        let prefix = pdf.deletingPathExtension().path + "-\(dpi)"
        _ = try await run("/usr/bin/pdftoppm", ["-r", String(dpi), "-gray", pdf.path, prefix])
        let folder = pdf.deletingLastPathComponent()
        let stem = URL(fileURLWithPath: prefix).lastPathComponent + "-"
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(stem) && $0.hasSuffix(".pgm") }
            .sorted { pageNumber($0) < pageNumber($1) }
            .map { folder.appendingPathComponent($0) }
    }

    /// What zbar reads in `image` (UPC-A enabled, so it is not reported as EAN-13).
    /// zbar (0.23) has no DataMatrix decoder.
    static func zbar(_ image: URL) async throws -> [Reading] {
        let output = try await run(
            "/usr/bin/zbarimg", ["--nodbus", "-q", "-Supca.enable", image.path], allowFailure: true)
        return output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return Reading(format: String(parts[0]), text: String(parts[1]))
        }
    }

    /// What zxing-cpp reads in `image`. zxing-cpp 3.1 reports a UPC-A as EAN-13 with a leading zero.
    static func zxing(_ image: URL) async throws -> [Reading] {
        try await zxing([image])[0]
    }

    /// What zxing-cpp reads in each of `images`, in their order: one Python for them all, as starting
    /// Python and loading zxing-cpp for each image cost more than reading a small label.
    static func zxing(_ images: [URL]) async throws -> [[Reading]] {
        guard !images.isEmpty else { return [] }
        let output = try await run("/usr/bin/env", ["python3", "-c", zxingScript] + images.map(\.path))
        var readings: [[Reading]] = [[]]
        for line in output.split(separator: "\n") {
            if line == imageEnd {
                readings.append([])
                continue
            }
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            readings[readings.count - 1].append(Reading(format: String(parts[0]), text: String(parts[1])))
        }
        readings.removeLast()  // after the last image's end
        guard readings.count == images.count else {
            throw ChildProcessError(description: "zxing-cpp read \(readings.count) of \(images.count) images")
        }
        return readings
    }

    /// The line the zxing-cpp script prints after each image's readings (ASCII's record separator).
    private static let imageEnd = "\u{1E}"

    /// The lengths of the runs of dark pixels (below half grey) along pixel row `row` of `image`.
    static func darkRuns(_ image: URL, row: Int) async throws -> [Int] {
        let output = try await run("/usr/bin/env", ["python3", "-c", runsScript, image.path, String(row)])
        return output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// How many pixel rows of `image` have any dark pixel.
    static func inkedRows(_ image: URL) async throws -> Int {
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert("L")
            print(sum(1 for y in range(image.height) if min(image.crop((0, y, image.width, y + 1)).getdata()) < 128))
            """
        let output = try await run("/usr/bin/env", ["python3", "-c", script, image.path])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    private static let runsScript = """
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1]).convert("L")
        y = int(sys.argv[2])
        runs, length = [], 0
        for x in range(image.width):
            if image.getpixel((x, y)) < 128:
                length += 1
            elif length:
                runs.append(length)
                length = 0
        if length:
            runs.append(length)
        print(" ".join(str(r) for r in runs))
        """

    private static let zxingScript = """
        import sys, zxingcpp
        from PIL import Image
        for path in sys.argv[1:]:
            for r in zxingcpp.read_barcodes(Image.open(path).convert("L")):
                print(r.format.name + "\\t" + r.text)
            print("\\x1e")
        """

    private static func pageNumber(_ name: String) -> Int {
        Int(name.split(separator: "-").last?.split(separator: ".").first ?? "") ?? 0
    }

    /// Runs a tool and returns its standard output; throws on a non-zero exit unless allowed
    /// (zbarimg exits 4 when it finds nothing). Awaited without holding a thread of Swift's pool.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], allowFailure: Bool = false) async throws -> String {
        let result = try await ChildProcess.run(tool, arguments)
        if result.status != 0 && !allowFailure {
            throw ChildProcessError(
                description: "\(tool) \(arguments.first ?? "") exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }
}
