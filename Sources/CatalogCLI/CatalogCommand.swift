import ArgumentParser

@main
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "catalog", abstract: "Square catalog at the counter.")
}
