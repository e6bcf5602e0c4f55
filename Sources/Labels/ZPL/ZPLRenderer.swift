/// Writes labels as native ZPL for raw Zebra queues: the same layout the Cairo renderer draws
/// (text lines and sizes fitted with the same fonts, barcodes on the same dots), with every field
/// hex-escaped.
public struct ZPLRenderer: Sendable {
    /// A renderer; it keeps no state, so one can be shared.
    public init() {}

    /// One `^XA ... ^XZ` block per label. Sheet templates are refused: ZPL printers print rolls.
    public func zpl(_ template: LabelTemplate, labels: [LabelData]) throws -> String {
        if template.sheet != nil {
            throw LabelRenderError.sheetNotSupported(template: template.name, renderer: "a ZPL (Zebra) printer")
        }
        try LabelRenderer.checkSize(template)
        let builder = LabelLayoutBuilder(template: template, measurer: CairoTextMeasurer())
        var output = ""
        for label in labels {
            let layout = try builder.layout(label)
            output += ZPLLabelWriter(template: template).write(layout)
        }
        return output
    }
}

/// Writes one laid-out label as ZPL commands, positions in dots.
struct ZPLLabelWriter {
    let template: LabelTemplate
    private var scale: Double { Double(template.dpi) / 72 }

    func write(_ layout: LabelLayout) -> String {
        let width = Int(template.width.dots(at: template.dpi).rounded())
        let height = Int(template.height.dots(at: template.dpi).rounded())
        var lines = ["^XA", "^CI28", "^PW\(width)", "^LL\(height)", "^LH0,0"]
        for item in layout.items {
            switch item {
            case .text(let text): lines += self.text(text)
            case .barcode(let barcode): lines += self.barcode(barcode)
            case .line(let line): lines.append(self.line(line))
            case .box(let box): lines.append(self.box(box))
            }
        }
        lines.append("^XZ")
        return lines.joined(separator: "\n") + "\n"
    }

    private func dots(_ points: Double) -> Int { Int((points * scale).rounded()) }

    private func text(_ text: PlacedText) -> [String] {
        let size = max(dots(text.layout.size), 1)
        let width = max(dots(text.frame.width.points), 1)
        let align: String
        switch text.alignment {
        case .left: align = "L"
        case .center: align = "C"
        case .right: align = "R"
        }
        var commands: [String] = []
        for (index, line) in text.layout.lines.enumerated() {
            let x = dots(text.frame.x.points)
            let y = dots(text.frame.y.points + Double(index) * text.layout.lineHeight)
            commands.append(
                "^FO\(x),\(y)^A0N,\(size),\(size)^FB\(width),1,0,\(align),0^FH_^FD\(ZPLEscaping.fieldData(line))^FS")
            if text.strikethrough {
                let thickness = max(dots(text.layout.size * 0.07), 1)
                let middle = y + Int(Double(size) * 0.45)
                commands.append("^FO\(x),\(middle)^GB\(width),\(thickness),\(thickness)^FS")
            }
        }
        return commands
    }

    private func barcode(_ barcode: PlacedBarcode) -> [String] {
        let symbol = barcode.symbol
        let module = barcode.moduleDots
        let origin = "^FO\(barcode.leftDots),\(barcode.topDots)"
        let readable = barcode.humanReadable == nil ? "N" : "Y"
        let height = barcode.heightDots
        switch symbol.symbology {
        case .ean13:
            let data = String(symbol.data.prefix(12))
            return ["\(origin)^BY\(module)^BEN,\(height),\(readable),N^FH_^FD\(data)^FS"]
        case .upcA:
            let data = String(symbol.data.prefix(11))
            return ["\(origin)^BY\(module)^BUN,\(height),\(readable),N,Y^FH_^FD\(data)^FS"]
        case .code128, .auto:
            let data = ZPLEscaping.code128Data(symbol.data)
            return ["\(origin)^BY\(module)^BCN,\(height),\(readable),N,N,N^FH_^FD\(data)^FS"]
        case .qr:
            let magnification = min(max(module, 1), 10)
            return ["\(origin)^BQN,2,\(magnification)^FH_^FDQA,\(ZPLEscaping.fieldData(symbol.data))^FS"]
        case .dataMatrix:
            return ["\(origin)^BXN,\(module),200^FH_^FD\(ZPLEscaping.fieldData(symbol.data))^FS"]
        }
    }

    private func line(_ line: PlacedLine) -> String {
        let thickness = max(dots(line.thickness), 1)
        let x = dots(min(line.x1, line.x2))
        let y = dots(min(line.y1, line.y2))
        let width = max(dots(abs(line.x2 - line.x1)), thickness)
        let height = max(dots(abs(line.y2 - line.y1)), thickness)
        if line.x1 == line.x2 || line.y1 == line.y2 {
            let top = line.y1 == line.y2 ? y - thickness / 2 : y
            let left = line.x1 == line.x2 ? x - thickness / 2 : x
            return "^FO\(left),\(top)^GB\(width),\(height),\(thickness)^FS"
        }
        // A diagonal: ^GD leans right (/) or left (\).
        let leansRight = (line.x2 - line.x1) * (line.y2 - line.y1) < 0
        return "^FO\(x),\(y)^GD\(width),\(height),\(thickness),B,\(leansRight ? "R" : "L")^FS"
    }

    private func box(_ box: PlacedBox) -> String {
        let width = max(dots(box.frame.width.points), 1)
        let height = max(dots(box.frame.height.points), 1)
        let thickness = box.filled ? min(width, height) : max(dots(box.thickness), 1)
        return "^FO\(dots(box.frame.x.points)),\(dots(box.frame.y.points))^GB\(width),\(height),\(thickness)^FS"
    }
}
