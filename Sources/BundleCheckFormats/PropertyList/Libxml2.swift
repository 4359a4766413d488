import CLibxml2

/// What a streaming parse reports, in document order, instead of building a tree.
///
/// Lines are libxml2's: for an element, the line where its start tag ends; for
/// text, the line where its first piece was read (as a tree's nodes would have them).
protocol Libxml2ContentHandler: AnyObject {
    /// An element starts; `name` carries its namespace prefix if it has one.
    func startElement(name: String, line: Int)
    func endElement()
    /// A piece of character data (CDATA included), entities and character references decoded.
    /// Adjacent pieces belong to one run of text until another event comes between them.
    func characters(_ utf8: UnsafeBufferPointer<UInt8>, line: Int)
    /// A reference to an entity libxml2 does not define (entities are never declared here).
    func entityReference(name: String)
    /// A comment or processing instruction inside an element.
    func commentOrInstruction(line: Int)
    /// Whether `startElement(name:attributes:line:)` should be handed the element's attributes
    /// (property lists carry none that matter, so by default they are not made).
    var wantsAttributes: Bool { get }
    /// An element starts with its attributes (names with their prefixes, values decoded), in
    /// document order; called instead of `startElement(name:line:)` when `wantsAttributes`.
    func startElement(name: String, attributes: [(name: String, value: String)], line: Int)
}

extension Libxml2ContentHandler {
    var wantsAttributes: Bool { false }

    func startElement(name: String, attributes: [(name: String, value: String)], line: Int) {
        startElement(name: name, line: line)
    }
}

/// An XML document read as a stream: the only place in bundlecheck that calls libxml2.
///
/// libxml2 checks that the bytes are well-formed and hands each element, run of text
/// and entity reference to a `Libxml2ContentHandler` through SAX callbacks; no
/// document tree is built, so memory stays at the nesting depth plus what the
/// handler keeps. Parsing is strict and offline:
///
/// - the bytes are parsed from memory (`xmlCtxtReadIO` reading them in pieces), never
///   from a path or URL;
/// - no network (`XML_PARSE_NONET`), no external DTD loading, no DTD attribute
///   defaults, no validation, no recovery mode;
/// - entity substitution stays off: libxml2 substitutes entities only when
///   `XML_PARSE_NOENT` is set, which `ParseOptions` cannot even express;
/// - any `<!ENTITY` declaration stops the parser on the spot (its SAX callback is
///   replaced), so a declared entity is never defined, loaded or expanded, and any
///   other declaration in an internal DTD subset is rejected after parsing (libxml2's
///   own handlers still record the document type, the one part of a tree kept);
/// - errors go to a structured handler installed on this parse's own context, which
///   keeps the first one and prints nothing; the few errors libxml2 raises without a
///   context (encoding conversion, I/O) reach the same collector through libxml2's
///   per-thread handler, set for the duration of the parse and then restored.
///
/// The handler sees events up to the point libxml2 stops; a caller must look at the
/// outcome of `parse` (a thrown failure) before trusting what the handler built.
enum Libxml2StreamParser {
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

    /// libxml2 refuses elements nested deeper than this (`xmlParserMaxDepth`) unless
    /// `XML_PARSE_HUGE` is set, which bundlecheck never sets since it also lifts
    /// libxml2's other safety limits.
    static let maximumElementDepth = 256

    /// Streams `bytes` through `handler`; throws for anything that is not a clean, well-formed document.
    static func parse(_ bytes: [UInt8], into handler: any Libxml2ContentHandler, options: ParseOptions = .strict) throws(Failure) {
        guard !bytes.isEmpty else {
            throw Failure(kind: .notWellFormed, message: "the document is empty", line: nil)
        }
        guard bytes.count <= Int(Int32.max) else {
            throw Failure(kind: .notWellFormed, message: "the document is too large for the xml parser", line: nil)
        }
        let outcome: Result<Void, Failure> = bytes.withUnsafeBytes { raw in
            var cursor = MemoryCursor(remaining: raw)
            return Result { () throws(Failure) in try parse(reading: { cursor.read(into: $0) }, into: handler, options: options) }
        }
        try outcome.get()
    }

