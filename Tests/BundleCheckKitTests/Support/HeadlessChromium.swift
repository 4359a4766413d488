import Foundation

/// Debian's `chromium`, run headless on a page the tests wrote: the DOM it built, or a
/// screenshot. The HTML report's and the HTML review's browser tests share it.
enum HeadlessChromium {
    /// `chromium` on the PATH, or nil.
    static let path: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("chromium").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the browser tests run: where Chromium is installed, and always on CI, which
    /// installs it (there they fail without it rather than skip).
    static let available = path != nil || RepositoryPaths.isCI

    /// Runs Chromium with `arguments` on `page`, its profile in `directory`; its standard output
    /// and exit status. `timeout` ends a browser that hangs, so the suite cannot.
    static func run(_ chromium: String, page: URL, in directory: URL, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            [
                "120", chromium,
                // As root (CI) Chromium refuses to start without --no-sandbox.
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=" + directory.appendingPathComponent("profile").path,
            ] + arguments + [page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The width and height a PNG's IHDR chunk (its first) gives, big-endian; nil if it is no PNG.
    static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        return (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
    }

    /// Copies `names` from `directory` to `BUNDLECHECK_SCREENSHOT_DIR` when it is set, for a
    /// person to look at; says where.
    static func keep(_ names: [String], from directory: URL) throws {
        guard let keep = ProcessInfo.processInfo.environment["BUNDLECHECK_SCREENSHOT_DIR"] else { return }
        let target = URL(fileURLWithPath: keep)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in names {
            try? FileManager.default.removeItem(at: target.appendingPathComponent(name))
            try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
        print("kept \(names.joined(separator: ", ")) in \(keep)")
    }
}
