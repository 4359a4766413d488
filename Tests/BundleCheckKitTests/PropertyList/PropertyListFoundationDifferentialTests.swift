import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Our parser against swift-corelibs-foundation's `PropertyListSerialization`, on files Foundation wrote.
///
/// What Foundation on Linux (Swift 6.3) does, checked on this machine before writing
/// the comparison, and how the comparison copes:
///
/// | value                    | Foundation (Linux)                                   | bundlecheck                 | comparison                       |
/// |--------------------------|------------------------------------------------------|-----------------------------|----------------------------------|
/// | integer                  | NSNumber, objCType "q" ("Q" above Int64.max)         | `.integer`                  | by objCType: "q"/"Q" → integer   |
/// | real                     | NSNumber, objCType "d" (also for 2.0)                | `.real`                     | "d"/"f" → real, by bit pattern   |
/// | `<true/>`, `<false/>`    | Swift `Bool` (not NSNumber)                          | `.bool`                     | `Bool` checked before NSNumber   |
/// | integer above Int64.max  | written and read in both formats (NSNumber "Q")      | `PlistInteger(UInt64)`      | kept in the generated values     |
/// | dictionary key order     | lost (`[AnyHashable: Any]`; XML writer sorts keys)   | kept as in the file         | both sides sorted by key         |
/// | duplicate keys           | last one wins, silently                              | every entry kept, reported  | not generated (unique keys)      |
/// | UIDs                     | not writable by PropertyListSerialization; read as   | `.uid`                      | not generated                    |
/// |                          | `_NSKeyedArchiverUID`, also from XML `{CF$UID: n}`   | (`{CF$UID: n}` too)         |                                  |
/// | -0.0 in XML              | written as `0.0`: the sign is lost                   | reads what the file says    | expected value adjusted for XML  |
/// | reals in XML             | written with 17 significant digits: exact            | exact                       | by bit pattern, NaN as "nan"     |
/// | dates                    | XML: whole seconds; binary: exact double             | same                        | generated at whole seconds       |
/// | internal DTD subset      | refused                                              | refused                     | (hostile input tests)            |
@Suite struct PropertyListFoundationDifferentialTests {
    typealias Support = PlistTestSupport

    @Test(arguments: ["xml", "binary"])
    func ourParserReadsFoundationsFilesAsFoundationDoes(formatName: String) throws {
        let format: PropertyListSerialization.PropertyListFormat = formatName == "xml" ? .xml : .binary
        var generator = PlistRandomValues(seed: formatName == "xml" ? 0xF0_0D : 0xB1_4A)
        for index in 0..<300 {
            let value = generator.root()
            let data = try PropertyListSerialization.data(fromPropertyList: Self.foundationObject(value), format: format, options: 0)
            let ours = try PropertyListParser.parse([UInt8](data), file: "foundation-\(index).plist")
            #expect(ours.format == (formatName == "xml" ? .xml : .binary))
            let theirs = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            let oursText = Support.canonical(ours.root, sortingKeys: true)
            #expect(oursText == Self.canonicalFoundation(theirs), "case \(index)")
            let written = formatName == "xml" ? Self.droppingSignOfZero(value) : value
            #expect(oursText == Support.canonical(written, sortingKeys: true), "case \(index) differs from the value written")
        }
    }

    @Test(arguments: ["xml", "binary"])
    func foundationReadsWhatOurWritersWrite(formatName: String) throws {
        var generator = PlistRandomValues(seed: formatName == "xml" ? 0x5EED : 0x5EEE)
        for index in 0..<200 {
            let value = generator.root()
            let bytes = formatName == "xml" ? XMLPropertyListWriter.write(value) : try BinaryPropertyListWriter.write(value)
            let theirs = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            #expect(Self.canonicalFoundation(theirs) == Support.canonical(value, sortingKeys: true), "case \(index)")
        }
    }

    @Test func duplicateKeysLastWinsInFoundationWhileWeKeepBoth() throws {
        let bytes = Support.xml("<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>\n")
        let theirs = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        #expect(Self.canonicalFoundation(theirs) == "{\"a\":i:2}")
        let ours = try Support.parse(bytes)
        #expect(ours.root.dictionaryValue?.count == 2)
        #expect(ours.value(at: JSONPointer("a")) == .integer(PlistInteger(2)))
        #expect(ours.duplicateKeys.map(\.key) == ["a"])
    }

    // MARK: - Conversions

    /// The Foundation object graph for a value without UIDs.
    static func foundationObject(_ value: PlistValue) -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return integer.int64.map { $0 as Any } ?? integer.magnitude as Any
        case .real(let real): return real
        case .bool(let bool): return bool
        case .date(let date): return date
        case .data(let bytes): return Data(bytes)
        case .array(let elements): return elements.map(foundationObject)
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for entry in dictionary.entries {
                result[entry.key] = foundationObject(entry.value)
            }
            return result
        case .uid(let uid): return uid
        }
    }

    /// What Foundation's parser returned, in `PlistTestSupport.canonical` form with keys sorted.
    static func canonicalFoundation(_ object: Any) -> String {
        if type(of: object) == Bool.self, let bool = object as? Bool {
            return "b:\(bool)"
        }
        if let string = object as? String {
            return "s" + String(reflecting: string)
        }
        if let number = object as? NSNumber {
            switch String(cString: number.objCType) {
            case "d", "f": return PlistTestSupport.canonicalReal(number.doubleValue)
            case "Q": return "i:\(number.uint64Value)"
            case "c", "B": return "b:\(number.boolValue)"
            default: return "i:\(number.int64Value)"
            }
        }
        if let data = object as? Data {
            return "x:" + PlistTestSupport.hex(data)
        }
        if let date = object as? Date {
            return "d:\(date.timeIntervalSinceReferenceDate)"
        }
        if let array = object as? [Any] {
            return "[" + array.map(canonicalFoundation).joined(separator: ",") + "]"
        }
        if let dictionary = object as? [AnyHashable: Any] {
            let entries = dictionary.map { (key: ($0.key.base as? String) ?? "\($0.key)", value: $0.value) }.sorted { $0.key < $1.key }
            return "{" + entries.map { String(reflecting: $0.key) + ":" + canonicalFoundation($0.value) }.joined(separator: ",") + "}"
        }
        return "?\(type(of: object))"
    }

    /// The value with every -0.0 made +0.0, as Foundation's XML writer writes it.
    static func droppingSignOfZero(_ value: PlistValue) -> PlistValue {
        switch value {
        case .real(let real) where real == 0: return .real(0)
        case .array(let elements): return .array(elements.map(droppingSignOfZero))
        case .dictionary(let dictionary):
            return .dictionary(PlistDictionary(dictionary.entries.map { .init(key: $0.key, value: droppingSignOfZero($0.value)) }))
        default: return value
        }
    }
}
