import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// The entry point: format sniffing, what comes before the XML, the size cap, and error wording.
@Suite struct PropertyListParserFormatTests {
    typealias Support = PlistTestSupport

    @Test func sniffsBinaryAndXML() throws {
        let value = Support.dictionary(["k": .string("v")])
        #expect(try Support.parse(try BinaryPropertyListWriter.write(value)).format == .binary)
        #expect(try Support.parse(XMLPropertyListWriter.write(value)).format == .xml)
    }

    @Test func acceptsAUTF8ByteOrderMark() throws {
        let document = try Support.parse([0xEF, 0xBB, 0xBF] + Support.xml("<string>x</string>\n"))
        #expect(document.root == .string("x"))
        #expect(document.lines?.everyLineByPointer == ["": 4])
    }

    @Test func acceptsWhiteSpaceBeforeTheXMLDeclarationAndKeepsLineNumbers() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("\n  \r\n\t".utf8) + Support.xml("<array>\n<true/>\n</array>\n")
        let document = try Support.parse(bytes)
        #expect(document.root == .array([.bool(true)]))
        #expect(document.lines?.everyLineByPointer == ["": 6, "/0": 7])
        let failure = try #require(Support.failure(Array("\n\n".utf8) + Support.xml("<array>\n<true/>\n</aray>\n")))
        #expect(failure.line == 8)
    }

    @Test func acceptsWhiteSpaceBeforeARootWithoutDeclaration() throws {
        let document = try Support.parse(Array("\n\n<plist><integer>1</integer></plist>".utf8))
        #expect(document.lines?.everyLineByPointer == ["": 3])
    }

    @Test func emptyAndBlankFilesAreMalformed() throws {
        let reason = "the file holds no property list (it is empty or only white space)"
        #expect(try #require(Support.failure([])).reason == reason)
        #expect(try #require(Support.failure(Array(" \n\t\r\n".utf8))).reason == reason)
        #expect(try #require(Support.failure([0xEF, 0xBB, 0xBF, 0x20])).reason == reason)
    }

    @Test func filesAboveTheSizeCapAreRefusedUnread() throws {
        let limits = PropertyListLimits(maxBytes: 100)
        let bytes = Support.xml("<string>" + String(repeating: "x", count: 200) + "</string>\n")
        let failure = try #require(Support.failure(bytes, limits: limits))
        #expect(failure.reason == "the file is \(bytes.count) bytes, more than the 100 bytes allowed for a property list")
        #expect(PropertyListLimits.standard == PropertyListLimits(maxBytes: 16 << 20, maxDepth: 256, maxValues: 1_000_000))
    }

    @Test func errorsNameTheFileAndLine() throws {
        do {
            _ = try PropertyListParser.parse(Support.xml("<dict>\n<key>CFBundleName</key>\n</dict>\n"), file: "Payload/X.app/Info.plist")
            Issue.record("expected an error")
        } catch let error as BundleCheckError {
            #expect(error == .malformedPropertyList(file: "Payload/X.app/Info.plist", reason: "dictionary key 'CFBundleName' has no value", line: 5))
            #expect(error.description == "Payload/X.app/Info.plist:5: malformed property list: dictionary key 'CFBundleName' has no value")
            #expect(error.code == "malformed-plist")
        }
    }

    @Test func parsesConcurrentlyFromManyTasks() async throws {
        // libxml2 state is per context (and per thread for context-less errors): parallel parses do not interfere.
        let good = Support.xml("<dict><key>a</key><integer>1</integer></dict>\n")
        let bad = Support.xml("<dict><key>a</key></dict>\n")
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let bytes = index.isMultiple(of: 2) ? good : bad
                    do {
                        _ = try PropertyListParser.parse(bytes, file: "F.plist")
                        return index.isMultiple(of: 2)
                    } catch BundleCheckError.malformedPropertyList(_, let reason, _, _) {
                        return !index.isMultiple(of: 2) && reason == "dictionary key 'a' has no value"
                    } catch {
                        return false
                    }
                }
            }
            var results: [Bool] = []
            for await outcome in group {
                results.append(outcome)
            }
            return results
        }
        #expect(outcomes.count == 64)
        #expect(outcomes.allSatisfy { $0 })
    }
}
