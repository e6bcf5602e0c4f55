import CatalogCore
import Testing

@Suite("CSV")
struct CSVTests {
    @Test("Quoted fields keep separators, doubled quotes and line breaks; lines are where records start")
    func quoting() throws {
        let text =
            "code,name,price\n123,\"Widget, large\",4.99\n456,\"He said \"\"hi\"\"\",\"5\"\n"
            + "789,\"two\nlines\",6.50\n999,after,1\n"
        let table = try CSVReader.read(text)
        #expect(table.separator == ",")
        #expect(table.rows.map(\.line) == [1, 2, 3, 4, 6])
        #expect(table.rows[1].fields == ["123", "Widget, large", "4.99"])
        #expect(table.rows[2].fields == ["456", "He said \"hi\"", "5"])
        #expect(table.rows[3].fields == ["789", "two\nlines", "6.50"])
        #expect(table.rows[4].fields == ["999", "after", "1"])
    }

    @Test("A semicolon header selects ; even when prices use decimal commas")
    func semicolons() throws {
        let table = try CSVReader.read("EAN;Preis\n4006381333931;4,99\n\"1;2\";\"3,50\"\n")
        #expect(table.separator == ";")
        #expect(table.rows.map(\.fields) == [["EAN", "Preis"], ["4006381333931", "4,99"], ["1;2", "3,50"]])
    }

    @Test("A separator inside a quoted header does not count")
    func separatorInQuotedHeader() throws {
        let table = try CSVReader.read("\"a;b;c\",price\n1,2\n")
        #expect(table.separator == ",")
        #expect(table.rows[0].fields == ["a;b;c", "price"])
    }

    @Test("BOM, CRLF, empty lines and a missing last line end")
    func bomAndLineEnds() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("sku,price\r\n\r\nA-1,1.00\r\n\"x\r\ny\",2\r\nB-2,3".utf8)
        let table = try CSVReader.read(bytes)
        #expect(table.rows.map(\.line) == [1, 3, 4, 6])
        #expect(table.rows[0].fields == ["sku", "price"])
        #expect(table.rows[2].fields == ["x\r\ny", "2"])
        #expect(table.rows[3].fields == ["B-2", "3"])
    }

    @Test("Trailing empty lines add no rows; ragged rows keep their length")
    func raggedAndTrailing() throws {
        let table = try CSVReader.read("a,b,c\n1\n2,3,4,5\n,\n\n\n")
        #expect(table.rows.map(\.fields) == [["a", "b", "c"], ["1"], ["2", "3", "4", "5"], ["", ""]])
        #expect(table.rows[1][field: 2] == "")
    }

    @Test("Invalid UTF-8 names its line")
    func invalidUTF8() {
        let bytes = Array("code,price\n1,2\n".utf8) + [0x33, 0xFF, 0x2C, 0x34, 0x0A]
        #expect(throws: CSVError.invalidUTF8(line: 3)) { try CSVReader.read(bytes) }
        #expect(CSVError.invalidUTF8(line: 3).description.contains("Line 3"))
    }

    @Test("An unclosed quote names the line it opened on")
    func unterminated() {
        #expect(throws: CSVError.unterminatedQuote(line: 2)) { try CSVReader.read("a,b\n\"open,1\n2,3\n") }
    }

    @Test("Non-ASCII text survives")
    func unicode() throws {
        let table = try CSVReader.read("名前;Preis €\nÄpfel;1,20\n")
        #expect(table.rows[1].fields == ["Äpfel", "1,20"])
    }

    @Test("The writer quotes only what needs it, and the reader gets every field back")
    func roundTrip() throws {
        let rows = [
            ["line", "message", "price"],
            ["1", "plain", "4.99"],
            ["2", "comma, inside", "say \"hi\""],
            ["3", "two\nlines", " padded "],
            ["4", "crlf\r\nbreak", ""],
            ["5", "semi;colon", "1,5"],
        ]
        #expect(CSVWriter.line(["a", "b c", "d,e"]) == "a,b c,\"d,e\"")
        for separator: Character in [",", ";"] {
            for bom in [false, true] {
                let bytes = CSVWriter.write(rows, separator: separator, byteOrderMark: bom)
                #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) == bom)
                let table = try CSVReader.read(bytes)
                #expect(table.separator == separator)
                #expect(table.rows.map(\.fields) == rows)
            }
        }
    }
}
