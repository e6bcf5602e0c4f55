import CatalogCore
import Sync
import Testing

@Suite("Price import: column detection")
struct PriceImportColumnTests {
    func detect(
        _ text: String, code: ColumnChoice? = nil, price: ColumnChoice? = nil
    ) throws -> PriceColumns {
        try ColumnDetector.detect(try CSVReader.read(text).rows, code: code, price: price)
    }

    @Test("Known headers, any case and spacing, pick the columns")
    func byHeader() throws {
        let columns = try detect("Name; EAN ;Old Price;New_Price\nWidget;4006381333931;1,00;1,20\n")
        #expect(columns.code == 1 && columns.price == 3)
        #expect(columns.hasHeader && columns.codeBasis == .header && columns.priceBasis == .header)
        let sku = try detect("description,Item SKU,Retail Price (USD)\nWidget,AC-1,4.99\n")
        #expect(sku.code == 1 && sku.price == 2)
        let id = try detect("variation id,price\nABCDEFGHIJKLMNOPQRSTUVWX,4.99\n")
        #expect(id.code == 0 && id.price == 1)
    }

    @Test("A barcode header wins over a SKU header")
    func barcodeBeforeSKU() throws {
        let columns = try detect("sku,upc,price\nA-1,036000291452,1.00\n")
        #expect(columns.code == 1)
    }

    @Test("Unknown headers: the content decides, and the first row is still a header")
    func byContent() throws {
        let columns = try detect(
            "Artikel;Bezeichnung;Menge;Betrag\n4006381333931;Stift;3;1,99\n036000291452;Heft;10;2,50\n")
        #expect(columns.code == 0 && columns.price == 3)
        #expect(columns.codeBasis == .content && columns.priceBasis == .content)
        #expect(columns.hasHeader)
    }

    @Test("No header at all: barcodes and prices are recognised and the first row is data")
    func noHeader() throws {
        let columns = try detect("4006381333931,$4.99\n036000291452,$1.00\n")
        #expect(columns.code == 0 && columns.price == 1 && !columns.hasHeader)
        let skus = try detect("Pen blue,PEN-BLU-01,2.49\nPad A5,PAD-A5,3.10\n")
        #expect(skus.code == 1 && skus.price == 2 && !skus.hasHeader)
    }

    @Test("Options by name or number override detection")
    func options() throws {
        let text = "a,b,c,d\nX-1,036000291452,1.00,2.00\n"
        let columns = try detect(text, code: ColumnChoice("a"), price: ColumnChoice("4"))
        #expect(columns.code == 0 && columns.price == 3)
        #expect(columns.codeBasis == .option && columns.priceBasis == .option)
        #expect(
            throws: PriceImportError.noSuchColumn(
                option: "--price-column", value: "cost", headers: ["a", "b", "c", "d"])
        ) {
            try detect(text, price: ColumnChoice("cost"))
        }
    }

    @Test("No code or no price column: the error lists the headers seen")
    func missing() {
        #expect(throws: PriceImportError.noPriceColumn(headers: ["sku", "name"])) {
            try detect("sku,name\nA-1,Pen\n")
        }
        do {
            _ = try detect("name,colour\nPen blue,blue pen\n")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("“name”, “colour”"))
            #expect("\(error)".contains("--code-column"))
        }
    }

    @Test("Two columns of prices without price headers: the user must choose")
    func severalPrices() {
        #expect(throws: PriceImportError.severalPriceColumns(candidates: ["alt", "neu"])) {
            try detect("code,alt,neu\nA-1,1.00,1.20\nB-2,2.00,2.20\n")
        }
    }
}
