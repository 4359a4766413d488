import BundleCheckFixtures

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Writes a fixture package as a zip and inspects it, as `bundlecheck` would.
func inspect(_ package: FixturePackage, named name: String = "Fixture.ipa", settings: InspectionSettings = InspectionSettings()) throws -> InputReport {
    let directory = try TemporaryDirectory()
    let path = directory.path(name)
    try package.writeZip(to: path)
    return PackageInspector(settings: settings).inspect(path: path)
}

/// Writes a fixture package as a directory (an `.xcarchive` or `.app` folder) and inspects it.
func inspectDirectory(_ package: FixturePackage, named name: String, settings: InspectionSettings = InspectionSettings()) throws -> InputReport {
    let directory = try TemporaryDirectory()
    let path = directory.path(name)
    try package.writeDirectory(to: path)
    return PackageInspector(settings: settings).inspect(path: path)
}

extension InputReport {
    func findings(_ rule: String) -> [Finding] {
        findings.filter { $0.rule == rule }
    }
}
