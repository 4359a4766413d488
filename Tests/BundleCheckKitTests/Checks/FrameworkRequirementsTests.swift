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
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .reexport, true),
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .lazy, false),
        ("/System/Library/Frameworks/AlarmKit.framework/Versions/A/AlarmKit", .load, true),
        ("/System/Library/Frameworks/AlarmKit.framework/AlarmKit", .weak, false),
        ("@rpath/AlarmKit.framework/AlarmKit", .load, false),
        ("/System/Library/Frameworks/AlarmKitUI.framework/AlarmKitUI", .load, false),
        ("/System/Library/PrivateFrameworks/AlarmKit.framework/AlarmKit", .load, false),
    ])
    func aLinkCountsWhenItMustLoadApplesFramework(path: String, kind: LinkedDylibKind, counts: Bool) throws {
        let alarms = try #require(FrameworkRequirements.shipped.requirements.first { $0.framework == "AlarmKit" })
        #expect(alarms.isLinked(by: LinkedDylib(path: path, kind: kind)) == counts)
    }

    /// A row needs one need, stated whole: a purpose, or an entitlement with its rule and capability.
    @Test(arguments: [
        "{framework: X, purpose: alarms, entitlement: y, rule: z, capability: Z, kinds: [app], platforms: [ios], from-sdk: \"26.0\"}",
        "{framework: X, kinds: [app], platforms: [ios], from-sdk: \"26.0\"}",
        "{framework: X, entitlement: y, kinds: [app], platforms: [ios], from-sdk: \"26.0\"}",
    ])
    func aRowWithoutExactlyOneWholeNeedIsRefused(row: String) throws {
        let yaml = """
            name: framework-requirements
            title: t
            sources: [s]
            checked: 2026-12-06
            entries:
              frameworks:
                - \(row)
            """
        let table = try DataTable.load(text: yaml, file: "framework-requirements.yml")
        do {
            _ = try FrameworkRequirements(table)
            Issue.record("the row was accepted: \(row)")
        } catch {
            #expect("\(error)".contains("a row names a purpose, or an entitlement with the rule that reports it"), "\(error)")
        }
    }
}
