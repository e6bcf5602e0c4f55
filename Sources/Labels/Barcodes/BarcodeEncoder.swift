import CZint
import CatalogCore

/// Encodes barcode data with libzint into a module grid (`BarcodeSymbol`); drawing is done elsewhere.
public enum BarcodeEncoder {
    /// Encodes `data` in `symbology`.
    ///
    /// EAN-13 takes 12 or 13 digits and UPC-A 11 or 12 (a given check digit must be right); `.auto`
    /// reads `data` as a GTIN (UPC-A or EAN-13 form) and falls back to Code 128 of the text.
    public static func encode(_ symbology: BarcodeElement.Symbology, _ data: String) throws -> BarcodeSymbol {
        switch symbology {
        case .auto:
            let (chosen, text) = autoChoice(forCode: data) ?? (.code128, data)
            return try encode(chosen, text)
        case .ean13:
            return try zint(.ean13, BARCODE_EANX, try retailDigits(data, symbology: .ean13))
        case .upcA:
            return try zint(.upcA, BARCODE_UPCA, try retailDigits(data, symbology: .upcA))
        case .code128:
            return try zint(.code128, BARCODE_CODE128, data)
        case .qr:
            return try zint(.qr, BARCODE_QRCODE, data)
        case .dataMatrix:
            return try zint(.dataMatrix, BARCODE_DATAMATRIX, data)
        }
    }

    /// What `auto` draws for an item: its GTIN as UPC-A or EAN-13 when it has a valid one, else
    /// Code 128 of its SKU, else (a variation with neither, which Square allows) its Square variation id,
    /// which the counter's lookup finds as well; `catalog codes assign` gives it a real barcode.
    public static func autoChoice(for label: LabelData) throws -> (BarcodeElement.Symbology, String) {
        if let gtin = label.gtin, let choice = autoChoice(forCode: gtin) { return choice }
        if let sku = label.sku?.trimmingCharacters(in: " \t"), !sku.isEmpty { return (.code128, sku) }
        if let gtin = label.gtin, !gtin.isEmpty { return (.code128, gtin) }
        if !label.variationID.isEmpty { return (.code128, label.variationID) }
        throw LabelRenderError.nothingToEncode(item: label.itemName)
    }

    /// A valid GTIN as UPC-A (when it has a 12-digit form), else EAN-13, else Code 128 of its
    /// digits (a GTIN-14 with an indicator digit); nil when `code` is not a valid GTIN.
    static func autoChoice(forCode code: String) -> (BarcodeElement.Symbology, String)? {
        guard let barcode = try? Barcode(code) else { return nil }
        if barcode.kind != .gtin8, let upcA = barcode.upcA { return (.upcA, upcA) }
        if let gtin13 = barcode.gtin13 { return (.ean13, gtin13) }
        if let gtin8 = barcode.gtin8 { return (.ean13, "00000" + gtin8) }
        return (.code128, barcode.gtin14)
    }

    /// The digits of an EAN-13 or UPC-A, checked: right length, digits only, right check digit.
    private static func retailDigits(_ data: String, symbology: BarcodeElement.Symbology) throws -> String {
        let digits = data.filter { $0 != " " && $0 != "-" }
        let lengths = symbology == .ean13 ? [12, 13] : [11, 12]
        let full = lengths[1]
        guard lengths.contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data,
                reason: "it takes \(lengths[0]) or \(full) digits")
        }
        let values = digits.utf8.map { Int($0) - 48 }
        let body = values.prefix(full - 1)
        let check = Barcode.gs1CheckDigit(body)
        if values.count == full, values[full - 1] != check {
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data,
                reason: "its check digit is \(values[full - 1]) but should be \(check)")
        }
        return body.map(String.init).joined() + String(check)
    }

    /// Runs libzint and copies its module grid out.
    private static func zint(
        _ symbology: BarcodeElement.Symbology, _ zintID: Int32, _ data: String
    ) throws -> BarcodeSymbol {
        guard !data.isEmpty else {
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data, reason: "the data is empty")
        }
        guard let symbol = ZBarcode_Create() else {
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data, reason: "libzint could not allocate memory")
        }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = zintID
        symbol.pointee.input_mode = Int32(UNICODE_MODE)
        let bytes = Array(data.utf8)
        let status = ZBarcode_Encode(symbol, bytes, Int32(bytes.count))
        if status >= ZINT_ERROR {
            let reason = cString(try field(symbol, \.errtxt, encoding: symbology, data), capacity: 100)
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data, reason: "libzint says “\(reason)”")
        }
        let rows = Int(symbol.pointee.rows)
        let width = Int(symbol.pointee.width)
        let encoded = UnsafeRawBufferPointer(
            start: try field(symbol, \.encoded_data, encoding: symbology, data), count: 200 * 144)
        let modules = moduleRows(encoded, rows: min(rows, 200), width: min(width, 144 * 8))
        let text = cString(try field(symbol, \.text, encoding: symbology, data), capacity: 128)
        let readable = symbology.isLinear ? (text.isEmpty ? data : text) : data
        return BarcodeSymbol(symbology: symbology, data: data, modules: modules, humanReadable: readable)
    }

    /// The module grid from libzint's `encoded_data`: since 2.10 it packs 8 modules per byte, least
    /// significant bit first, 144 bytes a row.
    private static func moduleRows(_ raw: UnsafeRawBufferPointer, rows: Int, width: Int) -> [[Bool]] {
        var grid: [[Bool]] = []
        grid.reserveCapacity(rows)
        for row in 0..<rows {
            var line = [Bool](repeating: false, count: width)
            for x in 0..<width {
                let byte: UInt8 = raw[row * 144 + (x >> 3)]
                line[x] = (byte >> UInt8(x & 7)) & 1 == 1
            }
            grid.append(line)
        }
        return grid
    }

    /// The address of a field of the symbol. (Reading libzint's big array fields by value would copy
    /// a 28,800-element tuple, which the Swift compiler takes minutes over.) Every field asked for is
    /// stored, so it has an offset; one without is an error naming the code being encoded.
    private static func field<Value>(
        _ symbol: UnsafeMutablePointer<zint_symbol>, _ path: KeyPath<zint_symbol, Value>,
        encoding symbology: BarcodeElement.Symbology, _ data: String
    ) throws -> UnsafeRawPointer {
        guard let offset = MemoryLayout<zint_symbol>.offset(of: path) else {
            throw LabelRenderError.invalidBarcodeData(
                symbology: symbology.displayName, data: data, reason: "libzint's symbol has no field \(path)")
        }
        return UnsafeRawPointer(symbol) + offset
    }

    private static func cString(_ start: UnsafeRawPointer, capacity: Int) -> String {
        let bytes = UnsafeRawBufferPointer(start: start, count: capacity).prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Array(self)
        guard let start = characters.firstIndex(where: { !set.contains($0) }),
            let end = characters.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(characters[start...end])
    }
}
