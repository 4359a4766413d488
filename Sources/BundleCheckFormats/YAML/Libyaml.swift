import CLibyaml

/// A libyaml event parser over bytes it owns: the only place in bundlecheck that calls libyaml.
///
/// The class owns a `yaml_parser_t` (initialised in `init`, deleted in `deinit`) and
/// a private copy of the input, which libyaml reads in place through
/// `yaml_parser_set_input_string` and which therefore lives exactly as long as the
/// parser. Each `yaml_event_t` is copied into a Swift `Event` and deleted before
/// `nextEvent()` returns, so no libyaml memory escapes this file.
///
/// The input must be UTF-8: the encoding is fixed rather than detected, so a UTF-16
/// file is refused by libyaml's reader. A leading UTF-8 byte order mark is dropped
/// before libyaml sees the bytes, which keeps the columns of the first line right.
final class LibyamlParser {
    /// A 1-based position in the input; libyaml's own marks are 0-based and count
    /// characters (Unicode scalars), not bytes.
    struct Mark: Equatable, Sendable {
        let line: Int
        let column: Int
    }

    /// How a scalar was written.
    enum ScalarStyle: Equatable, Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|`
        case literal
        /// `>`
        case folded
    }

    /// A node's properties as libyaml reports them.
    struct Properties: Equatable, Sendable {
        /// The resolved tag: a `!!` shorthand is expanded (`tag:yaml.org,2002:str`),
        /// a local tag stays as written (`!bool`), a verbatim tag loses its brackets.
        let tag: String?
        /// The anchor's name (`&name`), without the ampersand.
        let anchor: String?
    }

    /// One parser event, copied out of libyaml.
    struct Event: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case streamStart
            case streamEnd
            case documentStart
            case documentEnd
            /// `*name`; carries the anchor's name.
            case alias(String)
            case scalar(String, style: ScalarStyle, properties: Properties)
            case sequenceStart(Properties)
            case sequenceEnd
            case mappingStart(Properties)
            case mappingEnd
        }

        let kind: Kind
        /// Where the event starts (for a node: its first property or its first character).
        let mark: Mark
    }

    private let file: String
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `input` libyaml reads (the storage has at least one).
    private let inputCount: Int

    /// Prepares a parser over a copy of `bytes`; `file` names the input in errors.
    init(bytes: [UInt8], file: String) throws(YAMLError) {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let content = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        // libyaml asserts a non-null input pointer, so an empty input still gets one byte of storage.
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(content.count, 1))
        input.initialize(repeating: 0)
        _ = input.update(fromContentsOf: content)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            input.deallocate()
            throw YAMLError(file: file, line: 1, column: 1, message: "the yaml parser could not be created (out of memory)")
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, content.count)
        self.file = file
        self.parser = parser
        self.input = input
        self.inputCount = content.count
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event; throws libyaml's error, with the file name, when the input is not valid YAML.
    ///
    /// After `.streamEnd` there are no more events, and asking for one is an error;
    /// after an error, every call throws that error again.
    func nextEvent() throws(YAMLError) -> Event {
        // A failed libyaml parser reports success with an empty event from then on.
        guard parser.pointee.error == YAML_NO_ERROR else {
            throw currentError()
        }
        var event = yaml_event_t()
        defer { yaml_event_delete(&event) }
        guard yaml_parser_parse(parser, &event) != 0 else {
            throw currentError()
        }
        let mark = Self.mark(event.start_mark)
        let kind: Event.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            kind = .scalar(
                value,
                style: Self.style(scalar.style),
                properties: Properties(tag: Self.string(scalar.tag), anchor: Self.string(scalar.anchor))
            )
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            kind = .sequenceStart(Properties(tag: Self.string(start.tag), anchor: Self.string(start.anchor)))
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            kind = .mappingStart(Properties(tag: Self.string(start.tag), anchor: Self.string(start.anchor)))
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        default:
            // YAML_NO_EVENT: libyaml hands out empty events once the stream has ended.
            throw YAMLError(file: file, line: mark.line, column: mark.column, message: "the yaml stream has already ended")
        }
        return Event(kind: kind, mark: mark)
    }

    /// libyaml's error state as a `YAMLError`: its problem, its context and where it started.
    private func currentError() -> YAMLError {
        let state = parser.pointee
        let problem = Self.string(state.problem) ?? "the yaml parser failed"
        switch state.error {
        case YAML_MEMORY_ERROR:
            let mark = Self.mark(state.mark)
            return YAMLError(file: file, line: mark.line, column: mark.column, message: "the yaml parser ran out of memory")
        case YAML_READER_ERROR:
            // The reader reports a byte offset and the offending value, not a mark.
            let mark = Self.mark(ofByte: state.problem_offset, in: UnsafeBufferPointer(rebasing: input[..<inputCount]))
            var message = problem
            if state.problem_value >= 0 {
                let hex = String(state.problem_value, radix: 16, uppercase: true)
                message += problem.contains("octet") ? " (byte 0x\(hex))" : " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))"
            }
            return YAMLError(file: file, line: mark.line, column: mark.column, message: message)
        default:
            let mark = Self.mark(state.problem_mark)
            var message = problem
            if let context = Self.string(state.context) {
                message += " \(context)"
                let contextMark = Self.mark(state.context_mark)
                if contextMark != mark {
                    message += " (started at line \(contextMark.line), column \(contextMark.column))"
                }
            }
            return YAMLError(file: file, line: mark.line, column: mark.column, message: message)
        }
    }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: mark.line + 1, column: mark.column + 1)
    }

    /// The 1-based line and column of the character holding byte `offset`, counted as
    /// libyaml counts them: `\r\n`, `\r`, `\n`, NEL, LS and PS end a line, and a column
    /// is one Unicode scalar.
    static func mark(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        let offset = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let breakLength = lineBreakLength(at: index, in: bytes)
            if breakLength > 0 {
                line += 1
                index += breakLength
                lineStart = index
            } else {
                index += 1
            }
        }
        // If the offset points inside a multi-byte sequence (a bad trailing byte),
        // the character at fault starts at that sequence's leading byte.
        var characterStart = offset
        var candidate = offset - 1
        while candidate >= lineStart, offset - candidate <= 3 {
            let byte = bytes[candidate]
            if byte & 0xC0 == 0x80 {
                candidate -= 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > offset - candidate {
                characterStart = candidate
            }
            break
        }
        let column = 1 + bytes[lineStart..<characterStart].count { $0 & 0xC0 != 0x80 }
        return Mark(line: line, column: column)
    }

    private static func lineBreakLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        func byte(_ position: Int) -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }
        switch bytes[index] {
        case 0x0A:
            return 1
        case 0x0D:
            return byte(index + 1) == 0x0A ? 2 : 1
        case 0xC2 where byte(index + 1) == 0x85:
            return 2
        case 0xE2 where byte(index + 1) == 0x80 && (byte(index + 2) == 0xA8 || byte(index + 2) == 0xA9):
            return 3
        default:
            return 0
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafePointer($0)) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
