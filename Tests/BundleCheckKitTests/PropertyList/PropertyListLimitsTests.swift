import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// Each cap of `PropertyListLimits`, for each format: a file at the cap parses, one past it is refused.
/// (Depth: `nestingBeyondTheCapIsRefused` in the XML and binary hostile-input suites.)
@Suite struct PropertyListLimitsTests {
    typealias Support = PlistTestSupport

    @Test func theStandardLimitsAreTheDocumentedOnes() {
        // docs/limits.md states these values; change both together.
        #expect(PropertyListLimits.standard == PropertyListLimits(maxBytes: 16 << 20, maxDepth: 256, maxValues: 1_000_000))
    }

    @Test func xmlValuesAtTheCapParseAndOnePastIsRefused() throws {
        let limits = PropertyListLimits(maxValues: 10)
        // The array is a value too: 1 + 9 values, then 1 + 10.
        let atCap = Support.xml("<array>" + String(repeating: "<true/>", count: 9) + "</array>\n")
        #expect(Support.failure(atCap, limits: limits) == nil)
        let pastCap = Support.xml("<array>" + String(repeating: "<true/>", count: 10) + "</array>\n")
        #expect(try #require(Support.failure(pastCap, limits: limits)).reason == "more than 10 values")
        // Keys count as values: a dictionary, its key and its value are 3.
        let dictionary = Support.xml("<dict><key>a</key><true/></dict>\n")
        #expect(Support.failure(dictionary, limits: PropertyListLimits(maxValues: 3)) == nil)
        #expect(Support.failure(dictionary, limits: PropertyListLimits(maxValues: 2)) != nil)
    }

    @Test func binaryValuesAtTheCapParseAndOnePastIsRefused() throws {
        let limits = PropertyListLimits(maxValues: 10)
        func array(of count: Int) -> [UInt8] {
            // One `true` object referenced `count` times.
            HandmadeBinaryPlist.assemble([[0xA0 | UInt8(count)] + [UInt8](repeating: 1, count: count), [0x09]])
        }
        #expect(Support.failure(array(of: 9), limits: limits) == nil)
        #expect(try #require(Support.failure(array(of: 10), limits: limits)).reason.contains("more than 10 values"))
    }

    @Test func filesAtTheSizeCapParseAndOneBytePastIsRefused() throws {
        let xml = Support.xml("<string>" + String(repeating: "x", count: 200) + "</string>\n")
        let binary = try BinaryPropertyListWriter.write(.string(String(repeating: "x", count: 200)))
        for bytes in [xml, binary] {
            #expect(Support.failure(bytes, limits: PropertyListLimits(maxBytes: bytes.count)) == nil)
            let failure = try #require(Support.failure(bytes, limits: PropertyListLimits(maxBytes: bytes.count - 1)))
            #expect(failure.reason == "the file is \(bytes.count) bytes, more than the \(bytes.count - 1) bytes allowed for a property list")
        }
    }

    @Test func deepWidePlistsJustUnderTheDepthCapParseInBothFormats() throws {
        // Values at level 256, the cap, then at 257.
        let depth = PropertyListLimits.standard.maxDepth
        let value = HostilePropertyList.value(depth: depth, width: 100)
        #expect(try Support.parse(try BinaryPropertyListWriter.write(value)).root == value)
        let tooDeep = HostilePropertyList.value(depth: depth + 1, width: 100)
        #expect(try #require(Support.failure(try BinaryPropertyListWriter.write(tooDeep))).reason == "nesting deeper than \(depth) levels")
        #expect(try Support.parse(HostilePropertyList.xml(depth: depth, width: 100)).root == value)
        #expect(try #require(Support.failure(HostilePropertyList.xml(depth: depth + 1, width: 100))).reason == "nesting deeper than \(depth) levels")
    }
}
