import Foundation

/// Reads Apple's `bplist00` binary property-list format, trusting nothing in the file.
///
/// Layout: the 8-byte magic `bplist00`, the objects, a table of object offsets,
/// and a 32-byte trailer giving the sizes of offsets and object references, the
/// number of objects, the top object and where the offset table starts. Every
/// size, offset, length and reference is checked against the file before it is
/// used, all arithmetic on numbers from the file is overflow-checked, containers
/// that contain themselves are refused, nesting depth is capped, and so is the
/// number of values produced, so an object graph that shares one array many times
/// cannot unfold into an unbounded tree. Decoded strings and data are cached per
/// object, so shared leaves share their storage too.
struct BinaryPropertyListReader {
    private enum PathComponent {
        case index(Int)
        case key(String)
    }

    private static let headerLength = 8
    private static let trailerLength = 32

    private let bytes: [UInt8]
    private let file: String
    private let limits: PropertyListLimits
    private let offsetIntSize: Int
    private let objectRefSize: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts, which is also where the object data ends.
    private let offsetTableStart: Int

    private var valueCount = 0
    private var containersBeingRead = Set<Int>()
    private var leafCache: [Int: PlistValue] = [:]
    private var path: [PathComponent] = []
    private var duplicateKeys: [PropertyListDocument.DuplicateKey] = []

    /// Parses a complete `bplist00` file.
    static func parse(_ bytes: [UInt8], file: String, limits: PropertyListLimits = .standard) throws -> PropertyListDocument {
        var reader = try BinaryPropertyListReader(bytes: bytes, file: file, limits: limits)
        let root = try reader.readObject(reader.topObject, depth: 1)
        return PropertyListDocument(format: .binary, root: root, duplicateKeys: reader.duplicateKeys)
    }

    // MARK: - Trailer

