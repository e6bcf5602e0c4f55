import CatalogCore

/// What one synthetic item is before its words are drawn.
struct ShopItemPlan {
    let category: ShopCategory
    let categoryId: String
    let number: Int
    let variationCount: Int
    let archived: Bool
}

/// One variation as `Seeder.addItem` takes it.
typealias SeedVariation = (name: String, sku: String, upc: String, pence: Int64?)

extension Seeder {
    /// A realistic synthetic shop: exactly `variations` variations over about `variations / 2.85` items
    /// (1-5 each), in up to 55 categories with names like `Acme Heavy-Duty Claw Hammer 16oz`.
    /// Reproducible: the same count gives byte-identical objects.
    mutating func addSynthetic(variations: Int) {
        let categoryCount = min(shopCategories.count, max(3, variations / 40))
        let categories = shopCategories.prefix(categoryCount).map { ($0, addCategory($0.name)) }
        let taxId = add("TAX", "tax_data", Self.vat)
        let expectedItems = variations * 100 / 284 + 16
        reserve(objects: variations + expectedItems + categoryCount + 1, items: expectedItems, variations: variations)
        var codes = ShopCodes(
            brands: ShopBrand.all.reduce(0) { $0 + $1.count }, expectedItems: expectedItems,
            expectedVariations: variations)
        var remaining = variations
        var number = 0
        var serial = 0
        while remaining > 0 {
            let draw = ids.next()
            let (category, categoryId) = categories[Int(draw % UInt64(categoryCount))]
            let countDraw = (draw >> 16) % 100
            let count = min(
                remaining, countDraw < 22 ? 1 : countDraw < 42 ? 2 : countDraw < 66 ? 3 : countDraw < 86 ? 4 : 5)
            number += 1
            let plan = ShopItemPlan(
                category: category, categoryId: categoryId, number: number, variationCount: count,
                archived: (draw >> 24) % 100 == 0)
            if category.sector == .books {
                addBook(plan, codes: &codes, serial: &serial)
            } else {
                addProduct(plan, taxId: taxId, codes: &codes, serial: &serial)
            }
            remaining -= count
        }
    }

    /// Sizes the containers once, so a large seed does not spend its time rehashing.
    private mutating func reserve(objects: Int, items: Int, variations: Int) {
        written.reserveCapacity(objects)
        state.objects.reserveCapacity(objects)
        state.log.reserveCapacity(objects)
        state.liveVariations.reserveCapacity(items)
        state.counts.reserveCapacity(variations * state.locations.count)
        state.countsByObject.reserveCapacity(variations)
    }

    private mutating func addProduct(_ plan: ShopItemPlan, taxId: String, codes: inout ShopCodes, serial: inout Int) {
        let brands = ShopBrand.all[plan.category.sector.rawValue]
        let brand = brands[Int(ids.next() % UInt64(brands.count))]
        let (name, noun) = productName(plan.category, brand: brand, codes: &codes)
        let productCode = ShopCodes.productCode(noun)
        var list: [SeedVariation] = []
        for (index, option) in Self.options(plan.category.options, count: plan.variationCount, draw: ids.next())
            .enumerated()
        {
            serial += 1
            let draw = ids.next()
            var sku = ""
            if draw % 100 >= 3 {
                let text = Self.sku(
                    brand: brand, category: plan.category, product: productCode, number: plan.number,
                    option: option.code, serial: serial)
                sku = codes.unique(sku: text, serial: serial)
            }
            let upc: String
            switch (draw >> 8) % 100 {
            case 0..<3: upc = ""
            case 3..<7: upc = codes.nextEAN8()
            default: upc = brand.usesUPC ? codes.nextUPC(brand: brand.index) : codes.nextEAN13(brand: brand.index)
            }
            list.append((option.name, sku, upc, Self.price(plan.category.basePence, index: index, draw: draw >> 16)))
        }
        addItem(
            name: name, description: "\(noun) from \(brand.name), in our \(plan.category.name) range.",
            categoryId: plan.categoryId, taxId: taxId, archived: plan.archived, variations: list)
    }

    private mutating func addBook(_ plan: ShopItemPlan, codes: inout ShopCodes, serial: inout Int) {
        let pick = ids.next()
        let publishers = ShopWords.brands[ShopSector.books.rawValue]
        let publisher = publishers[Int(pick % UInt64(publishers.count))]
        let author = ShopWords.authors[Int((pick >> 16) % UInt64(ShopWords.authors.count))]
        let title = bookTitle(codes: &codes)
        var list: [SeedVariation] = []
        for (index, option) in ShopWords.format.prefix(plan.variationCount).enumerated() {
            serial += 1
            let draw = ids.next()
            let isbn = codes.nextISBN()
            let sku = draw % 100 < 3 ? "" : codes.unique(sku: ShopCodes.hyphenated(isbn: isbn), serial: serial)
            list.append((option.name, sku, isbn, Self.price(plan.category.basePence, index: index, draw: draw >> 16)))
        }
        addItem(
            name: title, description: "\(title) by \(author), published by \(publisher).",
            categoryId: plan.categoryId, taxId: nil, archived: plan.archived, variations: list)
    }

    /// `count` distinct options of `style` from a drawn starting point; a lone variation is "Regular".
    static func options(_ style: ShopOptionStyle, count: Int, draw: UInt64) -> [(name: String, code: String)] {
        if count == 1 && style != .format { return [("Regular", "")] }
        if style == .colourSize {
            let colours = ShopWords.colours.count
            let sizes = ShopWords.clothingSizes.count
            let colour = Int(draw % UInt64(colours))
            let size = Int((draw >> 8) % UInt64(sizes))
            return (0..<count).map {
                ShopWords.colourSizes[((colour + $0 / 3) % colours) * sizes + (size + $0 % 3) % sizes]
            }
        }
        let list = ShopWords.options(style)
        let start = style == .format ? 0 : Int(draw % UInt64(list.count))
        return (0..<count).map { list[(start + $0) % list.count] }
    }

    /// A shelf price in pence ending in 9, rising with the option's position; about 1 in 200 is variable (nil).
    static func price(_ base: Int64, index: Int, draw: UInt64) -> Int64? {
        if (draw >> 32) % 200 == 0 { return nil }
        let raw = base + Int64(draw % UInt64(base)) + Int64(index) * base / 2
        return raw / 10 * 10 + 9
    }

    /// The SKU of one variation in its brand's style.
    static func sku(
        brand: ShopBrand, category: ShopCategory, product: String, number: Int, option: String, serial: Int
    ) -> String {
        let padded = ShopCodes.padded(number)
        switch brand.skuStyle {
        case .dashed:
            let base = "\(brand.code2)-\(product)-\(padded)"
            return option.isEmpty ? base : "\(base)-\(option)"
        case .compact: return "\(brand.code2)\(product.prefix(1))\(padded)\(option)"
        case .slashed:
            let base = "\(brand.code3)/\(padded)"
            return option.isEmpty ? base : "\(base)/\(option)"
        case .dotted:
            let base = "\(category.code).\(padded)"
            return option.isEmpty ? base : "\(base).\(option.lowercased())"
        case .numeric, .isbn: return String(500_000 + serial)
        }
    }
}
