import BundleCheckFormats
import BundleCheckModel

/// `stray-binary` (ITMS-90171): a Mach-O file inside an app that is neither a bundle's executable
/// nor a library in a Frameworks folder. Apple: "apps cannot contain standalone executables or
/// libraries other than a valid CFBundleExecutable of supported bundles".
struct StrayBinaryCheck: Check {
    let id = "stray-binary"
    var evidenceNeeds: [BinaryMatcher] { [] }
    /// Mach-O and fat magic numbers, in file byte order.
    static let magics: Set<[UInt8]> = [
        [0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe], [0xca, 0xfe, 0xba, 0xbf],
    ]
    /// Only these are read: executables have no extension; libraries end so. Resources
    /// (images, nibs, plists) are never opened, which keeps large packages fast.
    static let candidateExtensions: Set<String> = ["", "dylib", "so", "bundle", "o", "a"]

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let executables = Set(context.bundles.compactMap { $0.signing?.executablePath })
        return context.bundles.filter { $0.parent == nil }.flatMap { app -> [Finding] in
            context.paths.entries(under: app.path).compactMap { entry -> Finding? in
                guard !entry.isFolder else { return nil }
                let path = entry.path
                guard !executables.contains(path), Self.isCandidate(path), !Self.isAllowed(path),
                      let magic = context.prefix(of: path, count: 4), Self.magics.contains(magic)
                else { return nil }
                let owner = context.bundles.filter { path.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count } ?? app
                return rule.finding(Self.stray(path, owner), at: owner.location(file: path), identity: path)
            }
        }
    }

    static func isCandidate(_ path: String) -> Bool {
        let name = PackagePath.name(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return true }
        return candidateExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }

    /// Libraries in a Frameworks folder, the watch app stub, and what dSYMs hold (their own rule).
    static func isAllowed(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if path.hasSuffix(".dylib"), components.dropLast().last == "Frameworks" { return true }
        if components.suffix(2) == ["_WatchKitStub", "WK"] { return true }
        return components.contains { $0.hasSuffix(".dSYM") }
    }
}

extension StrayBinaryCheck {
    static func stray(_ path: String, _ bundle: InspectedBundle) -> String {
        let name = PackagePath.name(path)
        return "\(name) in \(bundle.name) is a Mach-O binary that is neither a bundle's executable nor a library in Frameworks; Apple rejects standalone executables, so remove it or embed it as a framework"
    }
}
