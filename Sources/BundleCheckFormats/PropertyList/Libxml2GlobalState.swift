import CLibxml2

/// libxml2's process-wide state, and who may touch it when.
///
/// libarchive's xar reader calls `xmlCleanupParser()` each time it has read a table of
/// contents (libarchive 3.6.2 to today), which frees libxml2's globals and thread keys under
/// any parse running on another thread: a crash when a package's Info.plist is parsed while
/// another `.pkg` is opened. So every libxml2 parse runs in shared mode, and whatever may call
/// into libarchive's xar reader runs in exclusive mode and sets libxml2 up again before it lets
/// parses go on.
enum Libxml2GlobalState {
    private static let lock = SharedExclusiveLock()
    private static let initializedOnce: Void = xmlInitParser()

    /// Runs a libxml2 parse; many may run at once.
    static func whileParsing<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withShared {
            _ = initializedOnce
            return try body()
        }
    }

    /// Runs code that may tear libxml2 down (libarchive's xar reader), with no parse running,
    /// and initializes libxml2 again before any parse resumes.
    static func whileTornDown<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withExclusive {
            _ = initializedOnce
            defer { xmlInitParser() }
            return try body()
        }
    }
}
