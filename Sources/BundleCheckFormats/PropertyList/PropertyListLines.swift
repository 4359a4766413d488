/// The source line of every value of an XML property list.
///
/// Values are numbered as the parser meets them (the root is 0) and linked to
/// their parent by key or index, so recording a value costs the same at any depth;
/// a JSON Pointer is resolved (in steps of its length) only when a finding asks for
/// its line. A table keyed by pointer text would rebuild and escape the whole path
/// for every value: time and memory of values × depth.
///
/// A dictionary's entries are kept as its keys and value numbers side by side, in
/// document order, like an array's elements, not in a hash table keyed by dictionary
/// and key: a lookup scans one dictionary's keys (for the few pointers findings
/// resolve), and recording 200,000 keys costs two flat arrays instead of a table
/// several times their size.
public final class PropertyListLines: Sendable {
    /// Line of each value, by number.
    private let lineOfValue: [Int32]
    /// Dictionaries: where their entries start in `entryKeys`/`entryNumbers`, and how many there are.
    private let dictionaries: [Int32: (start: Int32, count: Int32)]
    private let entryKeys: [String]
    private let entryNumbers: [Int32]
    /// Arrays: where their elements' numbers start in `elementNumbers`, and how many there are.
    private let arrays: [Int32: (start: Int32, count: Int32)]
    private let elementNumbers: [Int32]

    fileprivate init(builder: Builder) {
        self.lineOfValue = builder.lineOfValue
        self.dictionaries = builder.dictionaries
        self.entryKeys = builder.entryKeys
        self.entryNumbers = builder.entryNumbers
        self.arrays = builder.arrays
        self.elementNumbers = builder.elementNumbers
    }

    /// Values recorded: one per value, whatever its depth.
    public var valueCount: Int { lineOfValue.count }

    /// Links from a container to a value recorded: one per value but the root
    /// (fewer when a `CF$UID` dictionary became a UID).
    public var linkCount: Int { entryKeys.count + elementNumbers.count }

    /// The line of the value at `pointer`, or nil when there is no such value.
    public func line(of pointer: JSONPointer) -> Int? {
        guard !lineOfValue.isEmpty else { return nil }
        var value: Int32 = 0
        for component in pointer.components {
            if let entries = dictionaries[value] {
                // The last value when the key repeats, as lookups in the dictionary see it.
                let range = Int(entries.start)..<Int(entries.start + entries.count)
                guard let position = range.last(where: { entryKeys[$0] == component }) else { return nil }
                value = entryNumbers[position]
            } else if let elements = arrays[value], let index = JSONPointer.arrayIndex(component), index < Int(elements.count) {
                value = elementNumbers[Int(elements.start) + index]
            } else {
                return nil
            }
        }
        return Int(lineOfValue[Int(value)])
    }

    /// Every value's line keyed by its pointer text. This builds every pointer (values × depth):
    /// for tests and small files, never on the way to a report.
    public var everyLineByPointer: [String: Int] {
        guard !lineOfValue.isEmpty else { return [:] }
        var steps = [(parent: Int32, component: String)?](repeating: nil, count: lineOfValue.count)
        for (dictionary, entries) in dictionaries {
            // Only the last value of a repeated key has a pointer.
            var lastByKey: [String: Int32] = [:]
            for position in Int(entries.start)..<Int(entries.start + entries.count) {
                lastByKey[entryKeys[position]] = entryNumbers[position]
            }
            for (key, value) in lastByKey {
                steps[Int(value)] = (dictionary, key)
            }
        }
        for (array, elements) in arrays {
            for index in 0..<Int(elements.count) {
                steps[Int(elementNumbers[Int(elements.start) + index])] = (array, String(index))
            }
        }
        var table: [String: Int] = [:]
        for value in lineOfValue.indices {
            var components: [String] = []
            var current = value
            var reachable = true
            while current != 0 {
                guard let step = steps[current] else {
                    reachable = false
                    break
                }
                components.append(step.component)
                current = Int(step.parent)
            }
            if reachable {
                table[JSONPointer(components: components.reversed()).description] = Int(lineOfValue[value])
            }
        }
        return table
    }

    /// Records values as a parser meets them, in constant time each.
    struct Builder {
        fileprivate var lineOfValue: [Int32] = []
        fileprivate var dictionaries: [Int32: (start: Int32, count: Int32)] = [:]
        fileprivate var entryKeys: [String] = []
        fileprivate var entryNumbers: [Int32] = []
        fileprivate var arrays: [Int32: (start: Int32, count: Int32)] = [:]
        fileprivate var elementNumbers: [Int32] = []

        /// Numbers a new value found at `line` (0 when unknown); the first one is the root.
        mutating func add(line: Int) -> Int32 {
            lineOfValue.append(Int32(clamping: line))
            return Int32(lineOfValue.count - 1)
        }

        /// A dictionary's keys and the numbers of their values, in order, given once the dictionary is read.
        mutating func setEntries(of dictionary: Int32, keys: some Sequence<String>, numbers: [Int32]) {
            dictionaries[dictionary] = (Int32(entryKeys.count), Int32(numbers.count))
            entryKeys += keys
            entryNumbers += numbers
        }

        /// The numbers of an array's elements, in order, given once the array is read.
        mutating func setElements(of array: Int32, _ numbers: [Int32]) {
            arrays[array] = (Int32(elementNumbers.count), Int32(numbers.count))
            elementNumbers += numbers
        }

        func build() -> PropertyListLines {
            PropertyListLines(builder: self)
        }
    }
}