    /// Streams the document `read` hands over, a piece at a time, through `handler`. `read`
    /// fills the start of the buffer and returns how many bytes it put there, 0 at the end, or
    /// nil when its source failed: the parse then stops, and the caller, which knows why,
    /// reports that rather than what libxml2 makes of the cut.
    static func parse(
        reading read: (UnsafeMutableRawBufferPointer) -> Int?, into handler: any Libxml2ContentHandler, options: ParseOptions = .strict
    ) throws(Failure) {
        let outcome: Result<Void, Failure> = Libxml2GlobalState.whileParsing {
            Result { () throws(Failure) in try parseAlone(reading: read, into: handler, options: options) }
        }
        try outcome.get()
    }

    private static func parseAlone(
        reading read: (UnsafeMutableRawBufferPointer) -> Int?, into handler: any Libxml2ContentHandler, options: ParseOptions
    ) throws(Failure) {
        // The session outlives the context that points at it.
        let session = ParseSession(handler: handler)
        let unmanaged = Unmanaged.passRetained(session)
        defer { unmanaged.release() }
        guard let context = xmlNewParserCtxt() else {
            throw Failure(kind: .notWellFormed, message: "the xml parser could not be created (out of memory)", line: nil)
        }
        defer { xmlFreeParserCtxt(context) }
        context.pointee._private = unmanaged.toOpaque()
        if let sax = context.pointee.sax {
            installCallbacks(sax)
        }

        // Encoding and I/O errors are raised without the parser context and would go to
        // libxml2's default handler, which prints them. Its handler variables are
        // per-thread in this (threaded) libxml2, and the parse below runs start to end on
        // this thread, so routing them to the collector meanwhile touches no other parse.
        let previousHandler = __xmlStructuredError().pointee
        let previousHandlerContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { opaque, error in
            guard let opaque, let error else { return }
            Unmanaged<ParseSession>.fromOpaque(opaque).takeUnretainedValue().record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(previousHandlerContext, previousHandler) }

        // What comes back holds no element: only the document node and its document type.
        // The bytes are handed over a few kilobytes at a time through a read callback, the
        // same parser as `xmlCtxtReadMemory`, which would first copy the whole document
        // into a buffer of its own; this way libxml2 holds only what it has yet to parse.
        let document: xmlDocPtr? = withoutActuallyEscaping(read) { read in
            var source = Source(read: read)
            return withUnsafeMutablePointer(to: &source) { sourcePointer in
                xmlCtxtReadIO(
                    context,
                    { opaque, buffer, length in
                        guard let opaque, let buffer, length > 0 else { return 0 }
                        let read = opaque.assumingMemoryBound(to: Source.self).pointee.read
                        guard let count = read(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))) else { return -1 }
                        return Int32(count)
                    }, nil, sourcePointer, nil, nil, options.rawValue)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }

