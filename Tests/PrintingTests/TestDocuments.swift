import Foundation

/// Small documents for print tests, written by hand so the tests need no renderer.
enum TestDocuments {
    /// A one-page PDF of `width` x `height` points with two filled black rectangles that cover
    /// about a third of the page.
    static func pdf(width: Int, height: Int) -> [UInt8] {
        let content =
            "0 0 0 rg 10 10 \(width * 5 / 12) \(height * 5 / 9) re f "
            + "\(width * 5 / 9) 20 \(width * 5 / 18) \(height * 5 / 12) re f\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ]
        var output = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(output.utf8.count)
            output += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = output.utf8.count
        output += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            output += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        output += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(output.utf8)
    }

    /// A small ZPL label: raw printer commands that must reach the device byte for byte.
    static let zpl: [UInt8] = Array("^XA^CI28^FO20,20^A0N,30,30^FH_^FDraw _5E test_7E ok^FS^XZ\n".utf8)
}
