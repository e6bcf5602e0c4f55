import Store

extension ShopSearch {
    /// How many rows a search shows when not told.
    public static let defaultLimit = CatalogDatabase.defaultSearchLimit
    /// The most rows a search shows.
    public static let maximumLimit = CatalogDatabase.maximumSearchLimit
}