        if let line = session.entityDeclarationLine {
            throw Failure(kind: .entityDeclaration, message: "entity declarations are not allowed", line: line)
        }
        if let failure = session.firstError {
            throw failure
        }
        guard let document, context.pointee.wellFormed != 0 else {
            throw Failure(kind: .notWellFormed, message: "the document is not well-formed xml", line: nil)
        }
        try rejectInternalSubset(of: document)
    }

    /// Routes element, text, reference, comment and instruction events to the session's
    /// handler instead of libxml2's tree builder. The document type and its declarations
    /// keep libxml2's own handlers, so the internal subset can be judged after parsing.
    private static func installCallbacks(_ sax: UnsafeMutablePointer<xmlSAXHandler>) {
        sax.pointee.serror = { userData, error in
            guard let session = ParseSession.of(context: userData), let error else { return }
            session.record(error.pointee)
        }
        sax.pointee.entityDecl = { userData, _, _, _, _, _ in
            Libxml2StreamParser.stopAtEntityDeclaration(userData)
        }
        sax.pointee.unparsedEntityDecl = { userData, _, _, _, _ in
            Libxml2StreamParser.stopAtEntityDeclaration(userData)
        }
        sax.pointee.startElementNs = { userData, localName, prefix, _, _, _, attributeCount, _, attributes in
            guard let session = ParseSession.of(context: userData), let localName else { return }
            let local = String(cString: localName)
            let name = prefix.map { String(cString: $0) + ":" + local } ?? local
            let line = Libxml2StreamParser.currentLine(userData)
            guard session.handler.wantsAttributes else {
                session.handler.startElement(name: name, line: line)
                return
            }
            session.handler.startElement(name: name, attributes: Libxml2StreamParser.attributes(attributes, count: attributeCount), line: line)
        }
        sax.pointee.endElementNs = { userData, _, _, _ in
            ParseSession.of(context: userData)?.handler.endElement()
        }
        let characters: charactersSAXFunc = { userData, text, length in
            guard let session = ParseSession.of(context: userData), let text, length > 0 else { return }
            session.handler.characters(UnsafeBufferPointer(start: text, count: Int(length)), line: Libxml2StreamParser.currentLine(userData))
        }
        sax.pointee.characters = characters
        // The same function for both, so libxml2 never tells blanks apart (as its tree builder does by default).
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.reference = { userData, name in
            guard let session = ParseSession.of(context: userData), let name else { return }
            session.handler.entityReference(name: String(cString: name))
        }
        sax.pointee.comment = { userData, value in
            // Inside the internal subset a comment is part of the document type, which is judged later.
            if Libxml2StreamParser.isInInternalSubset(userData) {
                xmlSAX2Comment(userData, value)
            } else if let session = ParseSession.of(context: userData) {
                session.handler.commentOrInstruction(line: Libxml2StreamParser.currentLine(userData))
            }
        }
        sax.pointee.processingInstruction = { userData, target, data in
            if Libxml2StreamParser.isInInternalSubset(userData) {
                xmlSAX2ProcessingInstruction(userData, target, data)
            } else if let session = ParseSession.of(context: userData) {
                session.handler.commentOrInstruction(line: Libxml2StreamParser.currentLine(userData))
            }
        }
    }

    /// The attributes SAX2 hands over: five pointers each (local name, prefix, namespace,
    /// start and end of the value, which is not NUL-terminated).
    private static func attributes(
        _ raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int32
    ) -> [(name: String, value: String)] {
        guard let raw, count > 0 else { return [] }
        var found: [(name: String, value: String)] = []
        for index in 0..<Int(count) {
            let base = raw + index * 5
            guard let local = base[0], let start = base[3], let end = base[4], end >= start else { continue }
            let name = base[1].map { String(cString: $0) + ":" + String(cString: local) } ?? String(cString: local)
            let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            found.append((name, value))
        }
        return found
    }

    /// The line libxml2 has reached, which is where its tree builder would date a node.
    private static func currentLine(_ userData: UnsafeMutableRawPointer?) -> Int {
        guard let userData else { return 0 }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        return context.pointee.input.map { Int($0.pointee.line) } ?? 0
    }

    private static func isInInternalSubset(_ userData: UnsafeMutableRawPointer?) -> Bool {
        guard let userData else { return false }
        return userData.assumingMemoryBound(to: xmlParserCtxt.self).pointee.inSubset == 1
    }

    /// Rejects a `<!DOCTYPE plist [ ... ]>` whose internal subset declares anything.
    private static func rejectInternalSubset(of document: xmlDocPtr) throws(Failure) {
        guard let subset = document.pointee.intSubset, var child = subset.pointee.children else { return }
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
        if let session = ParseSession.of(context: userData), session.entityDeclarationLine == nil {
            session.entityDeclarationLine = context.pointee.input.map { Int($0.pointee.line) } ?? 0
        }
        xmlStopParser(context)
    }

    /// What the read callback has yet to hand libxml2.
    private struct MemoryCursor {
        var remaining: UnsafeRawBufferPointer

        /// Copies what fits into `buffer`; the count copied, 0 at the end.
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            let count = min(buffer.count, remaining.count)
            guard count > 0, let base = remaining.baseAddress, let target = buffer.baseAddress else { return 0 }
            target.copyMemory(from: base, byteCount: count)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
            return count
        }
    }

    /// The read callback's context: where libxml2's pieces come from.
    private struct Source {
        let read: (UnsafeMutableRawBufferPointer) -> Int?
    }

    /// One parse: its handler and its first error; reached from the C callbacks through the context's `_private`.
    private final class ParseSession {
        let handler: any Libxml2ContentHandler
        var firstError: Failure?
        var entityDeclarationLine: Int?

        init(handler: any Libxml2ContentHandler) {
            self.handler = handler
        }

        /// The session of the parser context libxml2 passes as SAX user data.
        static func of(context userData: UnsafeMutableRawPointer?) -> ParseSession? {
            guard let userData else { return nil }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let opaque = context.pointee._private else { return nil }
            return Unmanaged<ParseSession>.fromOpaque(opaque).takeUnretainedValue()
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
