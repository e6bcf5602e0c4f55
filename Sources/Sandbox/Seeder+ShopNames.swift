extension Seeder {
    /// A shelf name, `Brand [Descriptor] Product [Size]`, not yet used by any item (ignoring case), and its product
    /// noun. After four taken draws a model word goes before the size (`Acme Claw Hammer Mk3 16oz`).
    mutating func productName(_ category: ShopCategory, brand: ShopBrand, codes: inout ShopCodes) -> (String, String) {
        let descriptors = ShopWords.descriptors[category.sector.rawValue]
        var parts: (descriptor: String?, noun: String, size: String?) = (nil, "", nil)
        for _ in 0..<4 {
            let draw = ids.next()
            let nounIndex = Int(draw % UInt64(category.nouns.count))
            let sizes = category.sizes[nounIndex]
            parts.noun = category.nouns[nounIndex]
            parts.descriptor =
                descriptors.isEmpty || (draw >> 20) % 100 >= 45
                ? nil : descriptors[Int((draw >> 28) % UInt64(descriptors.count))]
            parts.size =
                sizes.isEmpty || (draw >> 36) % 100 < 15 ? nil : sizes[Int((draw >> 44) % UInt64(sizes.count))]
            let name = Self.shelfName(brand.name, parts.descriptor, parts.noun, nil, parts.size)
            if codes.claim(name: name) { return (name, parts.noun) }
        }
        let models = ["Series ", "Mk", "X", "Model ", "Gen ", "Pro "]
        let model = models[Int(ids.next() % UInt64(models.count))]
        var number = 2
        while true {
            let word = model == "X" ? "X\(number * 100)" : "\(model)\(number)"
            let name = Self.shelfName(brand.name, parts.descriptor, parts.noun, word, parts.size)
            if codes.claim(name: name) { return (name, parts.noun) }
            number += 1
        }
    }

    /// A book title not yet used by any item; after four taken draws, `: Book N` is added.
    mutating func bookTitle(codes: inout ShopCodes) -> String {
        var title = ""
        for _ in 0..<4 {
            let draw = ids.next()
            let adjective = ShopWords.bookAdjectives[Int((draw >> 8) % UInt64(ShopWords.bookAdjectives.count))]
            let noun = ShopWords.bookNouns[Int((draw >> 16) % UInt64(ShopWords.bookNouns.count))]
            let place = ShopWords.bookPlaces[Int((draw >> 24) % UInt64(ShopWords.bookPlaces.count))]
            let topic = ShopWords.bookTopics[Int((draw >> 32) % UInt64(ShopWords.bookTopics.count))]
            switch draw % 8 {
            case 0, 1: title = "The \(adjective) \(noun)"
            case 2: title = "\(adjective) \(noun)"
            case 3: title = "The \(noun) at \(place)"
            case 4, 5: title = "A \(adjective) \(noun) in \(place)"
            default:
                let shapes = ["\(topic): A Beginner's Guide", "The Complete \(topic)", "\(topic) Made Simple"]
                title = shapes[Int((draw >> 40) % 3)]
            }
            if codes.claim(name: title) { return title }
        }
        var number = 2
        while !codes.claim(name: "\(title): Book \(number)") { number += 1 }
        return "\(title): Book \(number)"
    }

    /// The words that are present, joined with single spaces.
    static func shelfName(_ brand: String, _ descriptor: String?, _ noun: String, _ model: String?, _ size: String?)
        -> String
    {
        var name = brand
        for word in [descriptor, noun, model, size] {
            if let word {
                name += " "
                name += word
            }
        }
        return name
    }
}
