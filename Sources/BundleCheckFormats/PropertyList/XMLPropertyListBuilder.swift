/// Builds a `PropertyListDocument` from the events of a streaming XML parse, checking
/// the plist grammar as elements open and close (`XMLPropertyListParser` describes it).
///
/// One frame per open element; a value is made when its element closes and handed to
/// its parent's frame. Text is kept only for the one leaf element open at a time, and
/// for a container only from the first character that is not white space (an error).
final class XMLPropertyListBuilder: Libxml2ContentHandler {
    enum Outcome {
        case document(PropertyListDocument)
        case failure(reason: String, line: Int?)
    }

    private enum Role {
        /// The `<plist>` wrapper.
        case plist
        case array
        case dictionary
        /// `<string>`, `<integer>`, `<real>`, `<date>`, `<data>`: text only.
        case leaf
        /// `<true/>`, `<false/>`: nothing but white space.
        case empty
        /// A dictionary's `<key>`.
        case key
        /// A `<key>` where a value belongs; its text goes into the message.
        case strayKey
        /// Inside a value already refused, or below an element whose content is not read.
        case ignored

        /// Containers read all their children's text before any child, as a tree walk does.
        var scansChildrenFirst: Bool {
            switch self {
            case .plist, .array, .dictionary, .empty: true
            case .leaf, .key, .strayKey, .ignored: false
            }
        }

        var keepsText: Bool {
            switch self {
            case .leaf, .key, .strayKey: true
            case .plist, .array, .dictionary, .empty, .ignored: false
            }
        }
    }

    /// How a value is reached from its parent, for the pointer of a dictionary that repeats a key.
    private enum Step {
        case key(String)
        case index(Int)
    }

    private struct Frame {
        let name: String
        let role: Role
        let line: Int
        /// The value's number in `lines`; -1 for frames that are not values.
        var number: Int32 = -1
        var depth = 0
        var step: Step?
        /// The line of the last child node, when it is an element, text, comment or
        /// instruction; nil when there is none or it is an entity reference. A tree
        /// dates an entity reference by its previous sibling, else by its parent.
        var lastChildLine: Int?
        var childElementCount = 0
        var elements: [PlistValue] = []
        /// The numbers of an array's elements or of a dictionary's values, in order.
        var numbers: [Int32] = []
        var dictionary = PlistDictionary()
        /// Where each of a dictionary's keys is: its line, and how many values came before
        /// it in the document, which orders repeated keys of nested dictionaries.
        var keyLines: [Int32] = []
        var keyPositions: [Int32] = []
        var pendingKey: (key: String, line: Int, position: Int)?
        /// The key of the value being read.
        var valueKey: String?
        /// A stray key's text could not be read (an element or entity inside it).
        var textFailed = false

        init(name: String, role: Role, line: Int) {
            self.name = name
            self.role = role
            self.line = line
        }
    }

    /// After the first grammar error: what an open container says about its children
    /// further on, which a tree walk would have met before that error.
    private struct Watch {
        /// Index of the container in `frames`.
        let frame: Int
        var strayContent: (reason: String, line: Int)?
        /// For `<plist>`: a second root value.
        var secondValue: Int?
        /// Cleared when the container closes, so a later sibling in the same slot is not taken for it.
        var isOpen = true
    }

    private let limits: PropertyListLimits
    private var lines = PropertyListLines.Builder()
    /// Repeated keys with their position in the document; a dictionary's are found when it closes.
    private var duplicateKeys: [(position: Int32, key: PropertyListDocument.DuplicateKey)] = []
    private var valueCount = 0
    private var frames: [Frame] = []
    private var root: PlistValue?

    /// The text of the open leaf or key, as UTF-8.
    private var text: [UInt8] = []
    /// A run of character data in the innermost frame: its line, and for a container
    /// what follows its leading white space.
    private var runIsOpen = false
    private var runLine = 0
    private var runContent: [UInt8] = []

