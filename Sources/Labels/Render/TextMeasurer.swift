import CCairo

/// Measures text with Cairo's font selection (fontconfig finds DejaVu), with the same font options
/// on every surface so the preview and the PDF break lines in the same places.
final class CairoTextMeasurer {
    private let surface: OpaquePointer
    private let context: OpaquePointer

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        context = cairo_create(surface)
        CairoTextMeasurer.configure(context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The advance width of `text` in points at `size`.
    func width(_ text: String, font: String, weight: TextElement.Weight, size: Double) -> Double {
        CairoTextMeasurer.select(context, font: font, weight: weight, size: size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// A fitter for one element's font.
    func fitter(for element: TextElement) -> TextFitter {
        TextFitter { text, size in self.width(text, font: element.font, weight: element.weight, size: size) }
    }

    /// Unhinted metrics everywhere, so widths do not depend on the surface.
    static func configure(_ context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Selects the family (DejaVu Sans when empty), weight and size.
    static func select(_ context: OpaquePointer, font: String, weight: TextElement.Weight, size: Double) {
        let family = font.isEmpty ? "DejaVu Sans" : font
        let cairoWeight = weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL
        cairo_select_font_face(context, family, CAIRO_FONT_SLANT_NORMAL, cairoWeight)
        cairo_set_font_size(context, size)
    }
}
