/// One element of a small XML document, read whole: the installer package's own XML files
/// (the xar table of contents, `Distribution`, `PackageInfo`) are a few KiB of elements and
/// attributes, looked up by name, unlike property lists, which stream into values.
public struct XMLElement: Sendable, Hashable {
    /// With its namespace prefix, if it has one.
    package var name: String
    /// In document order; a repeated name keeps every occurrence, `attribute(_:)` the first.
    package var attributes: [Attribute]
    package var children: [XMLElement]
    /// The character data directly inside the element, its pieces joined, untrimmed.
    package var text: String
    /// The line where the start tag ends, as libxml2 counts.
    package var line: Int

    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String
    }

    package init(name: String, attributes: [Attribute] = [], children: [XMLElement] = [], text: String = "", line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The first child named `name`.
    package func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    /// Every child named `name`, in order.
    package func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The text with surrounding white space removed, as values in these files are written.
    package var trimmedText: String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// Elements below this one, depth first, with their depth (children are 1).
    package func descendants(named name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        var pending = children.reversed() as [XMLElement]
        while let next = pending.popLast() {
            if next.name == name { found.append(next) }
            pending += next.children.reversed()
        }
        return found
    }
}
