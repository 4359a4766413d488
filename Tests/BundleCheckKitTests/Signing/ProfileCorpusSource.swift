import Foundation

@testable import BundleCheckFormats

/// Where a corpus profile lives: a file of its own, or an entry of a zipped package.
struct ProfileCorpusSource: Sendable, CustomStringConvertible {
    /// Path under `../shared/corpus`.
    let package: String
    /// The zip entry, or nil when `package` is the profile itself.
    let entry: String?

    var description: String { entry.map { "\(package)!\($0)" } ?? package }

    /// The bytes, or nil (with a message, or a failure under CI) when the corpus is absent.
    func bytes() throws -> [UInt8]? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        guard let entry else { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
        return try ZipArchiveReader(path: path).read(entry, limit: 1 << 20)
    }

    static let appStoreTest = ProfileCorpusSource(package: "fastlane/appstore-test.mobileprovision", entry: nil)
    static let veryCapableApp = ProfileCorpusSource(
        package: "fastlane/very-capable-app.ipa", entry: "Payload/very-capable-app.app/embedded.mobileprovision")
    static let demoApp = ProfileCorpusSource(package: "sentry-cli/DemoApp.ipa", entry: "Payload/DemoApp.app/embedded.mobileprovision")
    static let simpleSaucyApp = ProfileCorpusSource(
        package: "isign/SimpleSaucyApp.ipa", entry: "Payload/SimpleSaucyApp.app/embedded.mobileprovision")
    static let cocoaPods = ProfileCorpusSource(
        package: "fastlane/ExampleProductName-cocoapods.ipa", entry: "Payload/ExampleProductName.app/embedded.mobileprovision")
    static let veryCapableArchive = ProfileCorpusSource(
        package: "fastlane/very-capable-app.xcarchive/Products/Applications/very-capable-app.app/embedded.mobileprovision",
        entry: nil)
}
