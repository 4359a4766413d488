import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Apple's list of commonly used third-party SDKs (`Rules/data/privacy-sdks.yml`), and how a
/// framework is recognised as one: by its folder name (`Alamofire.framework`, a Flutter
/// `-<version>` suffix dropped) or by its bundle identifier (the vendor's own, or CocoaPods'
/// `org.cocoapods.<name>`).
package struct ListedSDKs: Sendable {
    package struct SDK: Sendable {
        /// As Apple's list names it, `BoringSSL / openssl_grpc`.
        package let name: String
        let frameworks: [String]
        let bundleIdentifiers: [String]
        /// Who publishes it (the SBOM's publisher); nil where the list's name does not say which project.
        package let vendor: String?
    }

    /// How a framework was recognised.
    package enum Evidence: Equatable {
        case frameworkName
        case bundleIdentifier(String)
    }

    /// `YYYY-MM-DD`: when Apple published the list, and when uploads started being refused for it.
    let published: String
    let enforced: String
    let identifierPrefixes: [String]
    let sdks: [SDK]

    static let table = "privacy-sdks"
    package static let shipped = DataTables.read(table, ListedSDKs.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: ["published", "enforced", "bundle-identifier-prefixes", "sdks"])
        published = try entries("published").string()
        enforced = try entries("enforced").string()
        identifierPrefixes = try entries.optional("bundle-identifier-prefixes")?.strings() ?? []
        sdks = try entries("sdks").items().map { row throws(YAMLLoadError) in
            let row = try row.allowing(keys: ["name", "frameworks", "bundle-identifiers", "vendor"])
            let name = try row("name").string()
            return SDK(
                name: name, frameworks: try row.optional("frameworks")?.strings() ?? [name],
                bundleIdentifiers: try row.optional("bundle-identifiers")?.strings() ?? [], vendor: try row.optional("vendor")?.string())
        }
    }

    /// The listed SDK that the framework at `path` with `bundleIdentifier` is, if any.
    package func match(frameworkPath path: String, bundleIdentifier: String?) -> (sdk: SDK, evidence: Evidence)? {
        let names = Self.candidateNames(forFramework: path)
        if let sdk = sdks.first(where: { sdk in sdk.frameworks.contains(where: names.contains) }) {
            return (sdk, .frameworkName)
        }
        guard let identifier = bundleIdentifier?.lowercased() else { return nil }
        for sdk in sdks {
            let vendor = sdk.bundleIdentifiers.map { $0.lowercased() }
            // CocoaPods writes the name as an RFC 1034 identifier: underscores become hyphens.
            let pods = identifierPrefixes.flatMap { prefix in
                sdk.frameworks.flatMap { [prefix + $0, prefix + $0.replacingOccurrences(of: "_", with: "-")] }.map { $0.lowercased() }
            }
            if vendor.contains(identifier) || pods.contains(identifier) {
                return (sdk, .bundleIdentifier(bundleIdentifier ?? identifier))
            }
        }
        return nil
    }

    /// `Kit` for `…/Kit.framework`, and `path_provider` too for `path_provider-2.1.4.framework`.
    static func candidateNames(forFramework path: String) -> [String] {
        var name = String(path.split(separator: "/").last ?? "")
        if name.hasSuffix(".framework") { name.removeLast(".framework".count) }
        var names = [name]
        if let dash = name.lastIndex(of: "-"), name[name.index(after: dash)...].first?.isNumber == true, dash != name.startIndex {
            names.append(String(name[..<dash]))
        }
        return names
    }
}
