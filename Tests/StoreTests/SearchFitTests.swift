import CatalogCore
import Store
import Testing

/// Two kinds of query the engine once ranked wrong (issue 20): a typo that spells another word of the
/// catalog, and a last word typed to the whole part of a number with decimals.
@Suite struct SearchFitTests {
    /// Items as (id, name, category id, SKU) with one variation each, in a fresh database.
    static func shop(_ categories: [(String, String)], _ items: [(String, String, String, String)]) async throws
        -> CatalogDatabase
    {
        let database = try temporaryDatabase()
        _ = try await database.apply(
            categories.map { category($0.0, name: $0.1, version: 1) }
                + items.map { id, name, categoryID, sku in
                    item(
                        id, name: name, version: 1, category: categoryID,
                        variations: [variation("V-" + id, item: id, version: 1, sku: sku)])
                })
        return database
    }

    /// `acre` is a brand of its own and a typo of `acme`: Acre Claw Mallet has `acre` and `claw` in its name
    /// but `hammer` only in its category, while Acme Claw Hammer has every word in its name with one typo.
    /// The words as typed found only the mallet, so the typo was never looked up.
    @Test func aTypoThatIsAnotherBrandStillFindsTheItemWhoseNameFitsEveryWord() async throws {
        let database = try await Self.shop(
            [("C-HAM", "Hammer & Mallets"), ("C-GARDEN", "Garden")],
            [
                ("ACME-HAMMER", "Acme Claw Hammer", "C-HAM", "AC-CH-1"),
                ("ACRE-MALLET", "Acre Claw Mallet", "C-HAM", "AR-CM-1"),
                ("ACRE-SEED", "Acre Grass Seed", "C-GARDEN", "AR-GS-1"),
            ])
        #expect(try await database.searchItems("acre claw hammer").first == "ACME-HAMMER")
        #expect(try await database.searchItems("claw hammer acre").first == "ACME-HAMMER")
        // Every word in a name as typed still wins over a typo.
        #expect(try await database.searchItems("acre claw mallet").first == "ACRE-MALLET")
        #expect(try await database.searchItems("acre claw").first == "ACRE-MALLET")
    }

    /// `sauces` is the category's word and one letter from `sauce`: every Sunvale item in the category
    /// has it exactly, but only the soy sauce has every word in its name.
    @Test func aPluralThatIsTheCategoryFindsTheItemNamedInTheSingular() async throws {
        let database = try await Self.shop(
            [("C-SAUCE", "Sauces & Condiments")],
            [
                ("MAYO", "Sunvale Mayonnaise 150ml", "C-SAUCE", "SV-MY-150"),
                ("SOY", "Sunvale Soy Sauce 150ml", "C-SAUCE", "SV-SS-150"),
                ("MUSTARD", "Sunvale English Mustard 150ml", "C-SAUCE", "SV-EM-150"),
            ])
        #expect(try await database.searchItems("sunvale sauces 150ml").first == "SOY")
        #expect(try await database.searchItems("sauces sunvale 150ml").first == "SOY")
        #expect(Set(try await database.searchItems("sunvale condiments")) == ["MAYO", "SOY", "MUSTARD"])
    }

    /// A last word typed to the whole part of a number with decimals (`2` or `2.` for `2.0`) matches that
    /// number as much as a whole word: not below a SKU whose part is `2`, nor level with numbers that
    /// only start with the same digit (`20W`, `250`).
    @Test(arguments: ["voltacell power bank 2", "voltacell power bank 2.", "power bank 2", "voltacell bank 2"])
    func aNumberTypedToItsWholePartFindsTheDecimal(_ query: String) async throws {
        let database = try await Self.shop(
            [("C-POWER", "Power")],
            [
                ("BANK-20W", "Voltacell Power Bank 20W", "C-POWER", "VC-PB-20W"),
                ("BANK-MINI", "Voltacell Power Bank Mini", "C-POWER", "VC-PB-2"),
                ("BANK-2.0", "Voltacell Power Bank 2.0", "C-POWER", "VC-PB-X"),
                ("BANK-250", "Voltacell Power Bank 250 Wh", "C-POWER", "VC-PB-250"),
            ])
        #expect(try await database.searchItems(query).first == "BANK-2.0", "\(query)")
    }

    @Test func aSizeTypedToItsWholePartFindsTheSize() async throws {
        let database = try await Self.shop(
            [("C-WATER", "Water")],
            [
                ("WATER-12", "Brewhouse Sparkling Water 12 Pack", "C-WATER", "BH-SW-1"),
                ("WATER-1.5", "Brewhouse Sparkling Water 1.5l", "C-WATER", "BH-SW-15"),
                ("WATER-500", "Brewhouse Sparkling Water 500ml", "C-WATER", "BH-SW-500"),
            ])
        #expect(try await database.searchItems("brewhouse sparkling water 1").first == "WATER-1.5")
        #expect(try await database.searchItems("sparkling water 1.").first == "WATER-1.5")
        #expect(try await database.searchItems("sparkling water 12").first == "WATER-12")
    }

