import Foundation

extension TemporaryDirectory {
    /// Writes `text` to `name` (folders created as needed) and returns the file's path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let url = self.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Creates the folder `name` and returns its path.
    func folder(_ name: String) throws -> String {
        let url = self.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
