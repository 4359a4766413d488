import BundleCheckFormats
import BundleCheckModel

/// The checks on what executables declare: `unsupported-architecture` (ITMS-90087), `bitcode`
/// (ITMS-90482), `minimum-os-binary` (ITMS-90208) and `encryption-info` (ITMS-90125).
struct BinaryCheck: Check {
    var id: String { mode.rawValue }
    var evidenceNeeds: [BinaryMatcher] { [] }

    enum Mode: String {
        case unsupportedArchitecture = "unsupported-architecture"
        case bitcode = "bitcode"
        case minimumOS = "minimum-os-binary"
        case encryptionInfo = "encryption-info"
    }

    /// Simulator slices left in an app by a fat framework or a misconfigured build.
    static let simulatorArchitectures: Set<String> = ["x86_64", "x86_64h", "i386"]

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle in finding(for: bundle, as: rule) }
    }

    private func finding(for bundle: InspectedBundle, as rule: RuleDefinition) -> Finding? {
        guard let signing = bundle.signing, let executable = signing.executable, let path = signing.executablePath else { return nil }
        let location = bundle.location(file: path)
        let slices: [MachOSlice] = executable.slices
        let message: String?
        switch mode {
        case .unsupportedArchitecture:
            let bad = slices.filter(Self.isSimulatorSlice).map(\.architecture)
            message = bad.isEmpty ? nil : Self.unsupported(bundle, bad)
        case .bitcode:
            let withBitcode = slices.filter(\.hasBitcodeSegment).map(\.architecture)
            message = withBitcode.isEmpty ? nil : Self.bitcode(bundle, withBitcode)
        case .minimumOS:
            message = Self.minimumOSProblem(bundle, slices)
        case .encryptionInfo:
            let lacking = bundle.kind != .framework && slices.contains { $0.encryption == nil }
            message = lacking ? Self.noEncryptionInfo(bundle) : nil
        }
        return message.map { rule.finding($0, at: location) }
    }

    /// i386/x86_64 slices, or any slice built for a simulator platform.
    static func isSimulatorSlice(_ slice: MachOSlice) -> Bool {
        if simulatorArchitectures.contains(slice.architecture) { return true }
        guard let platform = slice.platform else { return false }
        return platform.isSimulator
    }

    static func minimumOSProblem(_ bundle: InspectedBundle, _ slices: [MachOSlice]) -> String? {
        guard let declaredText = bundle.infoString("MinimumOSVersion"), let declared = MachOVersion(declaredText) else { return nil }
        let versions: [MachOVersion] = slices.compactMap(\.minimumOS)
        guard let binary = versions.max(), binary > declared else { return nil }
        return minimumOS(bundle, binary, declaredText)
    }
}

extension BinaryCheck {
    static func unsupported(_ bundle: InspectedBundle, _ architectures: [String]) -> String {
        "the executable of \(bundle.name) contains simulator slices (\(architectures.joined(separator: ", "))); strip them (lipo -remove) or ship an XCFramework"
    }

    static func bitcode(_ bundle: InspectedBundle, _ architectures: [String]) -> String {
        "the executable of \(bundle.name) contains bitcode (an __LLVM segment in \(architectures.joined(separator: ", "))), which Apple no longer accepts; rebuild with ENABLE_BITCODE=NO or strip it with bitcode_strip -r"
    }

    static func minimumOS(_ bundle: InspectedBundle, _ binary: MachOVersion, _ declared: String) -> String {
        "the executable of \(bundle.name) needs iOS \(binary), but its Info.plist says MinimumOSVersion \(declared); align IPHONEOS_DEPLOYMENT_TARGET with the Info.plist"
    }

    static func noEncryptionInfo(_ bundle: InspectedBundle) -> String {
        "the executable of \(bundle.name) has no LC_ENCRYPTION_INFO load command, which App Store binaries carry; build it with the standard linker settings"
    }
}
