import BundleCheckFormats
import Foundation

/// Writes a `PlistValue` as a `bplist00` binary property list.
///
/// Deterministic and simple: every value becomes its own object (no uniquing),
/// numbered depth-first with the top object first, dictionary keys before their
/// values; integers take the fewest bytes (1, 2, 4 or 8; negative values 8;
/// values above `Int64.max` 16, with a zero high word as Apple writes them),
/// reals and dates 8 bytes, strings ASCII when they can be and UTF-16BE
/// otherwise, UIDs 1, 2, 4 or 8 bytes; references and offsets use the smallest
/// size that can address them.
public enum BinaryPropertyListWriter {
    /// Throws nothing today: every `PlistValue` has a binary form. The signature
    /// leaves room for values the format cannot hold.
    public static func write(_ value: PlistValue) throws -> [UInt8] {
        let objectCount = countObjects(value)
        let referenceSize = byteCount(forMaximum: UInt64(objectCount))
        var objects = [[UInt8]](repeating: [], count: objectCount)
        var next = 0
        _ = encode(value, referenceSize: referenceSize, objects: &objects, next: &next)

        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for object in objects {
            offsets.append(output.count)
            output += object
        }
        let tableStart = output.count
        let offsetSize = byteCount(forMaximum: UInt64(tableStart))
        for offset in offsets {
            output += bigEndian(UInt64(offset), size: offsetSize)
        }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output += bigEndian(UInt64(objectCount), size: 8)
        output += bigEndian(0, size: 8)
        output += bigEndian(UInt64(tableStart), size: 8)
        return output
    }

    private static func countObjects(_ value: PlistValue) -> Int {
        switch value {
        case .array(let elements):
            return 1 + elements.reduce(0) { $0 + countObjects($1) }
        case .dictionary(let dictionary):
            return 1 + dictionary.entries.reduce(0) { $0 + 1 + countObjects($1.value) }
        default:
            return 1
        }
    }

    /// Stores `value` as object `next` (and its children after it); returns its number.
    private static func encode(_ value: PlistValue, referenceSize: Int, objects: inout [[UInt8]], next: inout Int) -> Int {
        let number = next
        next += 1
        switch value {
        case .string(let string):
            objects[number] = encode(string)
        case .integer(let integer):
            objects[number] = encode(integer)
        case .real(let real):
            objects[number] = [0x23] + bigEndian(real.bitPattern, size: 8)
        case .bool(let bool):
            objects[number] = [bool ? 0x09 : 0x08]
        case .date(let date):
            objects[number] = [0x33] + bigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let bytes):
            objects[number] = header(0x40, count: bytes.count) + bytes
        case .uid(let uid):
            let size = [1, 2, 4, 8].first { $0 == 8 || uid < UInt64(1) << (8 * $0) } ?? 8
            objects[number] = [0x80 | UInt8(size - 1)] + bigEndian(uid, size: size)
        case .array(let elements):
            var object = header(0xA0, count: elements.count)
            for element in elements {
                let child = encode(element, referenceSize: referenceSize, objects: &objects, next: &next)
                object += bigEndian(UInt64(child), size: referenceSize)
            }
            objects[number] = object
        case .dictionary(let dictionary):
            var keys: [UInt8] = []
            var values: [UInt8] = []
            for entry in dictionary.entries {
                let key = encode(.string(entry.key), referenceSize: referenceSize, objects: &objects, next: &next)
                let child = encode(entry.value, referenceSize: referenceSize, objects: &objects, next: &next)
                keys += bigEndian(UInt64(key), size: referenceSize)
                values += bigEndian(UInt64(child), size: referenceSize)
            }
            objects[number] = header(0xD0, count: dictionary.count) + keys + values
        }
        return number
    }

    private static func encode(_ string: String) -> [UInt8] {
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            return header(0x50, count: string.utf8.count) + Array(string.utf8)
        }
        var object = header(0x60, count: string.utf16.count)
        for unit in string.utf16 {
            object += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        return object
    }

    private static func encode(_ integer: PlistInteger) -> [UInt8] {
        if let signed = integer.int64, signed < 0 {
            return [0x13] + bigEndian(UInt64(bitPattern: signed), size: 8)
        }
        let magnitude = integer.magnitude
        if magnitude > UInt64(Int64.max) {
            return [0x14] + bigEndian(0, size: 8) + bigEndian(magnitude, size: 8)
        }
        return unsignedInteger(magnitude)
    }

    /// A non-negative integer below 2^63 in 1, 2, 4 or 8 bytes.
    private static func unsignedInteger(_ value: UInt64) -> [UInt8] {
        switch value {
        case 0...0xFF: [0x10] + bigEndian(value, size: 1)
        case 0x100...0xFFFF: [0x11] + bigEndian(value, size: 2)
        case 0x1_0000...0xFFFF_FFFF: [0x12] + bigEndian(value, size: 4)
        default: [0x13] + bigEndian(value, size: 8)
        }
    }

    /// A type marker with its count in the low nibble, or 0xF and an integer object after it.
    private static func header(_ marker: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F] + unsignedInteger(UInt64(count))
    }

    private static func byteCount(forMaximum value: UInt64) -> Int {
        [1, 2, 4].first { value < UInt64(1) << (8 * $0) } ?? 8
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }
}