    /// The number itself still beats a number whose whole part it is: `1` is `1 kg` before `1.5kg`, even
    /// with a typo elsewhere and the longer name.
    @Test func aWholeNumberBeatsTheWholePartOfADecimal() async throws {
        let database = try await Self.shop(
            [("C-FROZEN", "Frozen Food")],
            [
                ("FISH-1.5", "Jalapeño Jack Fish Fingers 1.5kg", "C-FROZEN", "FZ-1"),
                ("FISH-1", "Jalapeño Jack Fish Fingers 1 kg", "C-FROZEN", "FZ-2"),
            ])
        #expect(try await database.searchItems("jalapeno jack fibh fingers 1").first == "FISH-1")
        #expect(try await database.searchItems("jalapeno jack fish fingers 1").first == "FISH-1")
    }

    /// A word typed twice wants a name that has it twice: `trade` is already `trade-line`'s in Trade-Line
    /// Stainless Isolating Valve (once 1st on its shorter document).
    @Test func aWordTypedTwiceFindsTheNameWithItTwice() async throws {
        let database = try await Self.shop(
            [("C-PLUMB", "Plumbing")],
            [
                ("STAINLESS", "Trade-Line Stainless Isolating Valve", "C-PLUMB", "TL-1"),
                ("TRADE", "Trade-Line Trade Isolating Valve", "C-PLUMB", "TL-2"),
            ])
        #expect(try await database.searchItems("trade-line trade isolating valve").first == "TRADE")
        #expect(try await database.searchItems("trade-line stainless isolating valve").first == "STAINLESS")
    }

    /// Words with digits are checked in Swift on what the other words find when that is a short list, and
    /// asked of the index with them otherwise: both ways find the same items, sizes typed together or
    /// apart, whole or as the start of the last word.
    @Test func sizesFindTheSameItemsWhetherTheOtherWordsFindFewOrMany() async throws {
        var items = [
            ("LAMP-40", "Brightline Desk Lamp 40W", "C-LIGHT", "BL-40"),
            ("LAMP-60", "Brightline Desk Lamp 60W", "C-LIGHT", "BL-60"),
            ("LAMP-60-APART", "Brightline Desk Lamp 60 W Brass", "C-LIGHT", "BL-60B"),
            ("LAMP-600", "Brightline Desk Lamp 600 Lumen", "C-LIGHT", "BL-600"),
        ]
        // More than the index is asked to narrow (48) with `brightline floor`: those queries take the index's way.
        for watts in 1...60 {
            items.append(("FLOOR-\(watts)", "Brightline Floor Lamp \(watts)W", "C-LIGHT", "BF-\(watts)"))
        }
        let database = try await Self.shop([("C-LIGHT", "Lighting")], items)
        #expect(Set(try await database.searchItems("brightline desk 60w")) == ["LAMP-60", "LAMP-60-APART"])
        #expect(Set(try await database.searchItems("brightline desk 60 w")) == ["LAMP-60", "LAMP-60-APART"])
        #expect(Set(try await database.searchItems("brightline 40w desk")) == ["LAMP-40"])
        #expect(
            Set(try await database.searchItems("brightline desk lamp 60")) == ["LAMP-60", "LAMP-60-APART", "LAMP-600"])
        #expect(Set(try await database.searchItems("brightline floor 7w")) == ["FLOOR-7"])
        #expect(
            Set(try await database.searchItems("brightline floor lamp 5"))
                == Set(
                    ["FLOOR-5"] + (50...59).map { "FLOOR-\($0)" }))
        #expect(Set(try await database.searchItems("brightline floor 33w lamp")) == ["FLOOR-33"])
    }

    /// A whole number typed before other words finds a decimal with that whole part as the last word
    /// does (`acme 2 drill` for Acme 2.0 Drill), and not a number that only starts with it (20V).
    @Test func aNumberBeforeOtherWordsFindsTheDecimal() async throws {
        let database = try await Self.shop(
            [("C-TOOLS", "Power Tools")],
            [
                ("DRILL-2", "Acme 2.0 Drill", "C-TOOLS", "AC-DA"),
                ("DRILL-20", "Acme 20V Drill", "C-TOOLS", "AC-DB"),
                ("SAW-2", "Acme 2.0 Saw", "C-TOOLS", "AC-SA"),
                ("DRILL-2X", "Acme 2 Drill Bits", "C-TOOLS", "AC-DC"),
            ])
        #expect(try await database.searchItems("acme 2 drill") == ["DRILL-2X", "DRILL-2"])
        #expect(try await database.searchItems("2 drill acme") == ["DRILL-2X", "DRILL-2"])
        #expect(try await database.searchItems("acme 2.0 drill") == ["DRILL-2"])
        #expect(try await database.searchItems("acme 20 drill") == ["DRILL-20"])
        #expect(try await database.searchItems("acme 2 d") == ["DRILL-2X", "DRILL-2"])
    }
}
