/// Text whose prices cannot be shown whole in its frame at the element's smallest size.
struct FigureOverflow: Error, Hashable, Sendable {
    /// The fields whose values had to be shown whole, such as `[.price]`.
    var fields: [LabelField]
    /// Their text as the label prints it, such as `£999,999.99` (several joined by a space).
    var text: String
    /// The width that text needs on one line at `size`, in points.
    var neededPoints: Double
    /// The frame's width, in points.
    var framePoints: Double
    /// The smallest size the element may shrink to, in points.
    var size: Double
}

extension TextFitter {
    /// Lays out `runs` for `element`, never cutting a figure (a price, regular price or unit price; see
    /// `LabelField.isFigure`): the whole text shrinks step by step down to the element's minimum size; if it
    /// still does not fit, the other words are cut from the end and end in an ellipsis, the figures kept
    /// whole; when even the figures alone do not fit, it throws `FigureOverflow`. Text without a figure is
    /// fitted as `fit(_:in:)` does.
    func fit(_ runs: [TextRun], in element: TextElement) throws(FigureOverflow) -> TextLayout {
        var words = FigureWord.words(of: runs)
        guard words.contains(where: \.isFigure) else { return fit(runs.map(\.text).joined(), in: element) }
        let shrunk = shrink(words.map(\.shown), in: element)
        if shrunk.fits { return shrunk.layout }
        let size = shrunk.layout.size
        let figures = words.filter(\.isFigure).map(\.shown)
        let figureLine = figures.joined(separator: " ")
        let width = element.frame.width.points
        // On one line the figures need their joined width; wrapped, each figure needs its own.
        let needed = element.wrap ? figures.map { measure($0, size) }.max() ?? 0 : measure(figureLine, size)
        if needed <= width + 0.001 {
            while FigureWord.cut(&words) {
                if let lines = lines(words.map(\.shown), in: element, size: size) {
                    return TextLayout(lines: lines, size: size, truncated: true)
                }
            }
            // Every other word is gone: the figures alone, with nothing to end in an ellipsis.
            if let lines = lines(figures, in: element, size: size) {
                return TextLayout(lines: lines, size: size, truncated: true)
            }
        }
        var fields: [LabelField] = []
        for case let field? in runs.map(\.field) where field.isFigure && !fields.contains(field) {
            fields.append(field)
        }
        throw FigureOverflow(
            fields: fields, text: figureLine, neededPoints: measure(figureLine, size), framePoints: width, size: size)
    }
}

/// A word of a label's text as fitting sees it: a figure (it holds a price's text) is never cut, the
/// others may be cut from the end and end in an ellipsis.
struct FigureWord: Hashable {
    /// The word's text without the ellipsis.
    var text: String
    /// Whether the word holds a figure's text (a price, with what is written next to it, such as `/kg`).
    var isFigure: Bool
    /// Whether the word ends in an ellipsis, because it or the words after it were cut.
    var ellipsis = false

    /// The word as drawn.
    var shown: String { ellipsis ? text + TextLayout.ellipsis : text }

    /// The words of `runs`: split at spaces, tabs and line breaks outside figures; a figure's value is
    /// never split (`12,345.67 CHF` is one word).
    static func words(of runs: [TextRun]) -> [FigureWord] {
        var words: [FigureWord] = []
        var current = FigureWord(text: "", isFigure: false)
        func close() {
            if !current.text.isEmpty { words.append(current) }
            current = FigureWord(text: "", isFigure: false)
        }
        for run in runs {
            if run.field?.isFigure == true {
                current.text += run.text
                current.isFigure = true
                continue
            }
            for character in run.text {
                if character == " " || character == "\n" || character == "\t" {
                    close()
                } else {
                    current.text.append(character)
                }
            }
        }
        close()
        return words
    }

    /// Cuts the text one step shorter: the last word that is not a figure first gets an ellipsis, then
    /// loses a character at a time; once only its ellipsis is left it goes, and the ellipsis moves to the
    /// end of the word before (that is not a figure). False when no word is left to cut.
    static func cut(_ words: inout [FigureWord]) -> Bool {
        guard let index = words.lastIndex(where: { !$0.isFigure }) else { return false }
        if !words[index].ellipsis {
            words[index].ellipsis = true
        } else if !words[index].text.isEmpty {
            words[index].text.removeLast()
        } else {
            words.remove(at: index)
            guard let previous = words[..<index].lastIndex(where: { !$0.isFigure }) else { return false }
            words[previous].ellipsis = true
        }
        return true
    }
}
