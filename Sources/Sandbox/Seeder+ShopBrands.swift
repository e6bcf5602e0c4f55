/// Brands, descriptors, variation options and book words for the synthetic shop (all invented).
enum ShopWords {
    /// Brands by sector (`ShopSector.rawValue`); for books these are publishers.
    static let brands: [[String]] = split([
        "Brookfield|Golden Acre|Millbrook|Harvest Moon|Old Mill|Crème Royale|Jalapeño Jack|Smørrebrød Co|Sunvale"
            + "|Hearth & Home|Nonna Rosa|Kettle-Bay|Wild Thyme|Greenfold|Baxter's Kitchen|Little Larder|Red Kite"
            + "|Oakhurst|Tuck-Shop|Frieda's",
        "Café Noir|Fizzwell|Kola-Kula|Bright Spring|Highland Burn|Orchard Gold|Tea Tree Lane|Brewhouse|Ærø Vand"
            + "|Sip-Sip|Citrus Bay|Blue Peak|Dark Roast Co|Vita-Zing",
        "Sparkle|Kleenhaus|Fresh-Aire|Bright & Clean|Moppet|Purezza|Linenfold|Scrubba|Eco-Wave|Dazzle|Homely|Sudsy",
        "Acme|Rust-Guard|Ironside|Toolmaster|Straße Werk|Bolt & Nut|Handyman Pro|Forge-Tec|Stanmore|Grip-Fast"
            + "|Northwood|Hexa|Trade-Line|Brunswick|Sturdi",
        "Quillmark|Paperwise|Inkwell|Scribo|Note-It|Ledgerline|Colorado Art|Pennant|Folio & Co|Atelier Bleu",
        "Happy Paws|Whisker-Wise|Tail Waggers|Purrfect|Barkley's|Feathers & Fins|Nibbles|Canis Gold|Miau|PetPals",
        "Dermacare|Lumière|Silkweave|Fresh-Face|Naturelle|Pure Bloom|Clearwater|Velvetine|Mane Street|Glow-Up"
            + "|Medisure|BabySoft|Apothek|Søren & Co",
        "Voltacell|Duravolt|PowerPlus|Brightstar|Lumo|Kabel-Link|SoundWave|Juice-Box|Ohmega|Spark-Tec|Lumina|Zapp",
        "North Fell|Woolly Mammoth|Threadbare|Cottonfield|Peak & Pine|Stride|Sockwell|Urban Thread|Fjällby"
            + "|Marine-Knit|Heritage Tweed|Trail-Blazer",
        "Tiny Town|Brickworks|PlayHouse|Funfair|Wonder-Kit|Puzzle Pete|Rocket Toys|Jolly Roger|Kite-Flyer|Meeple & Co",
        "Green Thumb|Bloomfield|Evergreen|Garden-Pro|Hedgerow|Terra Nova|Sun-Ray|Wildflower|Allotment Co|Birchwood",
        "Chef's Choice|Kitchen Kraft|Le Creux|Panhandle|Steelworks|Copper-Pot|Bakewell|Home-Ware|Scandi Hus"
            + "|Granite Rock",
        "Penhallow Press|Blue Door Books|Kestrel|Marlowe & Finch|Ninepin|Osprey Lane|Harbour Books|Quayside",
    ])

    /// Words between brand and product ("Heavy-Duty", "Zero"), by sector.
    static let descriptors: [[String]] = split([
        "Organic|Classic|Original|Reduced Sugar|Low Fat|Extra Mature|Smoked|Wholegrain|Gluten-Free|Family|Luxury"
            + "|Spicy",
        "Zero|Diet|Sparkling|Still|Light|Cherry|Lemon & Lime|Decaf|Dark Roast|Premium",
        "Antibacterial|Lemon|Lavender|Sensitive|Concentrated|Eco|Heavy Duty|Original",
        "Pro-Grip|Heavy-Duty|Professional|Stainless|Magnetic|Cordless|Compact|Trade|Galvanised",
        "Recycled|Fine Point|Gel|Permanent|Spiral|Hardback|Pastel|Executive",
        "Adult|Puppy|Kitten|Senior|Grain-Free|Chicken|Salmon|Lamb & Rice",
        "Sensitive|Moisturising|Volumising|Fragrance-Free|Men's|Repair|Daily|SPF30",
        "Alkaline|Rechargeable|Ultra|Wireless|LED|Fast-Charge|Plus|Smart",
        "Merino|Waterproof|Slim Fit|Classic|Thermal|Organic Cotton|Lightweight",
        "Deluxe|Junior|Mini|Giant|Classic|Electronic|Travel",
        "Multi-Purpose|Peat-Free|Heavy Duty|Solar|Frost-Proof|Organic",
        "Non-Stick|Stainless Steel|Cast Iron|Glass|Bamboo|Professional|Enamel",
        "",
    ])

