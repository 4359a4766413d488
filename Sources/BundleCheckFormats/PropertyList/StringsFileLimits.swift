/// How much of an untrusted text `.strings` file `StringsFileParser` is willing to take.
///
/// The file's size is capped by whoever reads it (`PurposeStringValue.stringsFileLimit`);
/// this caps what the parser builds from it. The default is far above any real
/// InfoPlist.strings, and low enough that a hostile file cannot make the list of entries
/// grow without bound. The one place the cap lives; docs/limits.md lists it with its value.
struct StringsFileLimits: Sendable, Hashable {
    /// Most key-value pairs in one file; past it the file is malformed, naming the cap.
    var maxEntries: Int

    init(maxEntries: Int = 100_000) {
        self.maxEntries = maxEntries
    }

    static let standard = StringsFileLimits()
}