    /// Every `PlistValue` is a heap box: a value repeated throughout a document (the same
    /// string 370,000 times) is made once and shared, as a binary plist's objects are.
    private var recentStrings = RecentStrings()
    /// One box each per document, not process-wide statics: a static box is a pointer with the
    /// enum's tag in its spare bits, which LeakSanitizer cannot see, so the fuzz smoke run
    /// reported it as a leak.
    private let trueValue = PlistValue.bool(true)
    private let falseValue = PlistValue.bool(false)

    private var firstError: (reason: String, line: Int?)?
    private var watches: [Watch] = []

    /// Values the builder made and containers it opened, for tests that bound its work.
    private(set) var framesOpened = 0
    private(set) var deepestStack = 0

    init(limits: PropertyListLimits) {
        self.limits = limits
    }

    /// What the stream amounted to; asked once libxml2 accepted the document.
    func outcome() -> Outcome {
        if let firstError {
            let earlier = watches.lazy.compactMap { watch -> (String, Int?)? in
                if let stray = watch.strayContent { return (stray.reason, stray.line) }
                return watch.secondValue.map { ("<plist> holds more than one root value", $0) }
            }.first
            let (reason, line) = earlier ?? firstError
            return .failure(reason: reason, line: line)
        }
        guard let root else {
            // libxml2 accepts no document without a root element, so this is not reached.
            return .failure(reason: "the document has no root element", line: nil)
        }
        let repeated = duplicateKeys.sorted { $0.position < $1.position }.map(\.key)
        return .document(PropertyListDocument(format: .xml, root: root, lines: lines.build(), duplicateKeys: repeated))
    }

    // MARK: - Events

    func startElement(name: String, line: Int) {
        closeRun()
        framesOpened += 1
        guard firstError == nil, let parentIndex = frames.indices.last else {
            if frames.isEmpty, firstError == nil {
                openRoot(name: name, line: line)
            } else {
                noteChildElement(line: line)
                push(Frame(name: name, role: .ignored, line: line))
            }
            return
        }
        frames[parentIndex].lastChildLine = line
        frames[parentIndex].childElementCount += 1
        // Only the parts needed: a copy of the frame would make the next change to its
        // containers copy them whole (copy on write), once per child.
        let role = frames[parentIndex].role, parentName = frames[parentIndex].name
        let parentLine = frames[parentIndex].line, parentDepth = frames[parentIndex].depth
        switch role {
        case .plist:
            guard frames[parentIndex].childElementCount == 1 else {
                fail("<plist> holds more than one root value", line: line, watching: parentIndex)
                push(Frame(name: name, role: .ignored, line: line))
                return
            }
            openValue(name: name, line: line, depth: 1, step: nil)
        case .array:
            openValue(name: name, line: line, depth: parentDepth + 1, step: .index(frames[parentIndex].elements.count))
        case .dictionary:
            openDictionaryChild(name: name, line: line, dictionary: parentIndex)
        case .leaf, .key:
            fail("<\(parentName)> cannot contain elements, found <\(name)>", line: line, watching: parentIndex - 1)
            push(Frame(name: name, role: .ignored, line: line))
        case .strayKey:
            frames[parentIndex].textFailed = true
            push(Frame(name: name, role: .ignored, line: line))
        case .empty:
            fail("<\(parentName)> must be empty", line: parentLine, watching: parentIndex)
            push(Frame(name: name, role: .ignored, line: line))
        case .ignored:
            push(Frame(name: name, role: .ignored, line: line))
        }
    }

