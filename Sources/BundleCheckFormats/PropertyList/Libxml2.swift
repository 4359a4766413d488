import CLibxml2

/// A parsed XML document: the only place in bundlecheck that calls libxml2.
///
/// The class owns the `xmlDocPtr` and frees it in `deinit`; every `Node` handed
/// out keeps its document alive. Parsing is strict and offline:
///
/// - the bytes are parsed from memory (`xmlCtxtReadMemory`), never from a path or URL;
/// - no network (`XML_PARSE_NONET`), no external DTD loading, no DTD attribute
///   defaults, no validation, no recovery mode;
/// - entity substitution stays off: libxml2 substitutes entities only when
///   `XML_PARSE_NOENT` is set, which `ParseOptions` cannot even express;
/// - any `<!ENTITY` declaration stops the parser on the spot (its SAX callback is
///   replaced), so a declared entity is never defined, loaded or expanded, and any
///   other declaration in an internal DTD subset is rejected after parsing;
/// - errors go to a structured handler installed on this parse's own context, which
///   keeps the first one and prints nothing; the few errors libxml2 raises without a
///   context (encoding conversion, I/O) reach the same collector through libxml2's
///   per-thread handler, set for the duration of the parse and then restored.
final class Libxml2Document {
    /// libxml2 parser flags, by name.
    struct ParseOptions: OptionSet, Sendable {
        let rawValue: Int32

        init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        private init(_ option: xmlParserOption) {
            self.rawValue = Int32(bitPattern: option.rawValue)
        }

        /// `XML_PARSE_NONET`: never fetch anything over the network.
        static let forbidNetworkAccess = ParseOptions(XML_PARSE_NONET)
        /// `XML_PARSE_NOERROR`: libxml2 prints no error reports.
        static let suppressErrorReports = ParseOptions(XML_PARSE_NOERROR)
        /// `XML_PARSE_NOWARNING`: libxml2 prints no warnings.
        static let suppressWarningReports = ParseOptions(XML_PARSE_NOWARNING)
        /// `XML_PARSE_BIG_LINES`: line numbers above 65535 are kept.
        static let bigLineNumbers = ParseOptions(XML_PARSE_BIG_LINES)
        /// `XML_PARSE_NOCDATA`: CDATA sections become plain text nodes.
        static let mergeCDATAIntoText = ParseOptions(XML_PARSE_NOCDATA)

        /// What bundlecheck uses: offline, quiet, exact line numbers. Entity
        /// substitution, DTD loading and recovery are off because their flags are absent.
        static let strict: ParseOptions = [
            .forbidNetworkAccess, .suppressErrorReports, .suppressWarningReports, .bigLineNumbers, .mergeCDATAIntoText,
        ]
    }

