import Labels

/// Turning labels into the bytes of a file or a print job.
public enum LabelOutput {
    public enum Format {
        case pdf, png, zpl

        public init(path: String) {
            let lower = path.lowercased()
            self = lower.hasSuffix(".png") ? .png : lower.hasSuffix(".zpl") ? .zpl : .pdf
        }
    }

    public static func render(_ template: LabelTemplate, labels: [LabelData], format: Format) throws -> [UInt8] {
        do {
            switch format {
            case .pdf:
                return try LabelRenderer().pdf(template, labels: labels)
            case .png:
                guard labels.count == 1, let first = labels.first else {
                    throw AppError(
                        "A PNG preview shows one label, and this selection has \(labels.count). Give one code, "
                            + "or write a .pdf.", exitCode: .usage)
                }
                return try LabelRenderer().png(template, label: first)
            case .zpl:
                return Array(try ZPLRenderer().zpl(template, labels: labels).utf8)
            }
        } catch let error as LabelRenderError {
            throw AppError(error.description, exitCode: .dataError)
        }
    }
}
