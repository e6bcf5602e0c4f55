import CBrotli
import CZlib
import Foundation

/// The content codings the hub sends its pages, stylesheet and scripts in: Brotli (RFC 7932) where the
/// browser takes it (browsers offer it over HTTPS and to the computer they run on), else gzip (RFC 1952,
/// every browser), through the system's libbrotlienc and zlib.
enum Compression: String, CaseIterable, Sendable {
    case brotli = "br"
    case gzip

    /// `bytes` compressed, at `fast` speed (a page made for one request) or the best this coding can do (a
    /// file compressed once at start); nil only if the library fails.
    func compress(_ bytes: [UInt8], fast: Bool = false) -> [UInt8]? {
        switch self {
        case .brotli: Self.brotliCompressed(bytes, quality: fast ? 5 : BROTLI_MAX_QUALITY)
        case .gzip: Self.gzipCompressed(bytes)
        }
    }

    /// The coding to answer in: the first of `offered` (best first) that an `Accept-Encoding` header lets the
    /// answer be; nil for the plain bytes.
    static func chosen(by acceptEncoding: String?, from offered: [Compression] = allCases) -> Compression? {
        offered.first { accepted($0.rawValue, by: acceptEncoding) }
    }

    /// Whether an `Accept-Encoding` header lets the answer be `coding`: listed with a non-zero weight, or else
    /// `*` with one (RFC 9110, 12.5.3); `x-gzip` is gzip. No header means no coding.
    static func accepted(_ coding: String, by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var star: Bool?
        for entry in acceptEncoding.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if name == coding || (coding == "gzip" && name == "x-gzip") { return weight > 0 }
            if name == "*" { star = weight > 0 }
        }
        return star ?? false
    }

    private static func brotliCompressed(_ bytes: [UInt8], quality: Int32) -> [UInt8]? {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        guard size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeBufferPointer { source in
            BrotliEncoderCompress(
                quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, source.count, source.baseAddress, &size, &output)
        }
        return done == BROTLI_TRUE ? Array(output.prefix(size)) : nil
    }

    private static func gzipCompressed(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 15 bits of window, +16 for a gzip header and trailer instead of zlib's; memory level 9 (the most).
        guard
            deflateInit2_(
                &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
