/// Common system type identifiers, so that an activation rule naming something else gets
/// a note: a misspelt type matches nothing, and a custom one must be declared by the app.
///
/// Identifiers compare without regard to case. Everything under `com.apple.` counts as
/// known; `public.` is Apple's namespace too, but only the entries below are known in it,
/// since a misspelling there (`public.imag`) is the usual mistake.
package enum KnownTypeIdentifiers {
    /// Lowercased.
    static let identifiers: Set<String> = [
        // Abstract and base types
        "public.item", "public.content", "public.composite-content", "public.data", "public.database",
        "public.message", "public.contact", "public.calendar-event", "public.to-do-item", "public.email-message",
        "public.bookmark", "public.executable", "public.unix-executable", "public.log", "public.font",
        // Folders and links
        "public.folder", "public.directory", "public.volume", "public.mount-point", "public.symlink",
        "public.url", "public.file-url", "public.url-name",
        // Text
        "public.text", "public.plain-text", "public.utf8-plain-text", "public.utf16-plain-text",
        "public.utf16-external-plain-text", "public.delimited-values-text", "public.comma-separated-values-text",
        "public.tab-separated-values-text", "public.utf8-tab-separated-values-text", "public.rtf", "public.html",
        "public.xml", "public.json", "public.yaml", "public.vcard", "public.source-code", "public.script",
        "public.shell-script", "public.python-script", "public.ruby-script", "public.perl-script", "public.php-script",
        "public.c-source", "public.c-header", "public.c-plus-plus-source", "public.c-plus-plus-header",
        "public.objective-c-source", "public.objective-c-plus-plus-source", "public.swift-source",
        "public.assembly-source", "public.make-source", "com.netscape.javascript-source",
        // Documents
        "public.spreadsheet", "public.presentation", "com.adobe.pdf", "com.adobe.postscript",
        "com.adobe.encapsulated-postscript", "com.microsoft.word.doc", "com.microsoft.excel.xls",
        "com.microsoft.powerpoint.ppt", "org.openxmlformats.wordprocessingml.document",
        "org.openxmlformats.spreadsheetml.sheet", "org.openxmlformats.presentationml.presentation",
        "org.oasis-open.opendocument.text", "org.oasis-open.opendocument.spreadsheet",
        "org.oasis-open.opendocument.presentation", "org.idpf.epub-container",
        // Images
        "public.image", "public.jpeg", "public.png", "public.tiff", "public.heic", "public.heif", "public.avif",
        "public.camera-raw-image", "public.svg-image", "com.compuserve.gif", "com.microsoft.bmp", "com.microsoft.ico",
        "org.webmproject.webp", "com.adobe.photoshop-image", "public.3d-content",
        "com.pixar.universal-scene-description", "com.pixar.universal-scene-description-mobile",
        // Audio and video
        "public.audiovisual-content", "public.movie", "public.video", "public.audio", "public.mpeg", "public.mpeg-4",
        "public.mpeg-4-audio", "public.mpeg-2-video", "public.mpeg-2-transport-stream", "public.mp3", "public.avi",
        "public.aiff-audio", "public.midi-audio", "public.playlist", "public.m3u-playlist", "public.3gpp",
        "public.3gpp2", "com.microsoft.waveform-audio",
        // Archives
        "public.archive", "public.disk-image", "public.zip-archive", "com.pkware.zip-archive", "public.bzip2-archive",
        "public.tar-archive", "org.gnu.gnu-zip-archive", "org.gnu.gnu-tar-archive", "org.7-zip.7-zip-archive",
        "com.rarlab.rar-archive",
        // Security and the web
        "public.x509-certificate", "com.rsa.pkcs-12", "com.microsoft.internet-shortcut",
        "com.microsoft.windows-executable",
    ]

    /// Plausible guesses that are not the system's identifiers, with the one that is.
    static let likelyMeant: [String: String] = [
        "public.pdf": "com.adobe.pdf", "public.gif": "com.compuserve.gif", "public.zip": "public.zip-archive",
        "public.jpg": "public.jpeg", "public.mp4": "public.mpeg-4", "public.mov": "com.apple.quicktime-movie",
        "public.quicktime-movie": "com.apple.quicktime-movie", "public.csv": "public.comma-separated-values-text",
        "public.txt": "public.plain-text", "public.webp": "org.webmproject.webp", "public.bmp": "com.microsoft.bmp",
        "public.gzip": "org.gnu.gnu-zip-archive", "public.doc": "com.microsoft.word.doc",
        "public.docx": "org.openxmlformats.wordprocessingml.document", "public.web-url": "public.url",
        "public.webpage": "public.html", "public.web-page": "public.html", "public.photo": "public.image",
        "public.picture": "public.image", "com.adobe.acrobat.pdf": "com.adobe.pdf",
    ]

    /// Bare file extensions and words written where an identifier is due.
    static let bareWords: [String: String] = [
        "pdf": "com.adobe.pdf", "jpg": "public.jpeg", "jpeg": "public.jpeg", "png": "public.png",
        "gif": "com.compuserve.gif", "heic": "public.heic", "image": "public.image", "images": "public.image",
        "photo": "public.image", "movie": "public.movie", "video": "public.movie", "mp4": "public.mpeg-4",
        "mov": "com.apple.quicktime-movie", "audio": "public.audio", "mp3": "public.mp3", "text": "public.text",
        "txt": "public.plain-text", "url": "public.url", "html": "public.html", "zip": "public.zip-archive",
        "json": "public.json", "xml": "public.xml", "csv": "public.comma-separated-values-text",
        "doc": "com.microsoft.word.doc", "docx": "org.openxmlformats.wordprocessingml.document",
        "xlsx": "org.openxmlformats.spreadsheetml.sheet", "pptx": "org.openxmlformats.presentationml.presentation",
        "file": "public.file-url", "data": "public.data", "item": "public.item", "vcard": "public.vcard",
    ]

    /// Whether `identifier` is a known system type (any case).
    package static func isKnown(_ identifier: String) -> Bool {
        let lowercased = identifier.lowercased()
        return lowercased.hasPrefix("com.apple.") || identifiers.contains(lowercased)
    }

    /// The known identifier `identifier` probably means: a listed confusion, or one within two edits.
    package static func suggestion(for identifier: String) -> String? {
        let lowercased = identifier.lowercased()
        if let meant = likelyMeant[lowercased] ?? bareWords[lowercased] { return meant }
        return BoundedEditDistance.nearest(to: Array(lowercased), among: identifiers, limit: 2)
    }
}

