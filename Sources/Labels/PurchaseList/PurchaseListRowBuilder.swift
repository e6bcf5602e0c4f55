/// Lays out one purchase-list line as a block: the name and codes on the left, the quantity large,
/// the costs, and the line's barcode on the right (or across the whole width under the text when a
/// long SKU does not fit the column).
struct PurchaseListRowBuilder {
    let geometry: PurchaseListGeometry
    let typesetter: PurchaseListTypesetter

    /// The block for `line`, the `index`th of its vendor.
    func block(for line: PurchaseListLine, index: Int) -> PurchaseListBlock {
        let pad = PurchaseListGeometry.rowPadding
        var items: [LabelLayout.Item] = []
        var bottom = pad
        func add(_ text: PlacedText?) {
            guard let text else { return }
            items.append(.text(text))
            bottom = max(bottom, text.bottom)
        }
        let x = geometry.itemX
        let width = geometry.itemWidth
        var name = line.item
        if let variation = line.variation?.nonEmpty { name += " – " + variation }
        let title = typesetter.text(
            name, x: x, y: pad, width: width, size: 10, minimumSize: 8, weight: .bold, maxLines: 2)
        add(title)
        var textBottom = title?.bottom ?? pad
        let codes = [line.sku?.nonEmpty.map { "SKU " + $0 }, line.vendorCode?.nonEmpty.map { "Vendor code " + $0 }]
        let gtin = line.gtin?.nonEmpty.map { "GTIN " + $0 } ?? ""
        for detail in [codes.compactMap { $0 }.joined(separator: " · "), gtin] {
            let text = typesetter.text(detail, x: x, y: textBottom + 1, width: width, size: 8, minimumSize: 6.5)
            add(text)
            textBottom = text?.bottom ?? textBottom
        }
        if let note = line.note?.nonEmpty {
            let text = typesetter.text(
                "Note: " + note, x: x, y: textBottom + 1, width: width, size: 8, minimumSize: 7, maxLines: 3)
            add(text)
            textBottom = text?.bottom ?? textBottom
        }
        add(
            typesetter.text(
                line.quantity, x: geometry.quantityX, y: pad - 2, width: PurchaseListGeometry.quantityWidth,
                size: 16, minimumSize: 9, weight: .bold, alignment: .center))
        let lineCost = typesetter.text(
            line.lineCost ?? "", x: geometry.costX, y: pad, width: PurchaseListGeometry.costWidth, size: 10,
            minimumSize: 7, weight: .bold, alignment: .right)
        add(lineCost)
        add(
            typesetter.text(
                line.unitCost.map { $0 + " each" } ?? "", x: geometry.costX, y: (lineCost?.bottom ?? pad) + 1,
                width: PurchaseListGeometry.costWidth, size: 8, minimumSize: 6.5, alignment: .right))
        bottom = max(bottom, barcode(for: line, below: textBottom, into: &items))
        let height = PurchaseListGeometry.snapped(bottom + pad)
        let rule = PlacedLine(
            x1: geometry.itemX, y1: height, x2: geometry.itemX + geometry.contentWidth, y2: height, thickness: 0.3)
        items.append(.line(rule))
        return PurchaseListBlock(kind: .line(index), height: height, items: items)
    }

    /// Adds the line's barcode (or a short note saying why it has none) and returns its bottom edge.
    private func barcode(for line: PurchaseListLine, below textBottom: Double, into items: inout [LabelLayout.Item])
        -> Double
    {
        let pad = PurchaseListGeometry.rowPadding
        let label = LabelData(
            itemID: "", variationID: "", itemName: line.item, price: nil, sku: line.sku, gtin: line.gtin, date: "")
        guard let (symbology, data) = try? BarcodeEncoder.autoChoice(for: label) else { return pad }
        let column = LabelRect(
            x: .points(geometry.barcodeX), y: .points(pad), width: .points(PurchaseListGeometry.barcodeWidth),
            height: .points(PurchaseListGeometry.barcodeHeight))
        let band = LabelRect(
            x: .points(geometry.itemX), y: .points(PurchaseListGeometry.snapped(textBottom + 2)),
            width: .points(geometry.contentWidth), height: .points(PurchaseListGeometry.barcodeHeight))
        for frame in [column, band] {
            let result = place(symbology, data, in: frame)
            if case .success(let placed) = result {
                items.append(.barcode(placed))
                return frame.y.points + frame.height.points
            }
            // Too wide for the column: try the whole width; any other error: no barcode.
            guard case .failure(.barcodeTooWide) = result else { break }
        }
        let why = typesetter.text(
            "No barcode for this code", x: geometry.barcodeX, y: pad, width: PurchaseListGeometry.barcodeWidth,
            size: 7, alignment: .center)
        if let why { items.append(.text(why)) }
        return why?.bottom ?? pad
    }

    /// The barcode placed in `frame` by the label layout code (whole dots, quiet zones, digits below).
    private func place(_ symbology: BarcodeElement.Symbology, _ data: String, in frame: LabelRect)
        -> Result<PlacedBarcode, LabelRenderError>
    {
        let retail = symbology == .ean13 || symbology == .upcA
        let element = BarcodeElement(
            frame: frame, symbology: symbology, content: "{{sku}}",
            moduleDots: retail ? PurchaseListGeometry.retailModuleDots : PurchaseListGeometry.code128ModuleDots)
        let template = LabelTemplate(
            name: "purchase list", width: .points(geometry.pageWidth), height: .points(geometry.pageHeight),
            dpi: PurchaseListGeometry.dpi, elements: [.barcode(element)])
        let label = LabelData(itemID: "", variationID: "", itemName: "", price: nil, sku: data, date: "")
        let builder = LabelLayoutBuilder(template: template, measurer: typesetter.measurer)
        do {
            guard case .barcode(let placed) = try builder.layout(label).items.first else {
                return .failure(.nothingToEncode(item: data))
            }
            return .success(placed)
        } catch let error as LabelRenderError {
            return .failure(error)
        } catch {
            return .failure(.cairo(String(describing: error)))
        }
    }
}

extension String {
    /// The string without leading and trailing white space, or nil when nothing is left.
    fileprivate var nonEmpty: String? {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return first == startIndex && last == index(before: endIndex) ? self : String(self[first...last])
    }
}
