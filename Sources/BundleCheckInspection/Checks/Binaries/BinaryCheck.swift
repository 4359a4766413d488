import BundleCheckFormats
import BundleCheckModel

/// The checks on what executables declare: `unsupported-architecture` (ITMS-90087), `bitcode`
/// (ITMS-90482), `minimum-os-binary` (ITMS-90208) and `encryption-info` (ITMS-90125).
struct BinaryCheck: Check {
    var id: String { mode.rawValue }

    enum Mode: String {
        case unsupportedArchitecture = "unsupported-architecture"
        case bitcode = "bitcode"
        case minimumOS = "minimum-os-binary"
        case encryptionInfo = "encryption-info"
    }

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let signing = bundle.signing else { return [] }
            let platform = bundle.platform.platform
            // A bundle built for the simulator is one finding of simulator-build, not another for
            // its executable and each library and framework built with it.
            if mode == .unsupportedArchitecture && Self.insideReportedSimulatorBuild(bundle, in: context) { return [] }
            // A bundle built for another platform than its app is platform-mismatch's: its slices
            // are judged by neither platform again.
            if mode == .unsupportedArchitecture && PlatformMismatchCheck.reports(bundle, in: context) { return [] }
            // A simulator build has no encryption info by nature: simulator-build said it all.
            if mode == .encryptionInfo && Self.insideReportedSimulatorBuild(bundle, in: context) { return [] }
            return signing.binaries.compactMap { binary in
                guard let message = message(for: binary, of: bundle, platform: platform) else { return nil }
                // The executable's finding keeps the identity it always had; each library is its own.
                return rule.finding(message, at: bundle.location(file: binary.path), identity: binary.isExecutable ? nil : binary.path)
            }
        }
    }

    private func message(for binary: BundleBinary, of bundle: InspectedBundle, platform: ApplePlatform) -> String? {
        let slices = binary.file.slices
        let what = Self.describe(binary, of: bundle)
        switch mode {
        case .unsupportedArchitecture:
            let minimumOS = bundle.infoString(platform.minimumOSKey).flatMap(MachOVersion.init)
            let problems = slices.compactMap { platform.problem(with: $0, minimumOS: $0.minimumOS ?? minimumOS) }
            return problems.isEmpty ? nil : Self.unsupported(what, problems, platform)
        case .bitcode:
            let withBitcode = slices.filter(\.hasBitcodeSegment).map(\.architecture)
            return withBitcode.isEmpty ? nil : Self.bitcode(what, withBitcode)
        case .minimumOS:
            return Self.minimumOSProblem(what, bundle, platform, slices)
        case .encryptionInfo:
            // Only an app's or extension's own executable; Apple's WatchKit stub has none by design.
            guard binary.isExecutable, bundle.kind != .framework, !bundle.runsAppleStub else { return nil }
            return slices.contains { $0.encryption == nil } ? Self.noEncryptionInfo(what) : nil
        }
    }

    /// Whether `bundle` or a bundle it sits in is a simulator build simulator-build reports.
    static func insideReportedSimulatorBuild(_ bundle: InspectedBundle, in context: CheckContext) -> Bool {
        ([bundle] + context.containers(of: bundle)).contains { SimulatorBuildCheck.reports($0, in: context) }
    }

    /// `the executable of Notes.app`, `the library libswiftCore.dylib of Notes.app`, or
    /// `the helper tool sync of Notes.app`.
    static func describe(_ binary: BundleBinary, of bundle: InspectedBundle) -> String {
        switch binary.role {
        case .executable: "the executable of \(bundle.name)"
        case .library: "the library \(PackagePath.name(binary.path)) of \(bundle.name)"
        case .tool: "the helper tool \(PackagePath.name(binary.path)) of \(bundle.name)"
        }
    }

    static func minimumOSProblem(_ what: String, _ bundle: InspectedBundle, _ platform: ApplePlatform, _ slices: [MachOSlice]) -> String? {
        guard let declaredText = bundle.infoString(platform.minimumOSKey), let declared = MachOVersion(declaredText) else { return nil }
        // Only slices built for the bundle's own platform state its versions.
        let versions: [MachOVersion] = slices.filter { $0.platform == nil || $0.platform == platform.device.machOPlatform }.compactMap(\.minimumOS)
        // Mac Catalyst slices count in iOS numbers: compared as the macOS release they stand for.
        guard let binary = versions.max(), let equivalent = platform.declaredVersion(ofMachO: binary), equivalent > declared else { return nil }
        return minimumOS(what, binary, equivalent == binary ? nil : equivalent, declaredText, platform)
    }
}

extension BinaryCheck {
    static func unsupported(_ what: String, _ problems: [String], _ platform: ApplePlatform) -> String {
        "\(what) contains slices Apple does not accept for \(platform.name) devices: \(problems.joined(separator: ", ")); strip them (lipo -remove) or ship an XCFramework"
    }

    static func bitcode(_ what: String, _ architectures: [String]) -> String {
        "\(what) contains bitcode (an __LLVM segment in \(architectures.joined(separator: ", "))), which Apple no longer accepts; rebuild with ENABLE_BITCODE=NO or strip it with bitcode_strip -r"
    }

    static func minimumOS(_ what: String, _ binary: MachOVersion, _ equivalent: MachOVersion?, _ declared: String, _ platform: ApplePlatform) -> String {
        let needs = equivalent.map { "\(platform.name) \(binary) (macOS \($0))" } ?? "\(platform.name) \(binary)"
        return
            "\(what) needs \(needs), but its Info.plist says \(platform.minimumOSKey) \(declared); align \(platform.deploymentTargetSetting) with the Info.plist"
    }

    static func noEncryptionInfo(_ what: String) -> String {
        "\(what) has no LC_ENCRYPTION_INFO load command, which App Store binaries carry; build it with the standard linker settings"
    }
}
