import Logging

/// Loggers for the webhook listener that write to stderr whatever the process's logging bootstrap.
public enum WebhookLog {
    /// A logger at `level` (`.info` by default) that writes one line per message to stderr.
    public static func standardError(label: String, level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        return logger
    }
}
