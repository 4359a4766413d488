/// Reads a rule file: one YAML document, parsed by libyaml, kept to a small and predictable subset.
///
/// - Scalars stay the strings libyaml returns: no YAML 1.1 typing, so `no`, `yes`,
///   `1.0`, `~` and `null` are all strings. An empty value (`key:`) is the empty string.
///   `isQuoted` is true for single- and double-quoted scalars and for literal (`|`)
///   and folded (`>`) blocks, false only for plain ones.
/// - Tags are reported as libyaml resolves them: a local tag stays as written
///   (`!bool` is `"!bool"`), a `!!` shorthand is expanded to its full form
///   (`!!str` is `"tag:yaml.org,2002:str"`), a verbatim tag loses its brackets
///   (`!<x>` is `"x"`), and a lone `!` is `"!"`. Untagged nodes have a nil tag.
/// - Refused, each with the file, line and column: anchors (`&a`) and aliases (`*a`),
///   which make documents hard to read and allow "billion laughs" expansion; merge keys
///   (a plain `<<`, or a key tagged `!!merge`; a quoted `"<<"` is an ordinary key);
///   keys that are lists or mappings; duplicate keys in one mapping (`a` and `"a"` are
///   the same key); more than one document; anything libyaml itself rejects (invalid
///   UTF-8, a tab in indentation, an unclosed bracket...).
/// - Bounded by `YAMLLimits`: at most `maxBytes` bytes, collections nested at most
///   `maxDepth` deep and `maxNodes` nodes in all; beyond that, an error.
///
/// Lines and columns are 1-based and count characters; a node's position is that of
/// its first property (tag) or, without one, its first character.
package enum YAMLParser {
    /// The single document in `bytes`, or nil when the stream or the document is empty.
    ///
    /// `file` names the input in every error.
    package static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .standard) throws(YAMLError) -> YAMLNode? {
        guard bytes.count <= limits.maxBytes else {
            throw YAMLError(file: file, line: 1, column: 1, message: Message.tooLarge(bytes.count, limit: limits.maxBytes))
        }
        var builder = try TreeBuilder(events: LibyamlParser(bytes: bytes, file: file), file: file, limits: limits)
        return try builder.document()
    }
}

/// Turns libyaml's events into a `YAMLNode` tree, without recursion.
private struct TreeBuilder {
    typealias Event = LibyamlParser.Event

    /// A list or mapping whose end event has not come yet.
    private struct OpenCollection {
        let isMapping: Bool
        let tag: String?
        let mark: LibyamlParser.Mark
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        /// A mapping's key that waits for its value.
        var pendingKey: YAMLNode?
        /// The line of each key seen so far, to name both lines of a duplicate.
        var keyLines: [String: Int] = [:]

        var expectsKey: Bool {
            isMapping && pendingKey == nil
        }

        var node: YAMLNode {
            YAMLNode(value: isMapping ? .mapping(pairs) : .sequence(items), tag: tag, line: mark.line, column: mark.column)
        }
    }

    private let events: LibyamlParser
    private let file: String
    private let limits: YAMLLimits
    private var open: [OpenCollection] = []
    private var nodeCount = 0

    init(events: LibyamlParser, file: String, limits: YAMLLimits) {
        self.events = events
        self.file = file
        self.limits = limits
    }

    /// The stream's only document; nil for an empty stream or an empty document.
    mutating func document() throws(YAMLError) -> YAMLNode? {
        try expect(.streamStart)
        let start = try events.nextEvent()
        switch start.kind {
        case .streamEnd:
            return nil
        case .documentStart:
            break
        default:
            throw unexpected(start)
        }
        let root = try node()
        try expect(.documentEnd)
        let end = try events.nextEvent()
        switch end.kind {
        case .streamEnd:
            break
        case .documentStart:
            throw error(Message.moreThanOneDocument, at: end.mark)
        default:
            throw unexpected(end)
        }
        // A document with no content (`---` alone) holds an empty plain scalar; a plain
        // scalar cannot otherwise be empty.
        if root.scalar == "", !root.isQuoted, root.tag == nil {
            return nil
        }
        return root
    }

