import BundleCheckFormats
import BundleCheckModel

/// The facts of `Rules/data/scene-life-cycle.yml`: which apps must adopt the UIScene life
/// cycle (TN3187), from which SDK, and the code that supplies a scene configuration itself.
struct SceneLifeCycle {
    let platforms: Set<String>
    let requiredFromSDK: MachOVersion
    let manifestKey: String
    let configurationsKey: String
    /// Imports and selectors of code that returns its scene configuration at run time.
    let suppliedInCode: [BinaryMatcher]

    static let table = "scene-life-cycle"
    static let shipped = DataTables.read(table, SceneLifeCycle.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: ["platforms", "required-from-sdk", "manifest-key", "configurations-key", "supplied-in-code"])
        platforms = Set(try entries("platforms").items().map { id throws(YAMLLoadError) in try id.platformID() })
        requiredFromSDK = try entries("required-from-sdk").version()
        manifestKey = try entries("manifest-key").string()
        configurationsKey = try entries("configurations-key").string()
        let code = try entries("supplied-in-code").allowing(keys: ["symbols", "selectors"])
        suppliedInCode = [
            BinaryMatcher(kind: .symbol, condition: .equalsAny(Set(try code("symbols").strings()))),
            BinaryMatcher(kind: .selector, condition: .equalsAny(Set(try code("selectors").strings()))),
        ]
    }

    /// The SDK `bundle` was built with when it is an app of one of the table's platforms built
    /// with the SDK that requires scenes or a later one; nil otherwise.
    func requiringSDK(of bundle: InspectedBundle) -> MachOVersion? {
        guard bundle.kind == .app || bundle.kind == .appClip else { return nil }
        let platform = bundle.platform.platform
        guard platforms.contains(platform.id), let sdk = bundle.toolchain?.sdkVersion(for: platform), sdk >= requiredFromSDK else { return nil }
        return sdk
    }

    /// Whether the bundle's executable supplies its scene configuration in code.
    func suppliesConfigurationInCode(_ bundle: InspectedBundle) -> Bool {
        let evidence = bundle.signing?.executable?.slices.flatMap(\.evidence) ?? []
        return evidence.contains { found in suppliedInCode.contains { $0.matches(found) } }
    }

    /// `iOS 27.0 SDK`.
    static func sdkName(_ sdk: MachOVersion, of bundle: InspectedBundle) -> String {
        let platform = bundle.platform.platform
        return "\(platform.uploadSDK ?? platform.name) \(sdk) SDK"
    }
}
