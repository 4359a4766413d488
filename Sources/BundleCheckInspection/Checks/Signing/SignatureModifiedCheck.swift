import BundleCheckFormats
import BundleCheckModel

/// `signature-modified`: a bundle whose Info.plist, CodeResources, entitlements, code or sealed
/// resources no longer hash to what its code signature holds: something edited it after
/// codesign ran. One finding per bundle and kind of problem; the comparing is done while the
/// bundle is read (`SealVerifier`, and the Mach-O reader for the code pages).
struct SignatureModifiedCheck: Check {
    static let ruleID = "signature-modified"
    let id = Self.ruleID
    /// Every bundle against its seal: the code pages hashed, `CodeResources` whole.
    var reads: CheckReads { CheckReads(comparesSeals: true, wholeFiles: [.name("CodeResources", limit: SealVerifier.codeResourcesLimit)]) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let signing = bundle.signing, let seal = signing.seal else { return [] }
            let executable = signing.executablePath
            return seal.mismatches.map { mismatch in
                switch mismatch {
                case .boundFile(let slot, let path, let isMissing, _):
                    let message = isMissing ? Self.missingFile(bundle, slot, path) : Self.modifiedFile(bundle, slot, path)
                    return rule.finding(message, at: bundle.location(file: path), identity: Self.identity(of: slot))
                case .signatureBlob(let slot, let architectures):
                    return rule.finding(
                        Self.modifiedBlob(bundle, slot, architectures), at: bundle.location(file: executable), identity: Self.identity(of: slot))
                case .codePages(let pages):
                    return rule.finding(Self.modifiedPages(bundle, pages), at: bundle.location(file: executable), identity: "code-pages")
                case .modifiedResources(let paths):
                    return rule.finding(Self.modifiedResources(bundle, paths), at: bundle.location(file: paths.first), identity: "modified-resources")
                case .missingResources(let paths):
                    return rule.finding(Self.missingResources(bundle, paths), at: bundle.location(file: paths.first), identity: "missing-resources")
                case .unreadable(let file, let reason):
                    return rule.finding(Self.unreadable(bundle, file, reason), at: bundle.location(file: file), identity: "unreadable")
                }
            }
        }
    }

    /// Keeps findings at the same place apart in fingerprints and baselines.
    static func identity(of slot: CodeSignatureSlot) -> String {
        switch slot {
        case .infoPlist: "info-plist"
        case .requirements: "requirements"
        case .resourceDirectory: "code-resources"
        case .application: "application-data"
        case .entitlements: "entitlements"
        case .representation: "representation-data"
        case .derEntitlements: "der-entitlements"
        }
    }
}

extension SignatureModifiedCheck {
    static let resign = "re-sign the bundle with codesign after the last edit"
    /// Paths a message names before it counts the rest.
    static let listedPaths = 3

    static func modifiedFile(_ bundle: InspectedBundle, _ slot: CodeSignatureSlot, _ path: String) -> String {
        "\(PackagePath.name(path)) of \(bundle.name) was changed after signing: it no longer hashes to \(slot) of the code signature; \(resign)"
    }

    static func missingFile(_ bundle: InspectedBundle, _ slot: CodeSignatureSlot, _ path: String) -> String {
        "the code signature of \(bundle.name) seals \(PackagePath.name(path)) in \(slot), but the bundle has none; \(resign)"
    }

    static func modifiedBlob(_ bundle: InspectedBundle, _ slot: CodeSignatureSlot, _ architectures: [String]) -> String {
        "the \(slot.name) blob in the code signature of \(bundle.name) (\(architectures.joined(separator: ", "))) was rewritten after signing: it no longer hashes to \(slot); \(resign)"
    }

    static func modifiedPages(_ bundle: InspectedBundle, _ pages: [CodePageMismatch]) -> String {
        let described = pages.map { page in
            page.isBeyondKeptPages
                ? "a page from page \(page.page) on of the \(page.architecture) slice"
                : "page \(page.page) (from byte \(UInt64(page.page) * page.pageSize)) of the \(page.architecture) slice"
        }
        return
            "the executable of \(bundle.name) was changed after signing: \(described.joined(separator: " and ")) no longer hashes to the code signature; \(resign)"
    }

    static func modifiedResources(_ bundle: InspectedBundle, _ paths: [String]) -> String {
        let verb = paths.count == 1 ? "it no longer hashes" : "they no longer hash"
        return "\(count(paths.count)) of \(bundle.name) changed after signing (\(verb) to _CodeSignature/CodeResources): \(list(paths, in: bundle)); \(resign)"
    }

    static func missingResources(_ bundle: InspectedBundle, _ paths: [String]) -> String {
        "\(count(paths.count)) sealed in _CodeSignature/CodeResources of \(bundle.name) \(paths.count == 1 ? "is" : "are") missing: \(list(paths, in: bundle)); \(resign)"
    }

    static func unreadable(_ bundle: InspectedBundle, _ file: String, _ reason: String) -> String {
        "the code signature of \(bundle.name) cannot be compared with the bundle: \(PackagePath.name(file)): \(reason); \(resign)"
    }

    private static func count(_ count: Int) -> String {
        count == 1 ? "1 file" : "\(count) files"
    }

    /// `a.png, b.json, c.nib and 4 more`, relative to the bundle.
    private static func list(_ paths: [String], in bundle: InspectedBundle) -> String {
        let relative = paths.map { path in bundle.layout.relativeToRoot(path).map(String.init) ?? path }
        let shown = relative.prefix(listedPaths).joined(separator: ", ")
        return relative.count > listedPaths ? "\(shown) and \(relative.count - listedPaths) more" : shown
    }
}