    /// Reads events until one whole node (the document's root) is complete.
    private mutating func node() throws(YAMLError) -> YAMLNode {
        while true {
            let event = try events.nextEvent()
            let complete: YAMLNode
            switch event.kind {
            case .scalar(let value, let style, let properties):
                try admitNode(properties, at: event.mark)
                complete = YAMLNode(
                    value: .scalar(value),
                    tag: properties.tag,
                    isQuoted: style != .plain,
                    line: event.mark.line,
                    column: event.mark.column
                )
            case .sequenceStart(let properties), .mappingStart(let properties):
                try admitNode(properties, at: event.mark)
                let isMapping = if case .mappingStart = event.kind { true } else { false }
                if open.last?.expectsKey == true {
                    throw error(Message.complexKey(isMapping ? "a mapping" : "a list"), at: event.mark)
                }
                guard open.count < limits.maxDepth else {
                    throw error(Message.tooDeep(limits.maxDepth), at: event.mark)
                }
                open.append(OpenCollection(isMapping: isMapping, tag: properties.tag, mark: event.mark))
                continue
            case .sequenceEnd, .mappingEnd:
                guard let collection = open.popLast(), collection.pendingKey == nil else {
                    throw unexpected(event)
                }
                complete = collection.node
            case .alias:
                throw error(Message.anchorsAndAliases, at: event.mark)
            case .streamStart, .streamEnd, .documentStart, .documentEnd:
                throw unexpected(event)
            }
            guard !open.isEmpty else {
                return complete
            }
            try add(complete)
        }
    }

    /// Counts a new node and refuses its anchor.
    private mutating func admitNode(_ properties: LibyamlParser.Properties, at mark: LibyamlParser.Mark) throws(YAMLError) {
        if properties.anchor != nil {
            throw error(Message.anchorsAndAliases, at: mark)
        }
        nodeCount += 1
        if nodeCount > limits.maxNodes {
            throw error(Message.tooManyNodes(limits.maxNodes), at: mark)
        }
    }

    /// Puts a finished node into the innermost open collection.
    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        let last = open.count - 1
        guard open[last].isMapping else {
            open[last].items.append(node)
            return
        }
        if let key = open[last].pendingKey {
            open[last].pairs.append(YAMLNode.Pair(key: key, value: node))
            open[last].pendingKey = nil
            return
        }
        guard let text = node.scalar else {
            throw error(Message.complexKey(node.kindName), at: LibyamlParser.Mark(line: node.line, column: node.column))
        }
        let mark = LibyamlParser.Mark(line: node.line, column: node.column)
        if (text == "<<" && !node.isQuoted) || node.tag == "tag:yaml.org,2002:merge" {
            throw error(Message.mergeKey, at: mark)
        }
        if let firstLine = open[last].keyLines[text] {
            throw error(Message.duplicateKey(text, firstLine: firstLine, line: node.line), at: mark)
        }
        open[last].keyLines[text] = node.line
        open[last].pendingKey = node
    }

    private mutating func expect(_ kind: Event.Kind) throws(YAMLError) {
        let event = try events.nextEvent()
        guard event.kind == kind else {
            throw unexpected(event)
        }
    }

    private func unexpected(_ event: Event) -> YAMLError {
        error(Message.unexpectedEvent, at: event.mark)
    }

    private func error(_ message: String, at mark: LibyamlParser.Mark) -> YAMLError {
        YAMLError(file: file, line: mark.line, column: mark.column, message: message)
    }
}

/// The wording of every problem the parser itself raises (libyaml's own messages pass through).
private enum Message {
    static let anchorsAndAliases = "anchors and aliases are not allowed; quote a value that starts with * or &"
    static let mergeKey = "merge keys (<<) are not allowed in rule files"
    static let moreThanOneDocument = "expected one YAML document"
    static let unexpectedEvent = "the yaml parser produced an unexpected event"

    static func tooLarge(_ size: Int, limit: Int) -> String {
        let mebibyte = 1024 * 1024
        let allowed = limit > 0 && limit % mebibyte == 0 ? "\(limit / mebibyte) MiB" : "\(limit) bytes"
        return "the file has \(size) bytes, more than the \(allowed) allowed"
    }

    static func tooDeep(_ limit: Int) -> String {
        "lists and mappings are nested more than \(limit) levels deep"
    }

    static func tooManyNodes(_ limit: Int) -> String {
        "the document has more than \(limit) nodes"
    }

    static func complexKey(_ kindName: String) -> String {
        "a mapping key must be a scalar, not \(kindName)"
    }

    static func duplicateKey(_ key: String, firstLine: Int, line: Int) -> String {
        "duplicate key \(key.debugDescription) on lines \(firstLine) and \(line)"
    }
}

/// A YAML file that could not be read: names the file, line and column, and what is wrong.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(message)"
    }
}
