/// How one text element is drawn: its lines and its size, after wrapping, shrinking and ellipsis.
public struct TextLayout: Sendable, Hashable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The font size in points.
    public var size: Double
    /// Whether text was cut: it ends in an ellipsis, or words beside a price that had no room were left out.
    public var truncated: Bool

    /// A layout of `lines` at `size` points.
    public init(lines: [String], size: Double, truncated: Bool) {
        self.lines = lines
        self.size = size
        self.truncated = truncated
    }

    /// The distance from one baseline to the next, in points.
    public var lineHeight: Double { TextLayout.lineHeight(forSize: size) }

    /// Line spacing for DejaVu Sans: its ascent plus descent is about 1.17 em.
    public static func lineHeight(forSize size: Double) -> Double { size * 1.17 }
    /// The ellipsis that ends cut text.
    public static let ellipsis = "…"
}

/// Fits text into a frame: wraps at spaces up to the element's line limit, shrinks the size step by
/// step down to its minimum, and ends with an ellipsis when it still does not fit. A price is never cut
/// (`fit(_:in:)` with runs, in `TextFitter+Figures.swift`).
///
/// A pure function over a width-measuring closure, so it is tested without drawing anything.
public struct TextFitter {
    /// The width of a string in points at a size in points, for the element's font.
    public var measure: (String, Double) -> Double
    /// How much smaller each shrink step is, in points.
    public var step: Double = 0.5

    /// A fitter that measures with `measure` (text, size in points) -> width in points.
    public init(measure: @escaping (String, Double) -> Double) {
        self.measure = measure
    }

    /// Lays out `text` (already expanded from the element's field expressions) for `element`.
    public func fit(_ text: String, in element: TextElement) -> TextLayout {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        let shrunk = shrink(words, in: element)
        if shrunk.fits { return shrunk.layout }
        return truncatedLayout(words, element: element, size: shrunk.layout.size)
    }

    /// The largest size, from the element's size down to its minimum, at which `words` fit; else the layout
    /// at the smallest size, whose lines do not fit (`fits` false).
    func shrink(_ words: [String], in element: TextElement) -> (layout: TextLayout, fits: Bool) {
        let largest = max(element.size, 0.5)
        let smallest = smallestSize(element)
        guard !words.isEmpty else { return (TextLayout(lines: [], size: largest, truncated: false), true) }
        var size = largest
        while true {
            if let lines = lines(words, in: element, size: size) {
                return (TextLayout(lines: lines, size: size, truncated: false), true)
            }
            if size - step < smallest - 0.0001 { break }
            size = max(size - step, smallest)
        }
        return (TextLayout(lines: [], size: size, truncated: false), false)
    }

    /// The size shrink-to-fit stops at: the element's minimum (or its size, when it does not shrink).
    func smallestSize(_ element: TextElement) -> Double {
        let largest = max(element.size, 0.5)
        return element.shrinkToFit ? min(max(element.minimumSize, 0.5), largest) : largest
    }

    /// `words` wrapped (or on one line) at `size`, when that fits the element's lines and width; else nil.
    func lines(_ words: [String], in element: TextElement, size: Double) -> [String]? {
        let width = element.frame.width.points
        let allowed = lineLimit(element, size: size)
        let lines = element.wrap ? wrapped(words, width: width, size: size) : [words.joined(separator: " ")]
        let fits = lines.count <= allowed && lines.allSatisfy { measure($0, size) <= width + 0.001 }
        return fits ? lines : nil
    }

    /// The number of lines the frame and the element allow at `size` (at least one).
    private func lineLimit(_ element: TextElement, size: Double) -> Int {
        let lineHeight = TextLayout.lineHeight(forSize: size)
        let byHeight = Int(((element.frame.height.points + 0.001) / lineHeight).rounded(.down))
        return max(1, min(max(element.maxLines, 1), element.wrap ? byHeight : 1))
    }

    /// Greedy wrapping at spaces; a word wider than the frame gets a line of its own.
    private func wrapped(_ words: [String], width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if current.isEmpty || measure(candidate, size) <= width + 0.001 {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The layout at the smallest size: the lines that fit, the rest of the text on the last line,
    /// cut to end in an ellipsis.
    private func truncatedLayout(_ words: [String], element: TextElement, size: Double) -> TextLayout {
        let width = element.frame.width.points
        let allowed = lineLimit(element, size: size)
        var lines = element.wrap ? wrapped(words, width: width, size: size) : [words.joined(separator: " ")]
        if lines.count > allowed {
            let rest = lines[(allowed - 1)...].joined(separator: " ")
            lines = Array(lines.prefix(allowed - 1)) + [rest]
            lines[allowed - 1] = ellipsized(rest, width: width, size: size)
        }
        for index in lines.indices where measure(lines[index], size) > width + 0.001 {
            lines[index] = ellipsized(lines[index], width: width, size: size)
        }
        return TextLayout(lines: lines, size: size, truncated: true)
    }

    /// `line` cut at the end so that it and an ellipsis fit `width`.
    private func ellipsized(_ line: String, width: Double, size: Double) -> String {
        if measure(line, size) <= width + 0.001 { return line }
        var characters = Array(line)
        while !characters.isEmpty {
            let candidate = String(characters).trimmedTrailingSpaces + TextLayout.ellipsis
            if measure(candidate, size) <= width + 0.001 { return candidate }
            characters.removeLast()
        }
        return TextLayout.ellipsis
    }
}

extension String {
    fileprivate var trimmedTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
