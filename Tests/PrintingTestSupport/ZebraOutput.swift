import Foundation

/// Turns a Zebra queue's ZPL output back into pictures, with the PyPI package `zplgrf`.
public enum ZebraOutput {
    /// What a decoded graphic looks like.
    public struct Picture: Sendable {
        /// The PNG file written.
        public let file: URL
        /// Width in printer dots.
        public let width: Int
        /// Height in printer dots.
        public let height: Int
        /// How many dots are black.
        public let blackDots: Int

        /// The share of black dots, 0 to 1.
        public var blackFraction: Double {
            width * height == 0 ? 0 : Double(blackDots) / Double(width * height)
        }
    }

    /// Decodes every `~DG`/`^GF` graphic in `zpl` into PNG files in `folder` (named `zebra-N.png`).
    public static func decode(_ zpl: [UInt8], into folder: URL) async throws -> [Picture] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("zebra-input.zpl")
        let script = folder.appendingPathComponent("zebra-decode.py")
        try Data(zpl).write(to: input)
        try decoder.write(to: script, atomically: true, encoding: .utf8)
        let result = try await ToolRunner.run(
            "/usr/bin/env", ["python3", script.path, input.path, folder.path], environment: [:])
        guard result.status == 0 else {
            throw PrivateCUPSError.toolFailed(
                command: "python3 zebra-decode.py", status: result.status,
                output: result.output)
        }
        return result.output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
                let black = Int(fields[3])
            else { return nil }
            return Picture(file: URL(fileURLWithPath: fields[0]), width: width, height: height, blackDots: black)
        }
    }

    /// Prints one line per graphic: `path width height black-dots`.
    private static let decoder = """
        import sys, os
        from zplgrf import GRF
        text = open(sys.argv[1], "rb").read().decode("ascii", "replace")
        for number, grf in enumerate(GRF.from_zpl(text), start=1):
            image = grf.to_image().convert("L")
            path = os.path.join(sys.argv[2], "zebra-%d.png" % number)
            image.save(path)
            black = image.histogram()[0]
            print(path, image.size[0], image.size[1], black)

        """
}
