import Foundation

/// Turns a DYMO LabelWriter queue's output (the raster commands printer-driver-dymo writes) back into
/// a picture, so a test can scan the barcode the printer would have printed.
public enum DymoOutput {
    /// A 1-bit picture: `true` is a black dot.
    public struct Picture: Sendable {
        public let width: Int
        public let height: Int
        public let dots: [[Bool]]

        /// How many dots are black.
        public var blackDots: Int { dots.reduce(0) { $0 + $1.filter { $0 }.count } }

        /// The picture as a binary PGM (P5) file, which zbarimg reads.
        public func pgm() -> Data {
            var data = Data("P5\n\(width) \(height)\n255\n".utf8)
            for row in dots {
                data.append(contentsOf: (0..<width).map { $0 < row.count && row[$0] ? UInt8(0) : UInt8(255) })
            }
            return data
        }
    }

    /// Reads the command stream: ESC commands set the line width and offsets; SYN lines are raw bytes,
    /// ETB lines run-length coded (high bit the colour, low 7 bits the run length minus one).
    public static func decode(_ bytes: [UInt8]) -> Picture {
        var rows: [[Bool]] = []
        var index = 0
        var bytesPerLine = 0
        var tab = 0
        func addRow(_ line: ArraySlice<UInt8>) {
            var row = [Bool](repeating: false, count: tab * 8)
            for byte in line {
                for bit in 0..<8 { row.append(byte & (0x80 >> UInt8(bit)) != 0) }
            }
            rows.append(row)
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x1B where index + 1 < bytes.count:
                let command = bytes[index + 1]
                index += 2
                switch command {
                case 0x1B: index -= 1  // a run of ESCs used to resynchronise
                case UInt8(ascii: "B"): tab = Int(bytes[safe: index]); index += 1
                case UInt8(ascii: "D"): bytesPerLine = Int(bytes[safe: index]); index += 1
                case UInt8(ascii: "L"), UInt8(ascii: "Q"): index += 2
                case UInt8(ascii: "f"):
                    let count = Int(bytes[safe: index + 1])
                    index += 2
                    for _ in 0..<count { addRow([]) }
                case UInt8(ascii: "M"): index += 8
                default: break  // commands without arguments (density, speed, form feed, reset)
                }
            case 0x16:
                let end = min(bytes.count, index + 1 + bytesPerLine)
                addRow(bytes[(index + 1)..<end])
                index = end
            case 0x17:
                index += 1
                var bits: [Bool] = []
                while bits.count < bytesPerLine * 8, index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    bits += [Bool](repeating: byte & 0x80 != 0, count: Int(byte & 0x7F) + 1)
                }
                rows.append([Bool](repeating: false, count: tab * 8) + bits.prefix(bytesPerLine * 8))
            default:
                index += 1
            }
        }
        let width = rows.map(\.count).max() ?? 0
        return Picture(width: width, height: rows.count, dots: rows)
    }
}

extension Array where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8 { index < count ? self[index] : 0 }
}
