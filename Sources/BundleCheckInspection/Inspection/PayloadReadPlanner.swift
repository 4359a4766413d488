import BundleCheckFormats
import BundleCheckModel

/// What the one pass over an installer package's payloads keeps for this run (`PayloadReadPlan`):
/// the small files the loaders and checks read whole, each up to the size its reader accepts,
/// the files some rule's `text` matcher would search, and every Mach-O file, which the Mach-O
/// reader consumes as it streams by (`PrefetchedMachO`), hashing its pages when the seal's
/// rule runs. A file a reader wants that is not here is still read, in a pass of its own; the
/// tests over the fixture packages say that a whole run takes one pass.
enum PayloadReadPlanner {
    /// Files read whole, with the largest size their readers accept: what every run reads
    /// (`PackageInspector.wholeFiles`), then what each check declares it reads (`CheckReads`),
    /// of every check, running or not: the inventory reads some of them too, and keeping a
    /// small file as it passes costs less than a pass of its own later.
    static let wholeFiles: [WholeFileRead] = PackageInspector.wholeFiles + CheckReads.everyCheck.wholeFiles.filter { !PackageInspector.wholeFiles.contains($0) }

    /// An app's asset catalog up to this size is kept whole by the payload's pass when a rule
    /// reads catalogs; a larger one is streamed again, a pass per step (`AssetCatalogLoader`).
    static let assetCatalogWholeLimit: UInt64 = 16 << 20

    static func plan(rules: [RuleDefinition], evidence: EvidenceWants, seals: SealWants) -> PayloadReadPlan {
        var plan = plan(rules: rules, evidence: evidence, hashingCodePages: !seals.isEmpty)
        // Every sealed resource is compared: its digests are taken as it passes.
        if seals.comparesResources { plan.digestAlgorithms = [.sha1, .sha256] }
        return plan
    }

    static func plan(rules: [RuleDefinition], evidence: EvidenceWants, hashingCodePages: Bool) -> PayloadReadPlan {
        let textGlobs = rules.flatMap { rule -> [Glob] in
            guard case .matcher(let matcher) = rule.implementation else { return [] }
            return matcher.textMatchers.flatMap(\.files)
        }
        let readsCatalogs = AssetCatalogWants(rules: rules).lists
        return PayloadReadPlan(
            keepsWhole: { path, size in
                let name = PackagePath.name(path)
                if name == AssetCatalogLoader.fileName { return readsCatalogs && size <= assetCatalogWholeLimit }
                if let read = wholeFiles.first(where: { $0.matches(path: path, name: name) }) { return size <= read.limit }
                guard size <= UInt64(TextMatcher.maximumFileSize), !textGlobs.isEmpty else { return false }
                // A text rule's globs are relative to a bundle or the package: any tail of the path may be what one sees.
                let components = path.split(separator: "/")
                return components.indices.contains { start in
                    textGlobs.contains { $0.matches(components: components[start...]) }
                }
            },
            consumer: { path, size, prefix in
                guard size > 0, MachOReader.startsLikeMachO(prefix) else { return nil }
                return { reader in
                    PrefetchedMachO(
                        result: Result {
                            try SigningLoader.readMachO(reader, size: size, evidence: evidence, hashingCodePages: hashingCodePages)
                        })
                }
            }
        )
    }
}

extension Matcher {
    /// Every `text` matcher in the tree.
    var textMatchers: [TextMatcher] {
        switch self {
        case .all(let children), .any(let children): children.flatMap(\.textMatchers)
        case .not(let child): child.textMatchers
        case .text(let matcher): [matcher]
        case .path, .plist, .binary: []
        }
    }
}

extension MachOFile {
    /// The file as a narrower read would have made it: only the evidence `evidence` wants (none
    /// without it), and its pages reported unhashed unless `hashingCodePages`.
    func narrowed(to evidence: EvidenceWants?, hashingCodePages: Bool) -> MachOFile {
        var narrowed = self
        for index in narrowed.slices.indices {
            narrowed.slices[index].evidence =
                evidence.map { wants in
                    narrowed.slices[index].evidence.filter { wants.wants($0.kind, $0.value) }
                } ?? []
            if !hashingCodePages { narrowed.slices[index].codeSignature?.seal?.codePages = .notHashed }
        }
        return narrowed
    }
}
