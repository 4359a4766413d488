import Foundation

/// The executables SwiftPM built next to the running test bundle
/// (`.build/<triple>/debug/` holds `bundlecheck` beside `bundlecheckPackageTests.xctest`).
enum BuiltProducts {
    /// The executable `name` in the products folder, or nil when it was not built.
    static func executable(named name: String) -> URL? {
        let starts = [Bundle.main.bundleURL, Bundle.main.executableURL, CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }]
        for start in starts.compactMap({ $0 }) {
            // Linux: the .xctest executable sits in the products folder; macOS: Foo.xctest/Contents/MacOS/Foo.
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    FileManager.default.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder.deleteLastPathComponent()
            }
        }
        return nil
    }
}
