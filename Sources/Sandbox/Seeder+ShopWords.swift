/// How the variations of a category's items differ from each other.
enum ShopOptionStyle {
    case pack, size, colour, colourSize, flavour, dimension, format, scent, grind, shoeSize, wattage, length, kit
}

/// The brand and descriptor pool a category draws from.
enum ShopSector: Int, CaseIterable {
    case food, drinks, household, hardware, stationery, pets, beauty, electronics, clothing, toys, garden, kitchen
    case books
}

/// One department of the synthetic shop: its products, their sizes and how they vary.
struct ShopCategory {
    let name: String
    /// Two lower-case letters for dotted SKUs (`hw.0142.s`).
    let code: String
    let sector: ShopSector
    let nouns: [String]
    /// For each noun, the sizes written into its item names; empty when its names carry none.
    let sizes: [[String]]
    let options: ShopOptionStyle
    let basePence: Int64

    init(
        _ name: String, _ code: String, _ sector: ShopSector, _ nouns: String, sizes: String,
        _ options: ShopOptionStyle, _ basePence: Int64
    ) {
        self.name = name
        self.code = code
        self.sector = sector
        // A noun is `Name` (it takes the category's sizes) or `Name=size,size` (its own, maybe none).
        let shared = sizes.split(separator: "|").map(String.init)
        let entries = nouns.split(separator: "|").map { $0.split(separator: "=", omittingEmptySubsequences: false) }
        self.nouns = entries.map { String($0[0]) }
        self.sizes = entries.map { $0.count > 1 ? $0[1].split(separator: ",").map(String.init) : shared }
        self.options = options
        self.basePence = basePence
    }
}

