import Foundation

@testable import BundleCheckFormats

/// Random property-list values from a seeded generator, for round trips and differential tests.
struct PlistRandomValues {
    /// Whether dictionaries may repeat a key (Foundation and plistlib cannot hold that).
    var duplicateKeys = false
    /// Whether keyed-archiver UIDs appear (Foundation cannot write them).
    var uids = false
    /// Whether integers above Int64.max appear.
    var integersAboveInt64Max = true
    /// Whether `-0.0` appears.
    var negativeZero = true
    /// Deepest container nesting below the root.
    var maximumDepth = 4

    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// Characters for strings: ASCII incl. XML specials, tab and newline, Latin, CJK,
    /// right-to-left, an emoji outside the BMP (a UTF-16 surrogate pair), a no-break space.
    private static let alphabet: [Character] =
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \t\n&<>\"';:/.-_$()[]{}#%")
        + ["\u{E9}", "\u{FC}", "\u{DF}", "\u{4E2D}", "\u{6587}", "\u{627}", "\u{5D0}", "\u{1F600}", "\u{2603}", "\u{A0}"]

    private static let specialIntegers: [PlistInteger] = [
        PlistInteger(0), PlistInteger(1), PlistInteger(-1), PlistInteger(14), PlistInteger(15), PlistInteger(255),
        PlistInteger(256), PlistInteger(65_535), PlistInteger(65_536), PlistInteger(Int64(UInt32.max)),
        PlistInteger(Int64(UInt32.max) + 1), PlistInteger(Int64.max), PlistInteger(Int64.min), PlistInteger(-256),
    ]

    private static let specialReals: [Double] = [
        0, 1, -1.5, 0.1, 1e300, -1e-300, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 123_456_789.125, .pi,
    ]

    /// A root: a dictionary or an array, which every writer accepts.
    mutating func root() -> PlistValue {
        Bool.random(using: &random) ? dictionary(depth: 1) : array(depth: 1)
    }

    mutating func value(depth: Int) -> PlistValue {
        let containers = depth < maximumDepth ? 4 : 0
        let choice = Int.random(in: 0..<(7 + containers), using: &random)
        switch choice {
        case 0: return .string(string())
        case 1: return .integer(integer())
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &random))
        case 4: return .date(Date(timeIntervalSinceReferenceDate: TimeInterval(Int64.random(in: -3_155_673_600...3_155_673_600, using: &random))))
        case 5: return .data((0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 6: return uids ? .uid(uid()) : .string(string())
        case 7, 8: return array(depth: depth + 1)
        default: return dictionary(depth: depth + 1)
        }
    }

    mutating func string() -> String {
        if Int.random(in: 0..<10, using: &random) == 0 { return "" }
        return String((0..<Int.random(in: 1...24, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! })
    }

    mutating func integer() -> PlistInteger {
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2: return Self.specialIntegers.randomElement(using: &random)!
        case 3...5: return PlistInteger(Int64.random(in: -1_000...1_000, using: &random))
        case 6...7: return PlistInteger(Int64.random(in: .min ... .max, using: &random))
        default:
            return integersAboveInt64Max
                ? PlistInteger(UInt64.random(in: UInt64(Int64.max) + 1...UInt64.max, using: &random))
                : PlistInteger(Int64.random(in: 0 ... .max, using: &random))
        }
    }

    mutating func real() -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return negativeZero ? -0.0 : 0.0
        case 1...3: return Self.specialReals.randomElement(using: &random)!
        case 4...6: return Double.random(in: -1e6...1e6, using: &random)
        default: return Double(bitPattern: random.next())
        }
    }

    mutating func uid() -> UInt64 {
        [0, 1, 255, 256, 65_535, 65_536, UInt64(UInt32.max), UInt64(UInt32.max) + 1, .max, random.next()].randomElement(using: &random)!
    }

    mutating func array(depth: Int) -> PlistValue {
        .array((0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth) })
    }

    mutating func dictionary(depth: Int) -> PlistValue {
        var dictionary = PlistDictionary()
        var used = Set<String>()
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            var key = string()
            if duplicateKeys, let previous = used.randomElement(using: &random), Int.random(in: 0..<4, using: &random) == 0 {
                key = previous
            } else {
                while used.contains(key) { key = string() }
            }
            used.insert(key)
            dictionary.append(key: key, value: value(depth: depth))
        }
        return .dictionary(dictionary)
    }
}
