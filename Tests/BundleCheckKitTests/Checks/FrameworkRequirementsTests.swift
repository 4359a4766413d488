import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `Rules/data/framework-requirements.yml`: each row's need is one something reports, and what
/// counts as a link of the framework.
@Suite struct FrameworkRequirementsTests {
    /// A purpose must be one of purpose-strings.yml's, an entitlement's rule a shipped rule run
    /// by the check that reports it: otherwise the row would ask for nothing.
    @Test func everyRowsNeedIsReported() throws {
        let rows = FrameworkRequirements.shipped.requirements
        #expect(rows.map(\.framework) == ["AlarmKit", "DeclaredAgeRange"])
        for row in rows {
            switch row.need {
            case .purpose(let purpose):
                #expect(PurposeStringTable.shipped.purposes[purpose] != nil, "\(row.framework): \(purpose)")
            case .entitlement(_, let rule, _):
                #expect(RuleCatalogue.shipped[rule] != nil, "\(row.framework): \(rule)")
                #expect(BuiltInCheck.registry.contains { $0.id == rule }, "\(row.framework): no check reports \(rule)")
            }
        }
    }

    @Test(arguments: [
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", LinkedDylibKind.load, true),
        ("/System/iOSSupport/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .load, true),
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .upward, true),
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .weak, false),
        ("@rpath/AlarmKit.framework/AlarmKit", .load, false),
        ("/System/Library/Frameworks/AlarmKitUI.framework/AlarmKitUI", .load, false),
        ("/System/Library/PrivateFrameworks/AlarmKit.framework/AlarmKit", .load, false),
    ])
    func aLinkCountsWhenItMustLoadApplesFramework(path: String, kind: LinkedDylibKind, counts: Bool) throws {
        let alarms = try #require(FrameworkRequirements.shipped.requirements.first { $0.framework == "AlarmKit" })
        #expect(alarms.isLinked(by: LinkedDylib(path: path, kind: kind)) == counts)
    }

    @Test func aRowWithBothAPurposeAndAnEntitlementIsRefused() throws {
        let yaml = """
            name: framework-requirements
            title: t
            sources: [s]
            checked: 2026-12-06
            entries:
              frameworks:
                - {framework: X, purpose: alarms, entitlement: y, rule: z, capability: Z, kinds: [app], platforms: [ios], from-sdk: "26.0"}
            """
        let table = try DataTable.load(text: yaml, file: "framework-requirements.yml")
        #expect(throws: YAMLLoadError.self) { try FrameworkRequirements(table) }
    }
}
