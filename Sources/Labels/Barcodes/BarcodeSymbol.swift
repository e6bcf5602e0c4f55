/// An encoded barcode as a grid of modules, ready to draw: `true` is a dark module (a bar).
///
/// Linear codes (EAN-13, UPC-A, Code 128) have one row; QR and DataMatrix have a square or
/// rectangular grid. Quiet zones are not part of the grid: `quietZone` says how many light modules
/// to keep on each side.
public struct BarcodeSymbol: Sendable, Hashable {
    /// The symbology the data was encoded in (never `.auto`).
    public var symbology: BarcodeElement.Symbology
    /// The data that was encoded, as a scanner reads it back.
    public var data: String
    /// The modules, row by row; every row has `width` entries.
    public var modules: [[Bool]]
    /// The human-readable text libzint gives (the digits with their check digit, or the data).
    public var humanReadable: String

    /// A symbol from its module grid.
    public init(symbology: BarcodeElement.Symbology, data: String, modules: [[Bool]], humanReadable: String) {
        self.symbology = symbology
        self.data = data
        self.modules = modules
        self.humanReadable = humanReadable
    }

    /// The number of modules across.
    public var width: Int { modules.first?.count ?? 0 }
    /// The number of module rows.
    public var rows: Int { modules.count }
    /// Whether this is a one-dimensional code whose bars run the full height.
    public var isLinear: Bool { symbology.isLinear }
    /// Light modules to keep on each side.
    public var quietZone: QuietZone { symbology.quietZone }

    /// The bars of a linear code as (first module, module count) runs of dark modules, left to right.
    public var bars: [(start: Int, count: Int)] {
        guard let row = modules.first else { return [] }
        var runs: [(start: Int, count: Int)] = []
        var index = 0
        while index < row.count {
            if row[index] {
                let start = index
                while index < row.count && row[index] { index += 1 }
                runs.append((start, index - start))
            } else {
                index += 1
            }
        }
        return runs
    }
}

/// Light modules a symbology needs around it to scan.
public struct QuietZone: Sendable, Hashable {
    /// Left of the symbol.
    public var left: Int
    /// Right of the symbol.
    public var right: Int
    /// Above and below (2-D codes only; linear codes have none).
    public var vertical: Int
}

extension BarcodeElement.Symbology {
    /// Whether the symbology is one-dimensional (bars), as opposed to a 2-D matrix.
    public var isLinear: Bool {
        switch self {
        case .ean13, .upcA, .code128, .auto: return true
        case .qr, .dataMatrix: return false
        }
    }

    /// The quiet zone the symbology's standard asks for, in modules.
    public var quietZone: QuietZone {
        switch self {
        case .ean13: return QuietZone(left: 11, right: 7, vertical: 0)
        case .upcA: return QuietZone(left: 9, right: 9, vertical: 0)
        case .code128, .auto: return QuietZone(left: 10, right: 10, vertical: 0)
        case .qr: return QuietZone(left: 4, right: 4, vertical: 4)
        case .dataMatrix: return QuietZone(left: 1, right: 1, vertical: 1)
        }
    }

    /// The name people use for the symbology, as in error messages.
    public var displayName: String {
        switch self {
        case .auto: return "auto"
        case .ean13: return "EAN-13"
        case .upcA: return "UPC-A"
        case .code128: return "Code 128"
        case .qr: return "QR Code"
        case .dataMatrix: return "DataMatrix"
        }
    }
}
