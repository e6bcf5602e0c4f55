import ArgumentParser

/// `catalog audit ...`: walking a shelf to find the tags that are wrong.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Walk a shelf checking its tags: wrong ones are reprinted, missing items listed at the end.",
        discussion: """
            Start an audit of a shelf (every shelf place starting with --shelf), then check each item on it: \
            with catalog audit check CODE, or with a scanner in audit mode (catalog scan, or the hub's counter: \
            scan CATALOG:MODE:AUDIT, then the shelf's label, then the items). Each check compares the last tag \
            printed for the item at the location with the price a tag would show now: "tag OK", or "tag shows \
            £4.49, price £4.99" with a new tag queued (the last tag's template, the printer its route \
            chooses). catalog audit finish lists what the shelf should hold that nobody scanned.
            Example:
              catalog audit start --shelf A3
              catalog audit check 0012345678905
              catalog audit finish
            """,
        subcommands: [
            AuditStartCommand.self, AuditCheckCommand.self, AuditShowCommand.self, AuditFinishCommand.self,
            AuditListCommand.self,
        ])
}