    func endElement() {
        closeRun()
        guard let frame = frames.popLast() else { return }
        guard firstError == nil else {
            if let watch = openWatch(of: frames.count) { watches[watch].isOpen = false }
            return
        }
        switch frame.role {
        case .leaf:
            let content = String(decoding: text, as: UTF8.self)
            text.removeAll(keepingCapacity: true)
            guard let value = leafValue(frame.name, content, line: frame.line) else { return }
            deliver(value, number: frame.number)
        case .empty:
            deliver(frame.name == "true" ? trueValue : falseValue, number: frame.number)
        case .array:
            lines.setElements(of: frame.number, frame.numbers)
            deliver(.array(frame.elements), number: frame.number)
        case .dictionary:
            if let pendingKey = frame.pendingKey {
                fail("dictionary key '\(XMLPropertyListParser.excerpt(pendingKey.key))' has no value", line: pendingKey.line, watching: frames.count - 1)
                return
            }
            recordRepeatedKeys(of: frame)
            deliver(closedDictionary(frame), number: frame.number)
        case .key:
            let key = String(decoding: text, as: UTF8.self)
            text.removeAll(keepingCapacity: true)
            frames[frames.count - 1].pendingKey = (key, frame.line, valueCount)
        case .strayKey:
            let key = frame.textFailed ? "" : String(decoding: text, as: UTF8.self)
            text.removeAll(keepingCapacity: true)
            fail("<key> '\(XMLPropertyListParser.excerpt(key))' outside a dictionary", line: frame.line, watching: frames.count - 1)
        case .plist:
            if frame.childElementCount == 0 {
                fail("<plist> holds no value", line: frame.line, watching: frames.count - 1)
            }
        case .ignored:
            break
        }
    }

    func characters(_ utf8: UnsafeBufferPointer<UInt8>, line: Int) {
        guard let index = frames.indices.last else { return }
        if !runIsOpen {
            runIsOpen = true
            runLine = line
            runContent.removeAll(keepingCapacity: true)
            frames[index].lastChildLine = line
        }
        let role = frames[index].role
        if role.keepsText {
            if firstError == nil { text.append(contentsOf: utf8) }
        } else if role.scansChildrenFirst, isWatchedOrLive(index) {
            if runContent.isEmpty {
                guard let start = utf8.firstIndex(where: { !Self.isXMLWhiteSpace($0) }) else { return }
                runContent.append(contentsOf: utf8[start...])
            } else {
                runContent.append(contentsOf: utf8)
            }
        }
    }

    func entityReference(name: String) {
        closeRun()
        guard let index = frames.indices.last else { return }
        let line = frames[index].lastChildLine ?? frames[index].line
        frames[index].lastChildLine = nil
        let role = frames[index].role
        let reason = "undefined entity '&\(name);'"
        if role == .strayKey {
            frames[index].textFailed = true
        } else if role.scansChildrenFirst {
            strayContent(reason, line: line, in: index)
        } else if role.keepsText {
            fail(reason, line: line, watching: index - 1)
        }
    }

    func commentOrInstruction(line: Int) {
        closeRun()
        guard let index = frames.indices.last else { return }
        frames[index].lastChildLine = line
    }

    // MARK: - Values

    private func openRoot(name: String, line: Int) {
        if name == "plist" {
            push(Frame(name: name, role: .plist, line: line))
        } else {
            openValue(name: name, line: line, depth: 1, step: nil)
        }
    }

    /// Counts and numbers a value whose element just opened, and opens its frame.
    private func openValue(name: String, line: Int, depth: Int, step: Step?) {
        let parent = frames.count - 1
        valueCount += 1
        guard valueCount <= limits.maxValues else {
            return refuse(name, "more than \(limits.maxValues) values", line: line, watching: parent)
        }
        guard depth <= limits.maxDepth else {
            return refuse(name, "nesting deeper than \(limits.maxDepth) levels", line: line, watching: parent)
        }
        let role: Role
        switch name {
        case "string", "integer", "real", "date", "data": role = .leaf
        case "true", "false": role = .empty
        case "array": role = .array
        case "dict": role = .dictionary
        case "key": role = .strayKey
        case "plist": return refuse(name, "<plist> nested inside a value", line: line, watching: parent)
        default: return refuse(name, "unknown element <\(name)>", line: line, watching: parent)
        }
        var frame = Frame(name: name, role: role, line: line)
        frame.number = lines.add(line: line)
        frame.depth = depth
        frame.step = step
        push(frame)
    }

