import Labels

/// Turning labels into the bytes of a file or a print job.
enum LabelOutput {
    enum Format {
        case pdf, png, zpl

        init(path: String) {
            let lower = path.lowercased()
            self = lower.hasSuffix(".png") ? .png : lower.hasSuffix(".zpl") ? .zpl : .pdf
        }
    }

    static func render(_ template: LabelTemplate, labels: [LabelData], format: Format) throws -> [UInt8] {
        do {
            switch format {
            case .pdf:
                return try LabelRenderer().pdf(template, labels: labels)
            case .png:
                guard labels.count == 1, let first = labels.first else {
                    throw CLIError(
                        "A PNG preview shows one label, and this selection has \(labels.count). Give one code, "
                            + "or write a .pdf.", exitCode: CLIError.usage)
                }
                return try LabelRenderer().png(template, label: first)
            case .zpl:
                return Array(try ZPLRenderer().zpl(template, labels: labels).utf8)
            }
        } catch let error as LabelRenderError {
            throw CLIError(error.description, exitCode: CLIError.dataError)
        }
    }
}
