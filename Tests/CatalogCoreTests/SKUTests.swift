import CatalogCore
import Testing

@Suite struct SKUTests {
    @Test(arguments: ["hw-0142 s", "HW0142S", "HW.0142/S", "hw_0142_s", " Hw-0142-S\t", "HW\\0142 s"])
    func spellingsShareAKey(sku: String) {
        #expect(SKU.key(sku) == "HW0142S")
    }

    @Test func differentCodesStayDifferent() {
        #expect(SKU.key("HW-0142-S") != SKU.key("HW-0142-M"))
        #expect(SKU.key("ÄB-1") == "ÄB1")
        #expect(SKU.key("") == "")
    }
}