    /// Why a document was refused.
    struct Failure: Error, Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// The bytes are not well-formed XML (libxml2's own message).
            case notWellFormed
            /// The document declares an entity (`<!ENTITY`).
            case entityDeclaration
            /// The document has an internal DTD subset with other declarations.
            case internalSubset
            /// Elements nested deeper than libxml2 accepts.
            case excessiveDepth
        }

        let kind: Kind
        /// A lowercase description, without the file name.
        let message: String
        /// 1-based line, when libxml2 knows it.
        let line: Int?
        /// 1-based column, when libxml2 knows it (parse errors).
        var column: Int? = nil
    }

    /// One node of the tree; holds its document alive.
    struct Node {
        enum Kind: Equatable {
            case element
            case text
            case cdata
            case comment
            case processingInstruction
            case entityReference
            case other
        }

        private let pointer: xmlNodePtr
        private let document: Libxml2Document

        fileprivate init(_ pointer: xmlNodePtr, document: Libxml2Document) {
            self.pointer = pointer
            self.document = document
        }

        var kind: Kind {
            switch pointer.pointee.type {
            case XML_ELEMENT_NODE: .element
            case XML_TEXT_NODE: .text
            case XML_CDATA_SECTION_NODE: .cdata
            case XML_COMMENT_NODE: .comment
            case XML_PI_NODE: .processingInstruction
            case XML_ENTITY_REF_NODE: .entityReference
            default: .other
            }
        }

        /// The element's (or entity reference's) name, with its namespace prefix if it has one.
        var name: String {
            let local = pointer.pointee.name.map { String(cString: $0) } ?? ""
            if let namespace = pointer.pointee.ns, let prefix = namespace.pointee.prefix {
                return String(cString: prefix) + ":" + local
            }
            return local
        }

        /// The 1-based line of the node's start tag (or text start).
        var line: Int {
            Int(xmlGetLineNo(pointer))
        }

        /// The characters of a text or CDATA node, entities and character references already decoded.
        var text: String {
            pointer.pointee.content.map { String(cString: $0) } ?? ""
        }

        var children: Children {
            Children(first: pointer.pointee.children, document: document)
        }
    }

    /// The direct children of a node, in document order.
    struct Children: Sequence {
        fileprivate let first: xmlNodePtr?
        fileprivate let document: Libxml2Document

        struct Iterator: IteratorProtocol {
            fileprivate var upcoming: xmlNodePtr?
            fileprivate let document: Libxml2Document

            mutating func next() -> Node? {
                guard let current = upcoming else { return nil }
                upcoming = current.pointee.next
                return Node(current, document: document)
            }
        }

        func makeIterator() -> Iterator {
            Iterator(upcoming: first, document: document)
        }
    }

    private let pointer: xmlDocPtr

    private init(_ pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The document element, or nil when there is none.
    var rootElement: Node? {
        xmlDocGetRootElement(pointer).map { Node($0, document: self) }
    }

    /// libxml2 refuses elements nested deeper than this (`xmlParserMaxDepth`) unless
    /// `XML_PARSE_HUGE` is set, which bundlecheck never sets since it also lifts
    /// libxml2's other safety limits.
    static let maximumElementDepth = 256

    /// Parses `bytes` with `options`; throws for anything that is not a clean, well-formed document.
    static func parse(_ bytes: [UInt8], options: ParseOptions = .strict) throws(Failure) -> Libxml2Document {
        _ = libraryInitialized
        guard !bytes.isEmpty else {
            throw Failure(kind: .notWellFormed, message: "the document is empty", line: nil)
        }
        guard bytes.count <= Int(Int32.max) else {
            throw Failure(kind: .notWellFormed, message: "the document is too large for the xml parser", line: nil)
        }
        // The collector outlives the context that points at it.
        let collector = ParseErrorCollector()
        let unmanaged = Unmanaged.passRetained(collector)
        defer { unmanaged.release() }
        guard let context = xmlNewParserCtxt() else {
            throw Failure(kind: .notWellFormed, message: "the xml parser could not be created (out of memory)", line: nil)
        }
        defer { xmlFreeParserCtxt(context) }
        context.pointee._private = unmanaged.toOpaque()
        if let sax = context.pointee.sax {
            sax.pointee.serror = { userData, error in
                guard let collector = ParseErrorCollector.of(context: userData), let error else { return }
                collector.record(error.pointee)
            }
            sax.pointee.entityDecl = { userData, _, _, _, _, _ in
                Libxml2Document.stopAtEntityDeclaration(userData)
            }
            sax.pointee.unparsedEntityDecl = { userData, _, _, _, _ in
                Libxml2Document.stopAtEntityDeclaration(userData)
            }
        }

        // Encoding and I/O errors are raised without the parser context and would go to
        // libxml2's default handler, which prints them. Its handler variables are
        // per-thread in this (threaded) libxml2, and the parse below runs start to end on
        // this thread, so routing them to the collector meanwhile touches no other parse.
        let previousHandler = __xmlStructuredError().pointee
        let previousHandlerContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { opaque, error in
            guard let opaque, let error else { return }
            Unmanaged<ParseErrorCollector>.fromOpaque(opaque).takeUnretainedValue().record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(previousHandlerContext, previousHandler) }

        let document: xmlDocPtr? = bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            return xmlCtxtReadMemory(context, base, Int32(raw.count), nil, nil, options.rawValue)
        }
        let owner = document.map(Libxml2Document.init)

        if let line = collector.entityDeclarationLine {
            throw Failure(kind: .entityDeclaration, message: "entity declarations are not allowed", line: line)
        }
        if let failure = collector.firstError {
            throw failure
        }
        guard let owner, context.pointee.wellFormed != 0 else {
            throw Failure(kind: .notWellFormed, message: "the document is not well-formed xml", line: nil)
        }
        try owner.rejectInternalSubset()
        return owner
    }

    /// Rejects a `<!DOCTYPE plist [ ... ]>` whose internal subset declares anything.
    private func rejectInternalSubset() throws(Failure) {
        guard let subset = pointer.pointee.intSubset, var child = subset.pointee.children else { return }
        let line = Int(xmlGetLineNo(child))
        while true {
            if child.pointee.type == XML_ENTITY_DECL {
                throw Failure(kind: .entityDeclaration, message: "entity declarations are not allowed", line: line > 0 ? line : nil)
            }
            guard let next = child.pointee.next else { break }
            child = next
        }
        throw Failure(kind: .internalSubset, message: "a document type with an internal subset is not allowed", line: line > 0 ? line : nil)
    }

    /// The SAX callback that replaces libxml2's entity declaration handler.
    private static func stopAtEntityDeclaration(_ userData: UnsafeMutableRawPointer?) {
        guard let userData else { return }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        if let collector = ParseErrorCollector.of(context: userData), collector.entityDeclarationLine == nil {
            collector.entityDeclarationLine = context.pointee.input.map { Int($0.pointee.line) } ?? 0
        }
        xmlStopParser(context)
    }

    private static let libraryInitialized: Void = xmlInitParser()

    /// Keeps the first error of one parse; reached from the C callbacks through the context's `_private`.
    private final class ParseErrorCollector {
        var firstError: Failure?
        var entityDeclarationLine: Int?

        /// The collector of the parser context libxml2 passes as SAX user data.
        static func of(context userData: UnsafeMutableRawPointer?) -> ParseErrorCollector? {
            guard let userData else { return nil }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let opaque = context.pointee._private else { return nil }
            return Unmanaged<ParseErrorCollector>.fromOpaque(opaque).takeUnretainedValue()
        }

        func record(_ error: xmlError) {
            guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let raw = error.message.map { String(cString: $0) } ?? "unknown xml error"
            let message = Self.lowercasedFirst(raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
            let line = error.line > 0 ? Int(error.line) : nil
            // libxml2 keeps the column of a parse error in `int2`.
            let column = error.int2 > 0 ? Int(error.int2) : nil
            if error.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue), raw.contains("Excessive depth") {
                firstError = Failure(kind: .excessiveDepth, message: message, line: line)
            } else {
                firstError = Failure(kind: .notWellFormed, message: message, line: line, column: column)
            }
        }

        private static func lowercasedFirst(_ text: String) -> String {
            guard let first = text.first else { return text }
            return first.lowercased() + text.dropFirst()
        }
    }
}
