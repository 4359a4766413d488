import Foundation
import Testing

@testable import BundleCheckFormats

/// Shared helpers of the property-list tests.
enum PlistTestSupport {
    static let file = "Fixture.plist"

    /// The XML head Apple writes, `body`, and the closing `</plist>`; `body` starts on line 4.
    static func xml(_ body: String) -> [UInt8] {
        Array((xmlHead + body + "</plist>\n").utf8)
    }

    static let xmlHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func parse(_ bytes: [UInt8], limits: PropertyListLimits = .standard) throws -> PropertyListDocument {
        try PropertyListParser.parse(bytes, file: file, limits: limits)
    }

    /// The root value of an XML plist whose `<plist>` holds `body`.
    static func root(ofXML body: String) throws -> PlistValue {
        try parse(xml(body)).root
    }

    /// The reason and line of the `malformedPropertyList` error `bytes` give, or nil when
    /// they parse; any other error is recorded as a test failure.
    static func failure(
        _ bytes: [UInt8], limits: PropertyListLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (reason: String, line: Int?)? {
        do {
            _ = try PropertyListParser.parse(bytes, file: file, limits: limits)
            return nil
        } catch let BundleCheckError.malformedPropertyList(errorFile, reason, line, _) {
            #expect(errorFile == file, sourceLocation: sourceLocation)
            #expect(reason.first.map { !$0.isUppercase } ?? false, "reasons are lowercase: \(reason)", sourceLocation: sourceLocation)
            return (reason, line)
        } catch {
            Issue.record("expected malformedPropertyList, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Whether `bytes` either parse or fail with `malformedPropertyList` (never another error).
    static func parsesOrIsMalformed(_ bytes: [UInt8], limits: PropertyListLimits = .standard) -> Bool {
        do {
            _ = try PropertyListParser.parse(bytes, file: file, limits: limits)
            return true
        } catch BundleCheckError.malformedPropertyList {
            return true
        } catch {
            return false
        }
    }

    /// An exact, type-preserving text form of a value: reals by bit pattern, dictionaries
    /// in entry order (or sorted by key, for comparing with parsers that lose the order).
    static func canonical(_ value: PlistValue, sortingKeys: Bool = false) -> String {
        switch value {
        case .string(let string):
            return "s" + String(reflecting: string)
        case .integer(let integer):
            return "i:\(integer)"
        case .real(let real):
            return canonicalReal(real)
        case .bool(let bool):
            return "b:\(bool)"
        case .date(let date):
            return "d:\(date.timeIntervalSinceReferenceDate)"
        case .data(let bytes):
            return "x:" + hex(bytes)
        case .uid(let uid):
            return "u:\(uid)"
        case .array(let elements):
            return "[" + elements.map { canonical($0, sortingKeys: sortingKeys) }.joined(separator: ",") + "]"
        case .dictionary(let dictionary):
            var entries = dictionary.entries
            if sortingKeys {
                entries.sort { $0.key < $1.key }
            }
            return "{" + entries.map { String(reflecting: $0.key) + ":" + canonical($0.value, sortingKeys: sortingKeys) }.joined(separator: ",") + "}"
        }
    }

    static func canonicalReal(_ real: Double) -> String {
        real.isNaN ? "r:nan" : "r:" + String(real.bitPattern, radix: 16)
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// A dictionary value from key/value pairs, in order.
    static func dictionary(_ pairs: KeyValuePairs<String, PlistValue>) -> PlistValue {
        .dictionary(PlistDictionary(pairs))
    }
}