    private func openDictionaryChild(name: String, line: Int, dictionary index: Int) {
        if name == "key" {
            if let pendingKey = frames[index].pendingKey {
                return refuse(name, "dictionary key '\(XMLPropertyListParser.excerpt(pendingKey.key))' has no value", line: pendingKey.line, watching: index)
            }
            valueCount += 1
            guard valueCount <= limits.maxValues else {
                return refuse(name, "more than \(limits.maxValues) values", line: line, watching: index)
            }
            push(Frame(name: name, role: .key, line: line))
            return
        }
        guard let (key, keyLine, keyPosition) = frames[index].pendingKey else {
            return refuse(name, "dictionary value <\(name)> has no key", line: line, watching: index)
        }
        frames[index].pendingKey = nil
        frames[index].valueKey = key
        frames[index].keyLines.append(Int32(clamping: keyLine))
        frames[index].keyPositions.append(Int32(clamping: keyPosition))
        openValue(name: name, line: line, depth: frames[index].depth + 1, step: .key(key))
    }

    /// Hands a finished value to the frame it belongs to.
    private func deliver(_ value: PlistValue, number: Int32) {
        guard let index = frames.indices.last, frames[index].role != .plist else {
            root = value
            return
        }
        switch frames[index].role {
        case .array:
            frames[index].elements.append(value)
            frames[index].numbers.append(number)
        case .dictionary:
            let key = frames[index].valueKey ?? ""
            frames[index].valueKey = nil
            frames[index].numbers.append(number)
            frames[index].dictionary.append(key: key, value: value)
        default:
            break
        }
    }

    private func closedDictionary(_ frame: Frame) -> PlistValue {
        let dictionary = frame.dictionary
        // Core Foundation reads {CF$UID: n} back as the UID its XML writer turned into that dictionary.
        if dictionary.count == 1, let entry = dictionary.entries.first, entry.key == "CF$UID",
            case .integer(let integer) = entry.value, let uid = integer.uint64, uid <= UInt64(UInt32.max)
        {
            return .uid(uid)
        }
        lines.setEntries(of: frame.number, keys: dictionary.entries.lazy.map(\.key), numbers: frame.numbers)
        return .dictionary(dictionary)
    }

    /// Records each key `frame`'s dictionary repeats, once it is read: one set of keys
    /// at a time, made to its size, instead of one growing per open dictionary.
    private func recordRepeatedKeys(of frame: Frame) {
        var seen = Set<String>(minimumCapacity: frame.dictionary.count)
        var pointer: JSONPointer?
        for (position, entry) in frame.dictionary.entries.enumerated() where !seen.insert(entry.key).inserted {
            // Built at the first repeated key and shared by the others.
            let dictionaryPointer = pointer ?? self.pointer(through: frame)
            pointer = dictionaryPointer
            let repeated = PropertyListDocument.DuplicateKey(dictionary: dictionaryPointer, key: entry.key, line: Int(frame.keyLines[position]))
            duplicateKeys.append((frame.keyPositions[position], repeated))
        }
    }

    private func leafValue(_ name: String, _ content: String, line: Int) -> PlistValue? {
        let watching = frames.count - 1
        switch name {
        case "string":
            return recentStrings.value(for: content)
        case "integer":
            let text = content.trimmingXMLWhiteSpace()
            guard XMLPropertyListParser.isIntegerSyntax(text) else {
                fail("integer '\(XMLPropertyListParser.excerpt(text))' is not a decimal or 0x hexadecimal number", line: line, watching: watching)
                return nil
            }
            guard let integer = PlistInteger(parsing: text) else {
                fail("integer '\(XMLPropertyListParser.excerpt(text))' is out of range", line: line, watching: watching)
                return nil
            }
            return .integer(integer)
        case "real":
            let text = content.trimmingXMLWhiteSpace()
            guard let real = XMLPropertyListParser.parseReal(text) else {
                fail("real '\(XMLPropertyListParser.excerpt(text))' is not a number", line: line, watching: watching)
                return nil
            }
            return .real(real)
        case "date":
            let text = content.trimmingXMLWhiteSpace()
            guard let date = XMLPropertyListParser.parseDate(text) else {
                fail("date '\(XMLPropertyListParser.excerpt(text))' is not a valid yyyy-mm-ddThh:mm:ssZ date", line: line, watching: watching)
                return nil
            }
            return .date(date)
        default:
            guard let data = XMLPropertyListParser.decodeBase64(content) else {
                fail("<data> is not valid base64", line: line, watching: watching)
                return nil
            }
            return .data(data)
        }
    }