/// Whether a string is a well-formed uniform type identifier: reverse-DNS components
/// separated by dots, of letters, digits and hyphens (and characters above U+007F, which
/// Apple also allows).
enum TypeIdentifierSyntax {
    /// Why `identifier` is not well-formed, as the end of a sentence, or nil when it is.
    static func problem(in identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.contains(where: \.isWhitespace) { return "it contains white space" }
        if let bad = identifier.first(where: { !isAllowed($0) }) {
            return "it contains \(PredicateTokenizer.describe(bad)); only letters, digits, '-' and '.' are allowed"
        }
        if identifier.hasPrefix(".") { return "it starts with '.'" }
        if identifier.hasSuffix(".") { return "it ends with '.'" }
        if identifier.contains("..") { return "it has an empty component between two dots" }
        if !identifier.contains(".") {
            if let meant = KnownTypeIdentifiers.suggestion(for: identifier) {
                return "it is not a reverse-DNS identifier; did you mean '\(meant)'?"
            }
            return "it is not a reverse-DNS identifier with at least two components, like 'public.image'"
        }
        return nil
    }

    private static func isAllowed(_ character: Character) -> Bool {
        if character == "." || character == "-" { return true }
        guard character.isASCII else { return character.unicodeScalars.allSatisfy { $0.value > 0x7F } }
        return character.isLetter || character.isNumber
    }
}
