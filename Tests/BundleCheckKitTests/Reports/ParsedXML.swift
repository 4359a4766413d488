import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read back with Foundation's parser, which rejects anything not well-formed:
/// the elements in document order, with their attributes and the text directly inside them.
struct ParsedXML {
    struct Element {
        let name: String
        let attributes: [String: String]
        /// The names of the elements it is inside, outermost first.
        let ancestors: [String]
        var text = ""
    }

    struct NotWellFormed: Error, CustomStringConvertible {
        let description: String
    }

    let elements: [Element]

    init(parsing text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw NotWellFormed(description: parser.parserError.map { "\($0)" } ?? "the document is not well-formed")
        }
        elements = collector.elements
    }

    func all(_ name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes, ancestors: open.map { elements[$0].name }))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
