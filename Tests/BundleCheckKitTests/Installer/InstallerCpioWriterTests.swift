import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite(.enabled(if: InstallerTestSupport.bsdtar != nil, Comment(rawValue: InstallerTestSupport.bsdtarMissing)))
struct InstallerCpioWriterTests {
    typealias Support = InstallerTestSupport

    /// The fields of the odc header at `offset`, as octal text, and where the next entry starts.
    static func header(_ bytes: [UInt8], at offset: Int) -> (fields: [String], name: String, next: Int) {
        let widths = [6, 6, 6, 6, 6, 6, 6, 6, 11, 6, 11]
        var position = offset
        var fields: [String] = []
        for width in widths {
            fields.append(String(decoding: bytes[position..<(position + width)], as: UTF8.self))
            position += width
        }
        let nameSize = Int(fields[9], radix: 8) ?? 0
        let name = String(decoding: bytes[position..<(position + nameSize - 1)], as: UTF8.self)
        let next = position + nameSize + (Int(fields[10], radix: 8) ?? 0)
        return (fields, name, next)
    }

    @Test func everyHeaderFieldIsOctalAsPOSIXPortableASCIIHasIt() {
        var writer = CpioWriter()
        writer.addFolder(".")
        writer.addFile("./A.app/Contents/Info.plist", contents: Array("<plist/>".utf8), permissions: 0o644)
        writer.addSymbolicLink("./A.app/Current", target: "A")
        let bytes = writer.bytes()

        let root = Self.header(bytes, at: 0)
        #expect(root.fields[0] == "070707")
        #expect(root.fields[3] == "040755")
        #expect(root.fields[4] == "000000" && root.fields[5] == "000000")
        #expect(root.fields[6] == "000002")
        #expect(root.fields[8] == String(CpioWriter.fixedModificationTime, radix: 8).leftPadded(to: 11))
        #expect(root.fields[9] == "000002") // "." and its NUL
        #expect(root.name == ".")

        let file = Self.header(bytes, at: root.next)
        #expect(file.fields[3] == "100644")
        #expect(file.fields[6] == "000001")
        #expect(file.fields[10] == "00000000010")
        #expect(file.name == "./A.app/Contents/Info.plist")
        #expect(Array(bytes[(file.next - 8)..<file.next]) == Array("<plist/>".utf8))

        let link = Self.header(bytes, at: file.next)
        #expect(link.fields[3] == "120755")
        #expect(bytes[link.next - 1] == UInt8(ascii: "A"))

        let trailer = Self.header(bytes, at: link.next)
        #expect(trailer.name == "TRAILER!!!")
        #expect(trailer.fields[3] == "000000" && trailer.fields[6] == "000001")
        #expect(trailer.next == bytes.count)
    }

    @Test func bsdtarListsHostileNamesAsWritten() throws {
        var writer = CpioWriter()
        writer.addFolder(".")
        for name in ["../evil", "/etc/passwd", "./a/../../b"] {
            writer.addFile(name, contents: [0x41])
        }
        let listing = try Support.listing("-", input: writer.bytes())
        #expect(listing.map(\.name) == [".", "../evil", "/etc/passwd", "./a/../../b"])
    }

    @Test func aDeclaredSizeOtherThanTheDataIsWrittenAsDeclared() {
        var writer = CpioWriter()
        writer.addFile("./big", contents: [1, 2, 3], declaredSize: 1 << 30)
        let entry = Self.header(writer.bytes(trailer: false), at: 0)
        #expect(Int(entry.fields[10], radix: 8) == 1 << 30)
    }

    @Test func aTruncatedArchiveEndsWhereAskedAndBsdtarRefusesIt() throws {
        var writer = CpioWriter()
        writer.addFile("./f", contents: [UInt8](repeating: 7, count: 1000))
        let whole = writer.bytes()
        let cut = writer.bytes(truncatedTo: 500)
        #expect(cut == Array(whole.prefix(500)))
        #expect(try Support.bsdtar(["-xOf", "-"], input: cut).status != 0)
        #expect(try Support.bsdtar(["-xOf", "-"], input: whole).output == [UInt8](repeating: 7, count: 1000))
    }

    @Test func gzipPayloadsRoundTripThroughBsdtar() throws {
        var writer = CpioWriter()
        writer.addFolder(".")
        writer.addFile("./x", contents: ArchiveTestSupport.bytes(count: 200_000, seed: 3))
        let gzip = try ZlibCompressor.compress(writer.bytes(), format: .gzip)
        #expect(gzip.starts(with: [0x1F, 0x8B, 0x08]))
        let run = try Support.bsdtar(["-xOf", "-", "./x"], input: gzip)
        #expect(run.output == ArchiveTestSupport.bytes(count: 200_000, seed: 3))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
