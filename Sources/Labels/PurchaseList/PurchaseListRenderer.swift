import CCairo

/// Draws a `PurchaseList` as a multi-page PDF with the label renderer's Cairo painter: DejaVu Sans
/// text, barcodes on whole dots of a 300 dpi grid with their quiet zones.
public enum PurchaseListRenderer {
    /// The list as PDF bytes.
    public static func pdf(_ list: PurchaseList) throws -> [UInt8] {
        let geometry = PurchaseListGeometry(paper: list.paper)
        let typesetter = PurchaseListTypesetter(measurer: CairoTextMeasurer())
        let pages = paginator(geometry, typesetter).pages(list)
        let chrome = PurchaseListPageChrome(geometry: geometry, typesetter: typesetter)
        let dpi = PurchaseListGeometry.dpi
        let output = CairoOutput()
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                CairoOutput.write, output.closure, geometry.pageWidth, geometry.pageHeight)
        else { throw LabelRenderError.cairo("no PDF surface") }
        defer { cairo_surface_destroy(surface) }
        try CairoOutput.check(cairo_surface_status(surface))
        guard let context = cairo_create(surface) else { throw LabelRenderError.cairo("no drawing context") }
        do {
            defer { cairo_destroy(context) }
            let painter = CairoPainter(context: context)
            for (index, page) in pages.enumerated() {
                painter.draw(
                    LabelLayout(
                        items: chrome.items(for: page, number: index + 1, of: pages.count, list: list), dpi: dpi))
                for placed in page.blocks {
                    // Block tops are whole dots, so the bars in them stay on the dot grid.
                    cairo_save(context)
                    cairo_translate(context, 0, placed.y)
                    painter.draw(LabelLayout(items: placed.block.items, dpi: dpi))
                    cairo_restore(context)
                }
                cairo_show_page(context)
            }
            try CairoOutput.check(cairo_status(context))
        }
        cairo_surface_finish(surface)
        try CairoOutput.check(cairo_surface_status(surface))
        return output.bytes
    }

    /// The pages `list` is split into, as `pdf` draws them.
    static func pages(_ list: PurchaseList) -> [PurchaseListPage] {
        let geometry = PurchaseListGeometry(paper: list.paper)
        return paginator(geometry, PurchaseListTypesetter(measurer: CairoTextMeasurer())).pages(list)
    }

    private static func paginator(
        _ geometry: PurchaseListGeometry, _ typesetter: PurchaseListTypesetter
    ) -> PurchaseListPaginator {
        PurchaseListPaginator(
            geometry: geometry, rows: PurchaseListRowBuilder(geometry: geometry, typesetter: typesetter),
            totals: PurchaseListTotals(geometry: geometry, typesetter: typesetter))
    }
}