    private init(bytes: [UInt8], file: String, limits: PropertyListLimits) throws {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        guard bytes.count >= Self.headerLength, bytes[0..<Self.headerLength].elementsEqual("bplist00".utf8) else {
            throw BundleCheckError.malformedPropertyList(file: file, reason: "not a bplist00 binary property list", line: nil)
        }
        guard bytes.count >= Self.headerLength + 2 + Self.trailerLength else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the file is \(bytes.count) bytes, too short for a binary plist with its trailer", line: nil)
        }
        let trailer = bytes.count - Self.trailerLength
        func field(_ position: Int) -> UInt64 {
            bytes[position..<(position + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let offsetSize = Int(bytes[trailer + 6])
        let refSize = Int(bytes[trailer + 7])
        let count = field(trailer + 8)
        let top = field(trailer + 16)
        let tableStart = field(trailer + 24)
        func fail(_ reason: String) -> BundleCheckError {
            .malformedPropertyList(file: file, reason: reason, line: nil)
        }
        guard (1...8).contains(offsetSize) else {
            throw fail("the trailer gives an offset size of \(offsetSize) bytes, not 1 to 8")
        }
        guard (1...8).contains(refSize) else {
            throw fail("the trailer gives an object reference size of \(refSize) bytes, not 1 to 8")
        }
        guard count >= 1 else {
            throw fail("the trailer says the file holds no objects")
        }
        guard top < count else {
            throw fail("the trailer's top object \(top) is not among its \(count) objects")
        }
        guard tableStart > UInt64(Self.headerLength), tableStart < UInt64(trailer) else {
            throw fail("the offset table at offset \(tableStart) is not between the header and the trailer")
        }
        let (tableLength, lengthOverflow) = count.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, endOverflow) = tableStart.addingReportingOverflow(tableLength)
        guard !lengthOverflow, !endOverflow, tableEnd <= UInt64(trailer) else {
            throw fail("the offset table (\(count) entries of \(offsetSize) bytes at offset \(tableStart)) runs into the trailer")
        }
        guard refSize == 8 || count <= UInt64(1) << (8 * refSize) - 1 else {
            throw fail("object references of \(refSize) bytes cannot number \(count) objects")
        }
        guard offsetSize == 8 || tableStart <= UInt64(1) << (8 * offsetSize) - 1 else {
            throw fail("offsets of \(offsetSize) bytes cannot reach the offset table at offset \(tableStart)")
        }
        // All three are below the file size now, so they fit in Int.
        self.offsetIntSize = offsetSize
        self.objectRefSize = refSize
        self.objectCount = Int(count)
        self.topObject = Int(top)
        self.offsetTableStart = Int(tableStart)
    }

    // MARK: - Objects

    private mutating func readObject(_ object: Int, depth: Int) throws -> PlistValue {
        valueCount += 1
        guard valueCount <= limits.maxValues else {
            throw fail("the plist unfolds into more than \(limits.maxValues) values (objects referenced over and over)")
        }
        guard depth <= limits.maxDepth else {
            throw fail("nesting deeper than \(limits.maxDepth) levels")
        }
        if let cached = leafCache[object] {
            return cached
        }
        let offset = try self.offset(of: object)
        let marker = bytes[offset]
        let value: PlistValue
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .bool(false)
            case 0x09: value = .bool(true)
            case 0x00: throw fail("object \(object) at offset \(offset) is a null, which a property list cannot hold")
            case 0x0F: throw fail("object \(object) at offset \(offset) is a fill byte, not a value")
            default: throw unknownMarker(marker, object: object, offset: offset)
            }
        case 0x1:
            value = .integer(try readInteger(marker, object: object, offset: offset))
        case 0x2:
            switch marker {
            case 0x22:
                try ensure(start: offset + 1, length: 4, object: object, offset: offset)
                value = .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: readUInt(at: offset + 1, size: 4)))))
            case 0x23:
                try ensure(start: offset + 1, length: 8, object: object, offset: offset)
                value = .real(Double(bitPattern: readUInt(at: offset + 1, size: 8)))
            default:
                throw fail("object \(object) at offset \(offset) is a real of unsupported size (marker 0x\(hex(marker)))")
            }
        case 0x3:
            guard marker == 0x33 else { throw unknownMarker(marker, object: object, offset: offset) }
            try ensure(start: offset + 1, length: 8, object: object, offset: offset)
            value = .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: readUInt(at: offset + 1, size: 8))))
        case 0x4:
            let (length, start) = try lengthAndStart(marker, object: object, offset: offset)
            try ensure(start: start, length: length, object: object, offset: offset)
            value = .data(Array(bytes[start..<(start + length)]))
        case 0x5, 0x6:
            value = .string(try readString(marker, object: object, offset: offset))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard size <= 8 else {
                throw fail("object \(object) at offset \(offset) is a uid of \(size) bytes, more than 8")
            }
            try ensure(start: offset + 1, length: size, object: object, offset: offset)
            value = .uid(readUInt(at: offset + 1, size: size))
        case 0xA:
            return try readArray(marker, object: object, offset: offset, depth: depth)
        case 0xD:
            return try readDictionary(marker, object: object, offset: offset, depth: depth)
        case 0xB, 0xC:
            throw fail("object \(object) at offset \(offset) is a set, which a property list cannot hold")
        default:
            throw unknownMarker(marker, object: object, offset: offset)
        }
        leafCache[object] = value
        return value
    }

    private func readInteger(_ marker: UInt8, object: Int, offset: Int) throws -> PlistInteger {
        let exponent = marker & 0x0F
        guard exponent <= 4 else {
            throw fail("object \(object) at offset \(offset) is an integer of unsupported size (marker 0x\(hex(marker)))")
        }
        let size = 1 << exponent
        try ensure(start: offset + 1, length: size, object: object, offset: offset)
        switch size {
        case 1, 2, 4:
            return PlistInteger(readUInt(at: offset + 1, size: size))
        case 8:
            return PlistInteger(Int64(bitPattern: readUInt(at: offset + 1, size: 8)))
        default:
            // 128-bit: Apple writes values above Int64.max with a zero high word;
            // a high word of all ones is the sign extension of a negative Int64.
            let high = readUInt(at: offset + 1, size: 8)
            let low = readUInt(at: offset + 9, size: 8)
            if high == 0 {
                return PlistInteger(low)
            }
            if high == UInt64.max, low >> 63 == 1 {
                return PlistInteger(Int64(bitPattern: low))
            }
            throw fail("object \(object) at offset \(offset) is a 128-bit integer outside the 64-bit range")
        }
    }

    private func readString(_ marker: UInt8, object: Int, offset: Int) throws -> String {
        let (length, start) = try lengthAndStart(marker, object: object, offset: offset)
        if marker >> 4 == 0x5 {
            try ensure(start: start, length: length, object: object, offset: offset)
            let slice = bytes[start..<(start + length)]
            guard let string = String(validating: slice, as: Unicode.ASCII.self) else {
                throw fail("object \(object) at offset \(offset) is an ascii string holding non-ascii bytes")
            }
            return string
        }
        let (byteLength, overflow) = length.multipliedReportingOverflow(by: 2)
        guard !overflow else { throw pastEnd(object: object, offset: offset) }
        try ensure(start: start, length: byteLength, object: object, offset: offset)
        let units = stride(from: start, to: start + byteLength, by: 2).lazy.map { UInt16(self.bytes[$0]) << 8 | UInt16(self.bytes[$0 + 1]) }
        guard let string = String(validating: units, as: UTF16.self) else {
            throw fail("object \(object) at offset \(offset) is a utf-16 string with an unpaired surrogate")
        }
        return string
    }

    private mutating func readArray(_ marker: UInt8, object: Int, offset: Int, depth: Int) throws -> PlistValue {
        let (count, start) = try lengthAndStart(marker, object: object, offset: offset)
        let (refsLength, overflow) = count.multipliedReportingOverflow(by: objectRefSize)
        guard !overflow else { throw pastEnd(object: object, offset: offset) }
        try ensure(start: start, length: refsLength, object: object, offset: offset)
        guard containersBeingRead.insert(object).inserted else {
            throw fail("reference cycle through object \(object)")
        }
        defer { containersBeingRead.remove(object) }
        var elements: [PlistValue] = []
        elements.reserveCapacity(Swift.min(count, limits.maxValues))
        for index in 0..<count {
            let element = try reference(at: start + index * objectRefSize, in: object)
            path.append(.index(index))
            elements.append(try readObject(element, depth: depth + 1))
            path.removeLast()
        }
        return .array(elements)
    }

    private mutating func readDictionary(_ marker: UInt8, object: Int, offset: Int, depth: Int) throws -> PlistValue {
        let (count, start) = try lengthAndStart(marker, object: object, offset: offset)
        let (refsLength, overflow) = count.multipliedReportingOverflow(by: 2 * objectRefSize)
        guard !overflow else { throw pastEnd(object: object, offset: offset) }
        try ensure(start: start, length: refsLength, object: object, offset: offset)
        guard containersBeingRead.insert(object).inserted else {
            throw fail("reference cycle through object \(object)")
        }
        defer { containersBeingRead.remove(object) }
        var dictionary = PlistDictionary()
        var seen = Set<String>()
        // Built at the first repeated key and shared by the others.
        var pointer: JSONPointer?
        for index in 0..<count {
            let keyObject = try reference(at: start + index * objectRefSize, in: object)
            let valueObject = try reference(at: start + (count + index) * objectRefSize, in: object)
            let key = try readKey(keyObject, dictionary: object)
            if !seen.insert(key).inserted {
                let dictionaryPointer = pointer ?? currentPointer()
                pointer = dictionaryPointer
                duplicateKeys.append(PropertyListDocument.DuplicateKey(dictionary: dictionaryPointer, key: key, line: nil))
            }
            path.append(.key(key))
            dictionary.append(key: key, value: try readObject(valueObject, depth: depth + 1))
            path.removeLast()
        }
        return .dictionary(dictionary)
    }

    private mutating func readKey(_ object: Int, dictionary: Int) throws -> String {
        valueCount += 1
        guard valueCount <= limits.maxValues else {
            throw fail("the plist unfolds into more than \(limits.maxValues) values (objects referenced over and over)")
        }
        if case .string(let key)? = leafCache[object] {
            return key
        }
        let offset = try self.offset(of: object)
        let marker = bytes[offset]
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw fail("dictionary object \(dictionary) has a key (object \(object) at offset \(offset)) that is not a string")
        }
        let key = try readString(marker, object: object, offset: offset)
        leafCache[object] = .string(key)
        return key
    }

    // MARK: - Offsets, lengths and references

    /// The offset of `object`, from the offset table, checked to lie in the object data.
    private func offset(of object: Int) throws -> Int {
        // object < objectCount and the whole table lies inside the file (checked in init).
        let entry = offsetTableStart + object * offsetIntSize
        let offset = readUInt(at: entry, size: offsetIntSize)
        guard offset >= UInt64(Self.headerLength), offset < UInt64(offsetTableStart) else {
            throw fail("the offset table gives object \(object) the offset \(offset), outside the object data")
        }
        return Int(offset)
    }

    /// The object reference stored at `position` inside container `container`.
    private func reference(at position: Int, in container: Int) throws -> Int {
        let reference = readUInt(at: position, size: objectRefSize)
        guard reference < UInt64(objectCount) else {
            throw fail("object \(container) refers to object \(reference), but the file has only \(objectCount) objects")
        }
        return Int(reference)
    }

    /// The element count of a data, string, array or dictionary object and where its payload starts.
    private func lengthAndStart(_ marker: UInt8, object: Int, offset: Int) throws -> (length: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F {
            return (nibble, offset + 1)
        }
        try ensure(start: offset + 1, length: 1, object: object, offset: offset)
        let lengthMarker = bytes[offset + 1]
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw fail("object \(object) at offset \(offset) has a bad length marker 0x\(hex(lengthMarker))")
        }
        let size = 1 << (lengthMarker & 0x0F)
        try ensure(start: offset + 2, length: size, object: object, offset: offset)
        let length = readUInt(at: offset + 2, size: size)
        guard length <= UInt64(offsetTableStart) else {
            throw fail("object \(object) at offset \(offset) claims \(length) elements, more than the file can hold")
        }
        return (Int(length), offset + 2 + size)
    }

    /// Throws unless `length` bytes from `start` lie inside the object data.
    private func ensure(start: Int, length: Int, object: Int, offset: Int) throws {
        let (end, overflow) = start.addingReportingOverflow(length)
        guard !overflow, length >= 0, end <= offsetTableStart else {
            throw pastEnd(object: object, offset: offset)
        }
    }

    /// A big-endian unsigned integer; callers have checked the bytes are there.
    private func readUInt(at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in position..<(position + size) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    private func currentPointer() -> JSONPointer {
        JSONPointer(
            components: path.map {
                switch $0 {
                case .index(let index): String(index)
                case .key(let key): key
                }
            })
    }

    // MARK: - Errors

    private func fail(_ reason: String) -> BundleCheckError {
        .malformedPropertyList(file: file, reason: reason, line: nil)
    }

    private func pastEnd(object: Int, offset: Int) -> BundleCheckError {
        fail("object \(object) at offset \(offset) runs past the end of the object data (offset \(offsetTableStart))")
    }

    private func unknownMarker(_ marker: UInt8, object: Int, offset: Int) -> BundleCheckError {
        fail("object \(object) at offset \(offset) has the unknown type marker 0x\(hex(marker))")
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
