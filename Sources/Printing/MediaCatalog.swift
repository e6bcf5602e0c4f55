import CCups

/// Media lookups through libcups's destination API. Runs on the `CupsWorker` thread.
///
/// libcups 2.4.2 answers the first `cupsGetDestMediaBySize`/`ByName` on a fresh destination
/// info with a wrong size unless `cupsGetDestMediaCount` has been called first (fixed upstream
/// in 2.4.11), so every lookup here counts the media before asking.
enum MediaCatalog {
    /// Hundredths of a millimetre per point.
    static let hundredthsPerPoint = 2540.0 / 72.0

    /// Every media size the destination supports, by PWG name, without repeats.
    static func all(_ dest: UnsafeMutablePointer<cups_dest_t>, _ info: OpaquePointer) -> [PrintMedia] {
        let count = cupsGetDestMediaCount(nil, dest, info, 0)
        var seen = Set<String>()
        var result: [PrintMedia] = []
        for index in 0..<max(count, 0) {
            var size = cups_size_t()
            guard cupsGetDestMediaByIndex(nil, dest, info, index, 0, &size) != 0 else { continue }
            let media = convert(size)
            if seen.insert(media.name).inserted { result.append(media) }
        }
        return result
    }

    /// The media of exactly `width` x `height` points, if the destination has it.
    static func bySize(
        _ dest: UnsafeMutablePointer<cups_dest_t>, _ info: OpaquePointer, width: Double, height: Double
    ) -> PrintMedia? {
        _ = cupsGetDestMediaCount(nil, dest, info, 0)
        var size = cups_size_t()
        let found = cupsGetDestMediaBySize(
            nil, dest, info, Int32((width * hundredthsPerPoint).rounded()),
            Int32((height * hundredthsPerPoint).rounded()), UInt32(CUPS_MEDIA_FLAGS_EXACT), &size)
        return found != 0 ? convert(size) : nil
    }

    /// The media called `name` (a PWG or PPD name), if the destination has it.
    static func byName(_ dest: UnsafeMutablePointer<cups_dest_t>, _ info: OpaquePointer, _ name: String) -> PrintMedia?
    {
        _ = cupsGetDestMediaCount(nil, dest, info, 0)
        var size = cups_size_t()
        return cupsGetDestMediaByName(nil, dest, info, name, 0, &size) != 0 ? convert(size) : nil
    }

    /// The PWG media name inside a `cups_size_t`.
    ///
    /// libcups fills the field with a media key, which is the PWG name plus suffixes for margins,
    /// source or type (`custom_2x1in_2x1in_borderless`); the PWG name ends at the first part after
    /// the class and name that is a size (`2x1in`, `210x297mm`).
    static func name(of size: cups_size_t) -> String {
        let key = withUnsafeBytes(of: size.media) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count > 2, let end = parts.indices.dropFirst(2).first(where: { isSize(parts[$0]) }) else {
            return key
        }
        return parts[...end].joined(separator: "_")
    }

    private static func isSize(_ part: Substring) -> Bool {
        guard part.hasSuffix("in") || part.hasSuffix("mm") else { return false }
        let numbers = part.dropLast(2).split(separator: "x", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && Double($0) != nil }
    }

    private static func convert(_ size: cups_size_t) -> PrintMedia {
        func points(_ hundredths: Int32) -> Double { Double(hundredths) / hundredthsPerPoint }
        return PrintMedia(
            name: name(of: size), width: points(size.width), height: points(size.length),
            top: points(size.top), left: points(size.left), bottom: points(size.bottom), right: points(size.right))
    }
}