    /// Variation names and their SKU codes, `Name:CODE`, by option style.
    static func options(_ style: ShopOptionStyle) -> [(name: String, code: String)] {
        switch style {
        case .pack: pack
        case .size: size
        case .colour: colours
        case .colourSize: colourSizes
        case .flavour: flavour
        case .dimension: dimension
        case .format: format
        case .scent: scent
        case .grind: grind
        case .shoeSize: shoeSize
        case .wattage: wattage
        case .length: length
        case .kit: kit
        }
    }

    static let colours = pairs(
        "Black:BK|White:WH|Red:RD|Blue:BL|Navy:NV|Green:GN|Olive:OL|Yellow:YL|Orange:OR|Pink:PK|Purple:PR|Grey:GY"
            + "|Charcoal:CH|Brown:BR|Beige:BG|Cream:CR|Teal:TL|Turquoise:TQ|Burgundy:BY|Mustard:MS|Lilac:LL|Silver:SV"
            + "|Gold:GD|Sage:SG|Coral:CO")
    static let clothingSizes = pairs("XS:XS|S:S|M:M|L:L|XL:XL|XXL:XXL")
    static let pack = pairs("Single:1|Pack of 4:P4|Pack of 6:P6|Pack of 12:P12|Pack of 24:P24|Twin Pack:P2")
    static let size = pairs("Small:S|Medium:M|Large:L|XL:XL|Jumbo:J|Mini:MN")
    static let flavour = pairs(
        "Ready Salted:RS|Cheese & Onion:CO|Salt & Vinegar:SV|Sweet Chilli:SC|Smoky Bacon:SB|Sour Cream & Chive:SCC"
            + "|Jalapeño:JP|Sea Salt:SS")
    static let dimension = pairs("6mm:6|8mm:8|10mm:10|12mm:12|16mm:16|20mm:20")
    static let format = pairs("Paperback:PB|Hardback:HB|Large Print:LP|Audio CD:CD|Special Edition:SE")
    static let scent = pairs(
        "Original:OG|Lemon:LM|Lavender:LV|Ocean Breeze:OB|Fresh Linen:FL|Unscented:UN|Eucalyptus:EU")
    static let grind = pairs("Whole Bean:WB|Ground:GR|Decaf:DC|Fine Grind:FG|Extra Strong:XS|Pods:PD")
    static let shoeSize = pairs("UK 5:5|UK 6:6|UK 7:7|UK 8:8|UK 9:9|UK 10:10|UK 11:11")
    static let wattage = pairs("Warm White:WW|Cool White:CW|Daylight:DL|Dimmable:DM|Colour Changing:CC")
    static let length = pairs("1m:1M|2m:2M|3 m:3M|5m:5M|10 m:10M")
    static let kit = pairs("Body Only:BO|1 Battery Kit:K1|2 Battery Kit:K2|With Case:WC|Trade Kit:TK")
    /// Every colour in every clothing size, "Red / XL".
    static let colourSizes: [(name: String, code: String)] = colours.flatMap { colour in
        clothingSizes.map { (colour.name + " / " + $0.name, colour.code + $0.code) }
    }

    static let bookAdjectives = list(
        "Silent|Hidden|Last|Golden|Winter|Broken|Secret|Little|Long|Crimson|Quiet|Lost|Northern|Midnight|Painted"
            + "|Wild|Glass|Iron|Summer|Forgotten|Salt|Paper|Velvet|Burning|Distant|Borrowed")
    static let bookNouns = list(
        "Garden|River|House|Orchard|Lighthouse|Harbour|Kitchen|Map|Letters|Island|Road|Library|Season|Station"
            + "|Forest|Bridge|Shop|Workshop|Year|Allotment|Ledger|Compass|Voyage|Fields|Café|Clockmaker")
    static let bookPlaces = list(
        "Ærø|Whitby|Kyoto|Provence|Lisbon|the Dales|Straßburg|São Paulo|Reykjavík|Córdoba|Kirkgate|Montréal")
    static let bookTopics = list(
        "Sourdough|Woodworking|Houseplants|Knitting|Bookkeeping|Birdwatching|Beekeeping|Cycling|Photography"
            + "|Fermentation|Pottery|Chess|Jam Making|Bicycle Repair")
    static let authors = list(
        "R. Hartley|J. Okafor|M. Lindqvist|P. Sandhu|A. Núñez|K. Brennan|S. Øster|L. Moreau|T. Adeyemi|H. Kowalski"
            + "|E. Fitzgerald|C. Müller|D. Ramírez|F. Nakamura")

    private static func list(_ text: String) -> [String] { text.split(separator: "|").map(String.init) }

    private static func split(_ texts: [String]) -> [[String]] { texts.map(list) }

    private static func pairs(_ text: String) -> [(name: String, code: String)] {
        list(text).map { pair in
            let parts = pair.split(separator: ":")
            return (String(parts[0]), String(parts[1]))
        }
    }
}