    /// The pointer of the value of `frame`, just closed, from the steps of the frames still open and its own.
    private func pointer(through frame: Frame) -> JSONPointer {
        let components = (frames.map(\.step) + [frame.step]).compactMap { step -> String? in
            switch step {
            case .key(let key): key
            case .index(let position): String(position)
            case nil: nil
            }
        }
        return JSONPointer(components: components)
    }

    // MARK: - Text runs

    /// Ends the run of text in the innermost frame: for a container, text that is not
    /// white space is an error.
    private func closeRun() {
        guard runIsOpen else { return }
        runIsOpen = false
        guard !runContent.isEmpty, let index = frames.indices.last else { return }
        let content = String(decoding: runContent, as: UTF8.self).trimmingXMLWhiteSpace()
        runContent.removeAll(keepingCapacity: true)
        strayContent("unexpected text '\(XMLPropertyListParser.excerpt(content))' in <\(frames[index].name)>", line: runLine, in: index)
    }

    /// Text or an entity directly inside container `index`.
    private func strayContent(_ reason: String, line: Int, in index: Int) {
        if firstError == nil {
            fail(reason, line: line, watching: index - 1)
        } else if let watch = openWatch(of: index), watches[watch].strayContent == nil {
            watches[watch].strayContent = (reason, line)
        }
    }

    // MARK: - Errors

    /// Whether frame `index` still matters: before the first error every frame does,
    /// after it only the containers watched.
    private func isWatchedOrLive(_ index: Int) -> Bool {
        firstError == nil || openWatch(of: index) != nil
    }

    private func openWatch(of frame: Int) -> Int? {
        watches.firstIndex { $0.frame == frame && $0.isOpen }
    }

    /// A child element of a watched `<plist>` after the first error.
    private func noteChildElement(line: Int) {
        guard let index = frames.indices.last else { return }
        frames[index].childElementCount += 1
        guard frames[index].role == .plist, frames[index].childElementCount == 2,
            let watch = openWatch(of: index)
        else { return }
        if watches[watch].secondValue == nil { watches[watch].secondValue = line }
    }

    /// Records the first grammar error and refuses the element that caused it.
    private func refuse(_ name: String, _ reason: String, line: Int, watching outermost: Int) {
        fail(reason, line: line, watching: outermost)
        push(Frame(name: name, role: .ignored, line: line))
    }

    /// Records the first grammar error. A tree walk reads every container's children
    /// before descending into them, so the containers `0...outermost` that are open
    /// now are watched: stray text or an entity in them later on came first for it.
    private func fail(_ reason: String, line: Int?, watching outermost: Int) {
        guard firstError == nil else { return }
        firstError = (reason, line)
        watches = frames.indices.prefix(max(0, outermost + 1)).filter { frames[$0].role.scansChildrenFirst }.map { Watch(frame: $0) }
        // Values are no longer built; only the watched frames' text matters.
        text = []
        for index in frames.indices {
            frames[index].elements = []
            frames[index].dictionary = PlistDictionary()
        }
    }

    private func push(_ frame: Frame) {
        frames.append(frame)
        deepestStack = max(deepestStack, frames.count)
    }

    private static func isXMLWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// The last string values made, one per slot of a small table picked by hash: repeated
/// values are shared, and the table never grows whatever the number of distinct ones.
private struct RecentStrings {
    private static let slotCount = 256
    private var slots = [(text: String, value: PlistValue)?](repeating: nil, count: slotCount)

    mutating func value(for text: String) -> PlistValue {
        let slot = text.hashValue & (Self.slotCount - 1)
        if let recent = slots[slot], recent.text == text {
            return recent.value
        }
        let value = PlistValue.string(text)
        slots[slot] = (text, value)
        return value
    }
}

extension String {
    /// The text without XML white space (space, tab, CR, LF) at either end.
    func trimmingXMLWhiteSpace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
