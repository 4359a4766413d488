/// A parsed property list together with what a finding needs to point into it.
public struct PropertyListDocument: Sendable {
    public let format: PropertyListFormat
    public let root: PlistValue
    /// 1-based source line of each value's element; XML only.
    public let lines: PropertyListLines?
    /// Every key that occurs more than once in one dictionary, in document order.
    public let duplicateKeys: [DuplicateKey]

    public struct DuplicateKey: Sendable, Hashable {
        /// The pointer of the dictionary that holds the key twice.
        public let dictionary: JSONPointer
        public let key: String
        /// Line of the repeated key element, when the plist is XML.
        public let line: Int?

        public init(dictionary: JSONPointer, key: String, line: Int?) {
            self.dictionary = dictionary
            self.key = key
            self.line = line
        }
    }

    public init(format: PropertyListFormat, root: PlistValue, lines: PropertyListLines? = nil, duplicateKeys: [DuplicateKey] = []) {
        self.format = format
        self.root = root
        self.lines = lines
        self.duplicateKeys = duplicateKeys
    }

    public func value(at pointer: JSONPointer) -> PlistValue? {
        root.value(at: pointer)
    }

    /// The XML line of the value at `pointer`, or nil for binary plists.
    public func line(of pointer: JSONPointer) -> Int? {
        lines?.line(of: pointer)
    }
}

/// The two on-disk forms Apple's tools write.
public enum PropertyListFormat: String, Sendable, Hashable {
    case xml
    case binary
}