/// The synthetic shop's departments, ordered so that any prefix of the list mixes sectors (small seeds use a prefix).
let shopCategories: [ShopCategory] = [
    ShopCategory(
        "Snacks", "sn", .food, "Crisps|Tortilla Chips|Popcorn|Pretzels|Rice Cakes|Nachos|Trail Mix|Peanuts|Cashews",
        sizes: "25g|40g|150g|200 g|6 x 25g", .flavour, 95),
    ShopCategory(
        "Soft Drinks", "sd", .drinks,
        "Cola|Lemonade|Ginger Beer|Orangeade|Tonic Water|Energy Drink|Iced Tea|Cream Soda",
        sizes: "330ml|500 ml|1.5l|2 L|250ml|750ml", .pack, 85),
    ShopCategory(
        "Books", "bk", .books, "", sizes: "", .format, 899),
    ShopCategory(
        "Batteries", "bt", .electronics,
        "AA Batteries|AAA Batteries|C Batteries|D Batteries|9V Battery=Single,2 Pack"
            + "|Button Cells=CR2032,LR44,4 Pack|Battery Charger=|Power Bank=10000mAh,20000 mAh",
        sizes: "4 Pack|8 Pack|2 Pack|12 Pack|16-Pack", .pack, 299),
    ShopCategory(
        "Hardware", "hw", .hardware,
        "Padlock=40mm,50 mm|Hasp|Door Hinge|Cabin Hook|Shelf Bracket|Tower Bolt|Door Stop=|Letter Plate="
            + "|Cup Hook=25mm,Pack of 10|Gate Latch",
        sizes: "25mm|50 mm|75mm|100mm|2in", .dimension, 349),
    ShopCategory(
        "Stationery", "st", .stationery,
        "Ballpoint Pens|Notebook=A4,A5,A6|Envelopes=C5,DL,Pack of 50|Sticky Notes=76x76mm,12 Pads"
            + "|Ring Binder=A4,2 Ring|Pencils|Highlighters|Erasers|Ruler=30cm,15 cm|Glue Stick",
        sizes: "10 Pack|Pack of 50|Pack of 12", .colour, 175),
    ShopCategory(
        "Cleaning", "cl", .household,
        "Surface Spray|Bleach|Washing-Up Liquid|Glass Cleaner|Floor Cleaner|Sponges=6 Pack,10 Pack"
            + "|Scourers=3 Pack|Toilet Cleaner|Oven Cleaner|Microfibre Cloths=5 Pack,10 Pack",
        sizes: "500ml|750 ml|1l|5 L", .scent, 150),
    ShopCategory(
        "Pet Food", "pf", .pets,
        "Dry Dog Food|Wet Cat Food|Dog Biscuits|Cat Treats|Bird Seed|Fish Flakes|Rabbit Nuggets"
            + "|Dental Chews|Puppy Food", sizes: "400g|800 g|2kg|12kg|12 x 100g", .pack, 225),
    ShopCategory(
        "Coffee & Tea", "ct", .drinks,
        "Espresso Beans|Filter Coffee|Instant Coffee|Tea Bags=80 Bags,240 Bags,40 Bags"
            + "|Green Tea=20 Bags,50 Bags|Earl Grey=50 Bags,100 Bags|Herbal Tea=20 Bags|Hot Chocolate=250g,1kg"
            + "|Coffee Pods=10 Pods,40 Pods|Chai Latte=8 Sachets",
        sizes: "227g|1kg|250 g|500g", .grind, 325),
    ShopCategory(
        "Confectionery", "cf", .food,
        "Milk Chocolate Bar|Dark Chocolate|Fudge|Toffees|Jelly Beans|Mints|Wine Gums"
            + "|Chocolate Buttons|Liquorice|Marshmallows", sizes: "45g|100g|200 g|1kg|Share Bag", .pack, 89),
    ShopCategory(
        "Toiletries", "tl", .beauty,
        "Shower Gel|Bar Soap=100g,4 x 90g|Toothpaste=75ml,100 ml|Deodorant|Hand Wash|Bubble Bath"
            + "|Mouthwash|Cotton Buds=200 Pack|Razors=4 Pack,10 Pack",
        sizes: "250ml|400 ml|75ml|150ml|500ml", .scent, 199),
    ShopCategory(
        "Hand Tools", "ht", .hardware,
        "Claw Hammer=16oz,20oz|Screwdriver Set=6 Piece,10 Piece|Combination Pliers=180mm,8in"
            + "|Tape Measure=5m,8 m|Spanner Set=8 Piece|Hacksaw=300mm,12in|Utility Knife"
            + "|Spirit Level=600mm,1200mm|Chisel Set=3 Piece|Allen Keys=9 Piece",
        sizes: "", .size, 799),
    ShopCategory(
        "Clothing", "cg", .clothing,
        "T-Shirt|Hoodie|Fleece Jacket|Rain Jacket|Chinos|Jumper|Polo Shirt|Beanie Hat"
            + "|Joggers|Gilet", sizes: "", .colourSize, 1499),
    ShopCategory(
        "Toys & Games", "tg", .toys,
        "Jigsaw Puzzle=500 Pieces,1000 Piece|Board Game=Age 8+|Building Blocks=100 Pieces,250 Piece"
            + "|Toy Car=1:43|Card Game=52 Cards|Yo-Yo|Kite|Plush Bear=30cm,60 cm|Skipping Rope|Marble Run",
        sizes: "", .colour, 999),
    ShopCategory(
        "Garden", "gd", .garden,
        "Compost=40l,50 L|Plant Food=1kg,1 Litre|Hose Pipe=15m,30 m|Secateurs|Trowel"
            + "|Plant Pots=9cm,13 cm,Pack of 10|Grass Seed=500g,1.5kg|Slug Pellets=350g|Bird Feeder"
            + "|Watering Can=10 Litre,5l",
        sizes: "", .size, 499),
    ShopCategory(
        "Kitchenware", "kw", .kitchen,
        "Frying Pan=20cm,24 cm,28cm|Saucepan=16cm,18 cm|Chef's Knife=20cm,8in|Chopping Board"
            + "|Mixing Bowl=2.5l,4 L|Baking Tray=35cm|Kettle=1.7l|Teapot=2 Cup,6 Cup|Colander=24cm|Rolling Pin",
        sizes: "", .colour, 1299),
    ShopCategory(
        "Laundry", "ld", .household,
        "Washing Powder=1.3kg,2 kg,40 Washes|Laundry Liquid=900ml,1.5 L|Fabric Conditioner=1.2l,2 L"
            + "|Stain Remover=500ml,1kg|Laundry Capsules=24 Pack,36 Washes|Dryer Sheets=40 Sheets"
            + "|Colour Catcher=20 Sheets|Starch Spray=400ml",
        sizes: "", .scent, 399),
    ShopCategory(
        "Breakfast Cereals", "bc", .food,
        "Corn Flakes|Porridge Oats|Muesli|Granola|Bran Flakes|Rice Pops|Wheat Biscuits"
            + "|Frosted Flakes|Fruit & Fibre", sizes: "375g|500 g|750g|1kg|24 Pack", .size, 189),
    ShopCategory(
        "Juices", "jc", .drinks,
        "Orange Juice|Apple Juice|Cranberry Juice|Pineapple Juice|Tomato Juice|Smoothie"
            + "|Grapefruit Juice|Mango Nectar", sizes: "1l|1 L|250ml|750 ml|1.75l|200ml", .pack, 129),
    ShopCategory(
        "Power Tools", "pt", .hardware,
        "Cordless Drill|Jigsaw|Angle Grinder|Orbital Sander=240W|Circular Saw|Heat Gun=2000W|Glue Gun="
            + "|Impact Driver|Multi-Tool=300W,18V",
        sizes: "18V|12 V|20V", .kit, 3999),
    ShopCategory(
        "Lighting", "lt", .electronics,
        "LED Bulb=E27,B22,GU10,5W,60 W|Torch|Head Torch|Desk Lamp|Night Light"
            + "|Fairy Lights=10m,5 m,100 LED|Lantern|Strip Light=5m|Work Light=20W",
        sizes: "", .wattage, 399),
    ShopCategory(
        "Pet Care", "pc", .pets,
        "Dog Lead=1.2m|Cat Litter=10l,5 kg|Flea Treatment|Pet Shampoo=250ml|Dog Bed|Scratching Post"
            + "|Chew Toy|Poop Bags=120 Bags|Pet Bowl",
        sizes: "", .size, 499),
    ShopCategory(
        "Tinned Food", "tf", .food,
        "Baked Beans|Chopped Tomatoes|Tuna Chunks|Chickpeas|Sweetcorn|Tomato Soup"
            + "|Coconut Milk|Kidney Beans|Peach Slices|Corned Beef", sizes: "415g|400 g|160g|340g|4 x 400g", .pack,
        79),
    ShopCategory(
        "Paint & Decorating", "pd", .hardware,
        "Emulsion|Gloss Paint|Wood Stain|Masonry Paint|Primer|Paint Brush Set=5 Piece"
            + "|Paint Roller=9in,4 inch|Decorator's Caulk=380ml|Masking Tape=25mm,50m|Filler=330g,600 g",
        sizes: "2.5l|5 L|750ml|250 ml|1 Litre", .colour, 1199),
    ShopCategory(
        "Hair Care", "hc", .beauty,
        "Shampoo|Conditioner|Hair Spray|Styling Gel=150ml|Hair Mask|Dry Shampoo|Hair Oil|Curl Cream"
            + "|Hairbrush=",
        sizes: "250ml|400 ml|200ml|100ml|500ml", .scent, 299),
    ShopCategory(
        "Phone Accessories", "pa", .electronics,
        "USB-C Cable=1m,2 m,3ft|Phone Case|Screen Protector|Wall Charger=20W,65 W|Car Charger=30W"
            + "|Wireless Charger=15W|Phone Stand|Lightning Cable=1m,2 m",
        sizes: "", .colour, 999),
    ShopCategory(
        "Footwear", "fw", .clothing,
        "Trainers|Walking Boots|Wellies|Slippers|Sandals|Canvas Shoes|Flip Flops|Insoles"
            + "|Shoe Polish", sizes: "", .shoeSize, 2499),
    ShopCategory(
        "Pasta & Rice", "pr", .food,
        "Spaghetti|Penne|Fusilli|Basmati Rice|Arborio Rice|Egg Noodles|Lasagne Sheets"
            + "|Couscous|Macaroni|Jasmine Rice", sizes: "500g|1kg|250 g|2 kg|5kg", .size, 99),
    ShopCategory(
        "Beer & Cider", "bs", .drinks, "Pale Ale|Lager|Stout|Cider|IPA|Bitter|Pilsner|Wheat Beer|Perry",
        sizes: "330ml|440 ml|500ml|568ml|4 x 440ml", .pack, 179),
    ShopCategory(
        "Fixings", "fx", .hardware,
        "Wood Screws|Masonry Nails|Wall Plugs|Coach Bolts|Washers|Hex Nuts|Panel Pins"
            + "|Cable Clips|Rawl Plugs|Picture Hooks", sizes: "100 Pack|Box of 200|4 x 40mm|M8|M6", .dimension, 249),
    ShopCategory(
        "Skin Care", "sk", .beauty,
        "Moisturiser|Face Wash|Sun Cream|Lip Balm=4.8g,4.8 g|Hand Cream|Body Lotion|Face Mask|Toner"
            + "|Night Cream",
        sizes: "50ml|200 ml|15ml|4.8g|100ml", .size, 499),
    ShopCategory(
        "Sauces & Condiments", "sc", .food,
        "Tomato Ketchup|Brown Sauce|Mayonnaise|English Mustard|Salad Cream"
            + "|Soy Sauce|Hot Sauce|Pesto|Piccalilli|Mint Sauce", sizes: "460g|250 ml|570g|150ml|1l", .size, 129),
    ShopCategory(
        "Electrical", "el", .electronics,
        "Extension Lead=4 Gang,2m,10 m|Plug Adaptor=13A|Fuse=5 Amp,13A|Cable Reel=25m,50 m|Timer Switch"
            + "|Doorbell|Smoke Alarm|Light Switch|Socket",
        sizes: "", .colour, 599),
    ShopCategory(
        "Art Supplies", "as", .stationery,
        "Watercolour Set|Acrylic Paint|Sketch Pad|Colouring Pencils|Canvas"
            + "|Paint Brushes|Oil Pastels|Charcoal Sticks|Fineliners", sizes: "A3|A4|12 Pack|24 Colours|30x40cm",
        .colour, 499),
    ShopCategory(
        "Baking", "bg", .food,
        "Plain Flour|Self-Raising Flour|Caster Sugar|Icing Sugar|Baking Powder=170g|Cocoa Powder"
            + "|Vanilla Extract=38ml|Dried Yeast=7g,8 x 7g|Sprinkles=100g|Ground Almonds",
        sizes: "1.5kg|500 g|1kg", .size, 119),
    ShopCategory(
        "Health & Pharmacy", "hp", .beauty,
        "Paracetamol|Ibuprofen|Plasters=20 Pack,40 Pack|Vitamin C|Cough Syrup=150ml,100 ml"
            + "|Hay Fever Tablets|Antiseptic Cream=30g|Multivitamins|Throat Lozenges=24 Pack",
        sizes: "16 Tablets|32 Caplets|60 Tabs", .pack, 249),
    ShopCategory(
        "Audio", "au", .electronics,
        "Earbuds|Headphones|Bluetooth Speaker|Radio|Aux Cable|Soundbar|Earphones"
            + "|Record Player", sizes: "", .colour, 1999),
    ShopCategory(
        "Water", "wt", .drinks,
        "Spring Water|Sparkling Water|Flavoured Water|Mineral Water|Coconut Water"
            + "|Alkaline Water", sizes: "500ml|1.5l|2 L|750 ml|6 x 500ml", .pack, 59),
    ShopCategory(
        "Plumbing", "pl", .hardware,
        "Basin Tap|Sink Plunger=|PTFE Tape=12m|Compression Fitting|Waste Trap|Shower Head=|Radiator Key="
            + "|Pipe Clip|Isolating Valve",
        sizes: "15mm|22 mm|1/2in", .dimension, 449),
    ShopCategory(
        "Frozen Food", "fz", .food,
        "Garden Peas|Fish Fingers|Oven Chips|Ice Cream=900 ml,1 Litre|Pizza=12in,400g|Sweetcorn Cobs"
            + "|Veggie Burgers|Chicken Nuggets|Mixed Berries",
        sizes: "907g|1 kg|400g|1.5kg|900 ml|10 Pack", .size, 199),
    ShopCategory(
        "Paper & Wrap", "pw", .household,
        "Toilet Roll=9 Roll,4 Pack|Kitchen Roll=2 Roll|Tissues=4 Pack|Cling Film=30m,20 m|Foil=10m"
            + "|Baking Paper|Bin Bags=20 Bags,50 Pack|Freezer Bags=50 Pack|Sandwich Bags=100 Pack",
        sizes: "", .pack, 229),
    ShopCategory(
        "Baby", "by", .beauty,
        "Baby Wipes=64 Wipes,12 x 64|Nappies=Size 3,Size 4,Size 5|Baby Lotion=200ml|Teething Gel=10g"
            + "|Baby Bottle=260ml|Dummy=0-6 Months,6-18 Months|Nappy Cream=100g|Bibs=3 Pack|Baby Bath",
        sizes: "", .pack, 349),
    ShopCategory(
        "Socks & Hosiery", "sh", .clothing,
        "Ankle Socks|Walking Socks|Tights|Trainer Socks|Bed Socks|Thermal Socks"
            + "|Compression Socks", sizes: "3 Pack|5 Pack|2 Pair|7 Pack", .colourSize, 699),
    ShopCategory(
        "Outdoor & Camping", "oc", .garden,
        "Tent=2 Person,4 Man|Sleeping Bag=3 Season|Camping Stove|Cool Box=25l,40 L|Folding Chair"
            + "|Water Bottle=750ml,1l|Picnic Blanket|Rucksack=25l,40 L|Compass",
        sizes: "", .colour, 1999),
    ShopCategory(
        "Spices & Herbs", "sp", .food,
        "Black Pepper|Paprika|Ground Cumin|Chilli Flakes|Dried Oregano|Garlic Granules"
            + "|Turmeric|Cinnamon|Curry Powder|Jalapeño Slices", sizes: "42g|100 g|34g|12g|200g", .size, 109),
    ShopCategory(
        "Wine & Spirits", "ws", .drinks,
        "Red Wine|White Wine|Rosé|Prosecco|Gin|Vodka|Whisky|Rum|Port|Crème de Cassis",
        sizes: "75cl|70 cl|1.5l|35cl|187ml", .size, 799),
    ShopCategory(
        "Storage", "sg", .household,
        "Storage Box=10l,32 L,45l|Vacuum Bags|Food Containers=Set of 5,1.2l|Shoe Rack=3 Tier"
            + "|Coat Hooks=5 Hook|Laundry Basket|Drawer Organiser|Under-Bed Box",
        sizes: "", .colour, 899),
    ShopCategory(
        "Dairy", "dy", .food,
        "Whole Milk=1 Pint,4 pints,2 L|Greek Yoghurt=500g,1kg|Salted Butter=250 g,500g|Cheddar=400g,200 g"
            + "|Double Cream=300ml,600 ml|Crème Fraîche=300ml|Oat Drink=1l|Cottage Cheese=300g|Kefir=500ml",
        sizes: "", .size, 115),
    ShopCategory(
        "Party", "py", .toys,
        "Balloons=20 Pack,10 Pack|Party Poppers=10 Pack|Paper Plates=20 Pack,23cm|Candles=24 Pack"
            + "|Bunting=5m,10 m|Party Bags|Napkins=Pack of 50,33cm|Streamers",
        sizes: "", .colour, 249),
    ShopCategory(
        "Bakery", "bb", .food,
        "Sourdough Loaf|Bread Rolls|Bagels|Crumpets|Croissants|Pitta Bread|Wraps|Hot Cross Buns"
            + "|Brioche", sizes: "800g|400 g|6 Pack|4 Pack|12 Pack", .size, 120),
    ShopCategory(
        "Office Paper", "op", .stationery,
        "Printer Paper|Card Stock|Labels=21 Per Sheet,100 Sheets|Index Cards=6x4in,Pack of 100"
            + "|Graph Paper|Photo Paper|Legal Pad|Tracing Paper",
        sizes: "A4|A3|500 Sheets|80gsm|160 gsm", .pack, 399),
    ShopCategory(
        "World Foods", "wf", .food,
        "Jollof Seasoning|Kimchi|Miso Paste|Tahini|Harissa|Smørrebrød Rye|Lingonberry Jam"
            + "|Gochujang|Tortillas|Falafel Mix", sizes: "200g|450 g|500g|8 Pack|1kg", .size, 199),
    ShopCategory(
        "Deli", "dl", .food, "Salami|Prosciutto|Olives|Hummus|Feta|Halloumi|Sun-Dried Tomatoes|Pâté|Chorizo|Brie",
        sizes: "100g|150 g|200g|250g|70g", .size, 249),
    ShopCategory(
        "Biscuits", "bi", .food,
        "Digestives|Rich Tea|Shortbread|Custard Creams|Ginger Nuts|Oat Biscuits|Bourbons"
            + "|Jaffa Cakes|Cookies|Crackers", sizes: "300g|400 g|200g|150g|Twin Pack", .pack, 99),
    ShopCategory(
        "Cards & Gift Wrap", "cw", .stationery,
        "Birthday Card|Gift Wrap=4m,10 m|Gift Bag=Medium,Large|Ribbon=25m|Gift Tags=Pack of 20"
            + "|Thank You Cards=Pack of 10|Wedding Card|Tissue Paper=10 Sheets",
        sizes: "", .colour, 199),
]
