import BundleCheckFormats
import BundleCheckModel

/// `Rules/data/framework-requirements.yml`: Apple frameworks whose use needs an Info.plist key
/// (through a purpose of `purpose-strings.yml`) or an entitlement, where a non-weak link of
/// the framework is the evidence of use. An exception to the purpose-string table's "linking
/// a framework is not evidence": these frameworks exist only to ask for what they need.
struct FrameworkRequirements: Sendable {
    /// What one framework needs.
    struct Requirement: Sendable, Hashable {
        enum Need: Sendable, Hashable {
            /// A purpose of `purpose-strings.yml`, which `purpose-string-missing` asks for.
            case purpose(String)
            /// A signed entitlement, which the rule `rule` reports; `capability`: what Xcode's
            /// Signing & Capabilities calls it.
            case entitlement(String, rule: String, capability: String)

            var purpose: String? {
                if case .purpose(let purpose) = self { return purpose }
                return nil
            }
        }

        let framework: String
        let need: Need
        /// The kinds of bundle asked: an app, not a widget extension that links AlarmKit only
        /// for the types that draw an alarm's countdown.
        let kinds: Set<BundleKind>
        let platforms: Set<String>
        let fromSDK: MachOVersion

        /// Whether `bundle` (the bundle asked, not a framework) is of a kind and platform the
        /// row names and built with an SDK that has the framework (or an SDK not known).
        func applies(to bundle: InspectedBundle) -> Bool {
            let platform = bundle.platform.platform
            guard kinds.contains(bundle.kind), platforms.contains(platform.id) else { return false }
            guard let sdk = bundle.toolchain?.sdkVersion(for: platform) else { return true }
            return sdk >= fromSDK
        }

        /// Whether `dylib` is this framework, linked so that it must load: `LC_LOAD_DYLIB` (or a
        /// re-export or upward link) of `/System/Library/Frameworks/<name>.framework/…`, also
        /// under `/System/iOSSupport` on Mac Catalyst. A weak link (an app deploying below the
        /// framework's system) is not: nothing in the package says whether the code it guards is
        /// reached, so those apps are missed, recall traded for precision.
        func isLinked(by dylib: LinkedDylib) -> Bool {
            guard dylib.kind != .weak, dylib.kind != .lazy else { return false }
            let framework = "/System/Library/Frameworks/\(self.framework).framework/"
            return dylib.path.hasPrefix(framework) || dylib.path.hasPrefix("/System/iOSSupport" + framework)
        }
    }

    let requirements: [Requirement]

    static let table = "framework-requirements"
    static let shipped = DataTables.read(table, FrameworkRequirements.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: ["frameworks"])
        requirements = try entries("frameworks").items().map { item throws(YAMLLoadError) -> Requirement in
            let row = try item.allowing(keys: ["framework", "purpose", "entitlement", "rule", "capability", "kinds", "platforms", "from-sdk"])
            let need: Requirement.Need
            switch (
                try row.optional("purpose")?.string(), try row.optional("entitlement")?.string(), try row.optional("rule")?.string(),
                try row.optional("capability")?.string()
            ) {
            case (let purpose?, nil, nil, nil): need = .purpose(purpose)
            case (nil, let entitlement?, let rule?, let capability?): need = .entitlement(entitlement, rule: rule, capability: capability)
            default: throw row.error("a row names a purpose, or an entitlement with the rule that reports it and the capability that grants it")
            }
            return Requirement(
                framework: try row("framework").string(), need: need,
                kinds: Set(
                    try row("kinds").items().map { item throws(YAMLLoadError) -> BundleKind in
                        let name = try item.string()
                        guard let kind = BundleKind(rawValue: name) else { throw item.error("'\(name)' is not a bundle kind") }
                        return kind
                    }),
                platforms: Set(try row("platforms").items().map { id throws(YAMLLoadError) in try id.platformID() }),
                fromSDK: try row("from-sdk").version()
            )
        }
    }

    /// One bundle's link of a framework a requirement names.
    struct Link {
        /// The bundle whose Info.plist and entitlements the link asks (an app for its frameworks' code).
        let bundle: InspectedBundle
        let requirement: Requirement
        /// The linking file, relative to `bundle`: `Alarms`, `Frameworks/Alarms.framework/Alarms`.
        let binary: String
    }

    /// Every link in the package of a framework a requirement names, asked of the bundle Apple
    /// asks (`PurposeStringDemands.askedBundle`), for the requirements `wanted` keeps; each
    /// bundle, requirement and linking file once, in the order of the package's bundles.
    func links(in context: CheckContext, where wanted: (Requirement) -> Bool) -> [Link] {
        let rows = requirements.filter(wanted)
        guard !rows.isEmpty else { return [] }
        var found: [Link] = []
        for bundle in context.bundles {
            guard let asked = PurposeStringDemands.askedBundle(for: bundle, in: context) else { continue }
            let applying = rows.filter { $0.applies(to: asked) }
            guard !applying.isEmpty else { continue }
            for binary in bundle.signing?.binaries ?? [] where !(binary.isExecutable && bundle.runsAppleStub) {
                let dylibs = binary.file.slices.flatMap(\.linkedDylibs)
                let name = PurposeStringDemands.relativePath(binary.path, from: asked.path)
                for row in applying where dylibs.contains(where: row.isLinked) {
                    found.append(Link(bundle: asked, requirement: row, binary: name))
                }
            }
        }
        return found
    }
}
