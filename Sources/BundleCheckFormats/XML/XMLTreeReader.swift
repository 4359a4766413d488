/// Reads a small XML document into `XMLElement`s through libxml2's streaming parser (strict,
/// offline, no entities: `Libxml2StreamParser`), stopping at the first cap it passes.
public enum XMLTreeReader {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public let line: Int?

        public var description: String {
            line.map { "line \($0): \(reason)" } ?? reason
        }
    }

    package static func read(_ bytes: [UInt8], limits: XMLTreeLimits = .standard) throws(Failure) -> XMLElement {
        guard bytes.count <= limits.maxBytes else {
            throw Failure(reason: "the document is \(bytes.count) bytes, past the limit of \(limits.maxBytes)", line: nil)
        }
        let builder = Builder(limits: limits)
        do throws(Libxml2StreamParser.Failure) {
            try Libxml2StreamParser.parse(bytes, into: builder)
        } catch {
            // A cap stops the parse through an error of the builder's own, which comes first.
            if let stop = builder.stop { throw stop }
            throw Failure(reason: error.message, line: error.line)
        }
        if let stop = builder.stop { throw stop }
        guard let root = builder.root else { throw Failure(reason: "the document has no element", line: nil) }
        return root
    }

    /// Builds the tree as events arrive; past a cap it records why and ignores the rest, and
    /// `read` throws that instead of what the parse made.
    private final class Builder: Libxml2ContentHandler {
        let limits: XMLTreeLimits
        var open: [XMLElement] = []
        var root: XMLElement?
        var elements = 0
        var stop: Failure?

        init(limits: XMLTreeLimits) {
            self.limits = limits
        }

        var wantsAttributes: Bool { true }

        func startElement(name: String, line: Int) {
            startElement(name: name, attributes: [], line: line)
        }

        func startElement(name: String, attributes: [(name: String, value: String)], line: Int) {
            guard stop == nil else { return }
            elements += 1
            if elements > limits.maxElements {
                stop = Failure(reason: "more than \(limits.maxElements) elements", line: line)
            } else if open.count + 1 > limits.maxDepth {
                stop = Failure(reason: "elements nested deeper than \(limits.maxDepth)", line: line)
            } else if attributes.count > limits.maxAttributes {
                stop = Failure(reason: "<\(name)> has more than \(limits.maxAttributes) attributes", line: line)
            } else if root != nil && open.isEmpty {
                stop = Failure(reason: "more than one root element", line: line)
            }
            guard stop == nil else { return }
            open.append(XMLElement(name: name, attributes: attributes.map { XMLElement.Attribute(name: $0.name, value: $0.value) }, line: line))
        }

        func endElement() {
            guard stop == nil, let finished = open.popLast() else { return }
            if open.isEmpty {
                root = finished
            } else {
                open[open.count - 1].children.append(finished)
            }
        }

        func characters(_ utf8: UnsafeBufferPointer<UInt8>, line: Int) {
            guard stop == nil, !open.isEmpty else { return }
            open[open.count - 1].text += String(decoding: utf8, as: UTF8.self)
        }

        func entityReference(name: String) {
            stop = stop ?? Failure(reason: "the entity &\(name); is not defined", line: nil)
        }

        func commentOrInstruction(line: Int) {}
    }
}
