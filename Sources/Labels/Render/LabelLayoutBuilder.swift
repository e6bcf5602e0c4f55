/// Turns a template and one label's data into a `LabelLayout` at a place on the page.
struct LabelLayoutBuilder {
    let template: LabelTemplate
    let measurer: CairoTextMeasurer

    /// The smallest bar height a linear code may get, in modules.
    static let minimumBarModules = 8

    /// Lays out `label` with the label's top-left corner at (`originX`, `originY`) page points.
    func layout(_ label: LabelData, originX: Double = 0, originY: Double = 0) throws -> LabelLayout {
        var items: [LabelLayout.Item] = []
        let elements = label.isHeading ? template.headingElements : template.elements
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            switch element {
            case .text(let text):
                let fitted: TextLayout
                do {
                    fitted = try measurer.fitter(for: text).fit(LabelField.runs(text.content, with: label), in: text)
                } catch {
                    throw LabelRenderError.priceTooWide(
                        template: template.name, element: index + 1, fields: error.fields.map(\.rawValue),
                        text: error.text, neededPoints: error.neededPoints, framePoints: error.framePoints,
                        size: error.size)
                }
                items.append(.text(placed(text, frame: shifted(text.frame, originX, originY), layout: fitted)))
            case .barcode(let barcode):
                let placement = try place(barcode, number: index + 1, label: label, originX: originX, originY: originY)
                items.append(.barcode(placement))
            case .line(let line):
                items.append(
                    .line(
                        PlacedLine(
                            x1: originX + line.x1.points, y1: originY + line.y1.points,
                            x2: originX + line.x2.points, y2: originY + line.y2.points,
                            thickness: line.thickness.points)))
            case .box(let box):
                let frame = shifted(box.frame, originX, originY)
                items.append(.box(PlacedBox(frame: frame, thickness: box.thickness.points, filled: box.filled)))
            }
        }
        return LabelLayout(items: items, dpi: template.dpi)
    }

    /// The symbology and data a barcode element encodes for `label`.
    func barcodeData(_ element: BarcodeElement, number: Int, label: LabelData) throws -> (
        BarcodeElement.Symbology, String
    ) {
        // `auto` picks from the item itself (its GTIN, else its SKU); its content is not used.
        if element.symbology == .auto { return try BarcodeEncoder.autoChoice(for: label) }
        let content = LabelField.render(element.content, with: label)
        guard !content.isEmpty else {
            throw LabelRenderError.emptyBarcodeData(
                template: template.name, element: number, symbology: element.symbology.displayName)
        }
        return (element.symbology, content)
    }

    /// The first of the element's choices that fits its frame: its symbology at its module, then at each
    /// narrower module down to `minimumModuleDots`, then each fallback symbology the same way. When none
    /// fits, the only attempt's error, or `noBarcodeFits` naming the item and every attempt.
    private func place(
        _ element: BarcodeElement, number: Int, label: LabelData, originX: Double, originY: Double
    ) throws -> PlacedBarcode {
        guard element.moduleDots > 0 else {
            throw LabelRenderError.badModuleWidth(
                template: template.name, element: number, moduleDots: element.moduleDots)
        }
        let (first, data) = try barcodeData(element, number: number, label: label)
        var symbologies = [first]
        for fallback in element.fallbacks where !symbologies.contains(fallback) { symbologies.append(fallback) }
        var failures: [(symbology: BarcodeElement.Symbology, error: LabelRenderError)] = []
        for symbology in symbologies {
            guard let symbol = try? BarcodeEncoder.encode(symbology, data) else {
                if symbology == first { _ = try BarcodeEncoder.encode(symbology, data) }
                continue
            }
            // A 2-D fallback is drawn as large as its frame allows (up to three times the module), since a
            // larger one scans from further away; the template's own choice keeps its module.
            var largest = element.moduleDots
            if !symbol.isLinear, symbology != first {
                let rows = symbol.rows + 2 * symbol.quietZone.vertical
                let columns = symbol.width + symbol.quietZone.left + symbol.quietZone.right
                let height = Int((element.frame.height.dots(at: template.dpi) + 1e-6).rounded(.down))
                let width = Int((element.frame.width.dots(at: template.dpi) + 1e-6).rounded(.down))
                largest = max(element.moduleDots, min(3 * element.moduleDots, height / rows, width / columns))
            }
            for module in stride(from: largest, through: max(1, element.minimumModuleDots), by: -1) {
                do {
                    return try place(
                        symbol, module: module, element, number: number, originX: originX, originY: originY)
                } catch let error as LabelRenderError {
                    failures.append((symbology, error))
                }
            }
        }
        if failures.count == 1, let only = failures.first { throw only.error }
        throw LabelRenderError.noBarcodeFits(
            template: template.name, element: number,
            item: label.itemName + (label.variationName.map { " — \($0)" } ?? ""), data: data,
            tried: failures.compactMap { failure in
                failure.error.attempt.map { "\(failure.symbology.displayName) \($0)" }
            })
    }

    private func place(
        _ symbol: BarcodeSymbol, module: Int, _ element: BarcodeElement, number: Int, originX: Double, originY: Double
    ) throws -> PlacedBarcode {
        let dpi = Double(template.dpi)
        let scale = dpi / 72
        let quiet = symbol.quietZone
        let frameX = (originX + element.frame.x.points) * scale
        let frameY = (originY + element.frame.y.points) * scale
        let frameWidth = element.frame.width.points * scale
        let frameHeight = element.frame.height.points * scale
        let neededWidth = (symbol.width + quiet.left + quiet.right) * module
        let availableWidth = Int((frameWidth + 1e-6).rounded(.down))
        guard neededWidth <= availableWidth else {
            throw LabelRenderError.barcodeTooWide(
                template: template.name, element: number, data: symbol.data, neededDots: neededWidth,
                frameDots: availableWidth, dpi: template.dpi, moduleDots: module)
        }
        let lowest = Int((frameX - 1e-6).rounded(.up))
        let start = max(lowest, Int((frameX + (frameWidth - Double(neededWidth)) / 2).rounded(.down)))
        let left = start + quiet.left * module
        let availableHeight = Int((frameHeight + 1e-6).rounded(.down))
        let top = Int((frameY - 1e-6).rounded(.up))
        if !symbol.isLinear {
            let neededHeight = (symbol.rows + 2 * quiet.vertical) * module
            guard neededHeight <= availableHeight else {
                throw LabelRenderError.barcodeTooTall(
                    template: template.name, element: number, data: symbol.data, neededDots: neededHeight,
                    frameDots: availableHeight, dpi: template.dpi)
            }
            let matrixTop = max(top, Int((frameY + (frameHeight - Double(neededHeight)) / 2).rounded(.down)))
            return PlacedBarcode(
                symbol: symbol, moduleDots: module, leftDots: left, topDots: matrixTop + quiet.vertical * module,
                heightDots: symbol.rows * module, humanReadable: nil)
        }
        let textSize = min(9, max(5, element.frame.height.points * 0.22))
        let textHeight = element.humanReadable ? TextLayout.lineHeight(forSize: textSize) + 1 : 0
        let bottom = Int((frameY + frameHeight - textHeight * scale + 1e-6).rounded(.down))
        let barHeight = bottom - top
        let minimum = Self.minimumBarModules * module
        guard barHeight >= minimum else {
            throw LabelRenderError.barcodeTooTall(
                template: template.name, element: number, data: symbol.data,
                neededDots: minimum + Int((textHeight * scale).rounded(.up)), frameDots: availableHeight,
                dpi: template.dpi)
        }
        var readable: PlacedText?
        if element.humanReadable {
            let textFrame = LabelRect(
                x: .points(Double(start) / scale), y: .points(Double(bottom) / scale + 1),
                width: .points(Double(neededWidth) / scale), height: .points(textHeight - 1))
            let text = TextElement(
                frame: textFrame, content: symbol.humanReadable, size: textSize, minimumSize: 4, alignment: .center)
            let fitted = measurer.fitter(for: text).fit(symbol.humanReadable, in: text)
            readable = placed(text, frame: textFrame, layout: fitted)
        }
        return PlacedBarcode(
            symbol: symbol, moduleDots: module, leftDots: left, topDots: top, heightDots: barHeight,
            humanReadable: readable)
    }

    private func placed(_ element: TextElement, frame: LabelRect, layout: TextLayout) -> PlacedText {
        PlacedText(
            frame: frame, layout: layout, font: element.font, weight: element.weight, alignment: element.alignment,
            strikethrough: element.strikethrough)
    }

    private func shifted(_ rect: LabelRect, _ x: Double, _ y: Double) -> LabelRect {
        LabelRect(x: rect.x + .points(x), y: rect.y + .points(y), width: rect.width, height: rect.height)
    }
}
