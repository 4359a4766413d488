import BundleCheckFormats
import BundleCheckModel

/// `installer-package-metadata`: what an installer package says of the app it installs agrees
/// with the app. productbuild writes the `Distribution`'s `<product id version>` from the app's
/// bundle identifier and short version, and pkgbuild each component's `PackageInfo` `<bundle>`
/// entries from the Info.plists it found; App Store Connect reads the product from the
/// `Distribution`, so a package edited or assembled by hand that names another identifier or
/// version is refused or shows the wrong build. A package without a `Distribution` is a
/// component package (pkgbuild's output) rather than the product archive the Mac App Store takes.
/// Each component's `Bom` lists exactly what its payload installs.
struct InstallerPackageMetadataCheck: Check {
    let id = "installer-package-metadata"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard let package = context.installerPackage else { return [] }
        var findings: [Finding] = []
        let apps = context.bundles.filter { $0.kind == .app && $0.parent == nil }
        if let bytes = package.distribution {
            do throws(XMLTreeReader.Failure) {
                let distribution = try InstallerDistribution(xml: bytes)
                findings += productFindings(distribution, apps: apps, rule: rule)
                findings += referenceFindings(distribution, package: package, rule: rule)
            } catch {
                findings.append(
                    rule.finding(Self.malformed("Distribution", error), at: FindingLocation(bundle: nil, file: "Distribution"), identity: "Distribution"))
            }
        } else if context.distribution.checked == .macAppStore {
            findings.append(rule.finding(Self.componentPackage, at: FindingLocation(bundle: nil, file: nil), identity: "no-distribution"))
        }
        for component in package.components {
            findings += bomFindings(component, context: context, rule: rule)
        }
        for component in package.components {
            let file = component.root.isEmpty ? "PackageInfo" : component.root + "/PackageInfo"
            guard let bytes = component.packageInfo else { continue }
            do throws(XMLTreeReader.Failure) {
                let info = try InstallerPackageInfo(xml: bytes)
                findings += bundleFindings(info, component: component, file: file, context: context, rule: rule)
            } catch {
                findings.append(rule.finding(Self.malformed(file, error), at: FindingLocation(bundle: nil, file: file), identity: file))
            }
        }
        return findings
    }

    /// The product the Distribution names against the app (the one app a store package holds).
    private func productFindings(_ distribution: InstallerDistribution, apps: [InspectedBundle], rule: RuleDefinition) -> [Finding] {
        guard apps.count == 1, let app = apps.first else { return [] }
        var findings: [Finding] = []
        let location = FindingLocation(bundle: app.path, file: "Distribution")
        if let product = distribution.productIdentifier, let identifier = app.bundleIdentifier, product != identifier {
            findings.append(rule.finding(Self.productDiffers("id", product, "CFBundleIdentifier", identifier, app), at: location, identity: "product-id"))
        }
        if let version = distribution.productVersion, let short = app.infoString("CFBundleShortVersionString"), version != short {
            findings.append(
                rule.finding(Self.productDiffers("version", version, "CFBundleShortVersionString", short, app), at: location, identity: "product-version"))
        }
        return findings
    }

    /// Each `pkg-ref` points at a component the package holds, with that component's version.
    private func referenceFindings(_ distribution: InstallerDistribution, package: InstallerPackageContents, rule: RuleDefinition) -> [Finding] {
        var findings: [Finding] = []
        for reference in distribution.packageReferences {
            guard let location = reference.location else { continue }
            let file = FindingLocation(bundle: nil, file: "Distribution")
            guard let component = package.components.first(where: { $0.root == location }) else {
                findings.append(rule.finding(Self.missingComponent(reference), at: file, identity: "pkg-ref:" + reference.identifier))
                continue
            }
            guard let bytes = component.packageInfo, let info = try? InstallerPackageInfo(xml: bytes) else { continue }
            if let version = reference.version, let own = info.version, version != own {
                findings.append(
                    rule.finding(Self.referenceVersion(reference, version, own, component), at: file, identity: "pkg-ref-version:" + reference.identifier))
            }
        }
        return findings
    }

    /// A component's `Bom` lists what its payload installs: the installer records the Bom as the
    /// receipt (`pkgutil --files`), so a path one holds and the other does not is a package
    /// assembled by hand. Only a payload read to its end is compared.
    private func bomFindings(_ component: InstallerPackageContents.Component, context: CheckContext, rule: RuleDefinition) -> [Finding] {
        guard let bytes = component.bom, component.payloadProblem == nil else { return [] }
        let file = component.root.isEmpty ? "Bom" : component.root + "/Bom"
        let location = FindingLocation(bundle: nil, file: file)
        let listed: Set<String>
        do throws(BOMError) {
            let paths = try BOMPaths.read(try BOMStore(bytes: bytes))
            listed = Set(paths.entries.compactMap { InstallerPackageContents.installedPath(of: $0.path) })
        } catch {
            return [rule.finding(Self.bomUnreadable(file, error), at: location, identity: file)]
        }
        var payload: Set<String> = []
        let prefix = component.payloadPath + "/"
        for entry in context.paths.entries where entry.path.hasPrefix(prefix) {
            payload.insert(String(entry.path.dropFirst(prefix.count)))
        }
        let unsafe = Set(component.unsafeNames.compactMap(InstallerPackageContents.installedPath(of:)))
        let onlyInBom = listed.subtracting(payload).subtracting(unsafe).sorted()
        let onlyInPayload = payload.subtracting(listed).sorted()
        guard !onlyInBom.isEmpty || !onlyInPayload.isEmpty else { return [] }
        return [rule.finding(Self.bomDiffers(file, component.payloadPath, onlyInBom, onlyInPayload), at: location, identity: file)]
    }

    /// Each `<bundle>` of a PackageInfo names a bundle of the payload, with its Info.plist's values.
    private func bundleFindings(
        _ info: InstallerPackageInfo, component: InstallerPackageContents.Component, file: String, context: CheckContext, rule: RuleDefinition
    ) -> [Finding] {
        var findings: [Finding] = []
        for entry in info.bundles {
            let path = component.payloadPath + "/" + entry.installedPath
            guard let bundle = context.bundle(at: path) else {
                if !context.paths.isFolder(path) {
                    findings.append(rule.finding(Self.missingBundle(entry, file), at: FindingLocation(bundle: nil, file: file), identity: "bundle:" + path))
                }
                continue
            }
            let location = FindingLocation(bundle: bundle.path, file: file)
            let pairs: [(String, String?, String?)] = [
                ("id", entry.identifier, bundle.bundleIdentifier),
                ("CFBundleShortVersionString", entry.shortVersion, bundle.infoString("CFBundleShortVersionString")),
                ("CFBundleVersion", entry.version, bundle.infoString("CFBundleVersion")),
            ]
            for (attribute, stated, actual) in pairs {
                guard let stated, let actual, stated != actual else { continue }
                findings.append(rule.finding(Self.bundleDiffers(file, attribute, stated, actual, bundle), at: location, identity: attribute + ":" + path))
            }
        }
        return findings
    }
}

extension InstallerPackageMetadataCheck {
    static func bomUnreadable(_ file: String, _ error: BOMError) -> String {
        "the installer package's \(file) cannot be read as a BOM: \(error); build the package again with pkgbuild"
    }

    static func bomDiffers(_ file: String, _ payload: String, _ onlyInBom: [String], _ onlyInPayload: [String]) -> String {
        func some(_ paths: [String]) -> String {
            paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        }
        var parts: [String] = []
        if !onlyInBom.isEmpty { parts.append("lists \(onlyInBom.count) path(s) \(payload) does not hold (\(some(onlyInBom)))") }
        if !onlyInPayload.isEmpty { parts.append("does not list \(onlyInPayload.count) path(s) \(payload) installs (\(some(onlyInPayload)))") }
        return
            "\(file) \(parts.joined(separator: " and ")); the installer records the Bom as what it installed: build the package again with pkgbuild, which writes both"
    }

    static func malformed(_ file: String, _ error: XMLTreeReader.Failure) -> String {
        "the installer package's \(file) cannot be read: \(error); build the package again with productbuild"
    }

    static let componentPackage =
        "the installer package is a component package (pkgbuild's output) without a Distribution; the Mac App Store takes a product archive: build it with productbuild --component, or export it with xcodebuild -exportArchive"

    static func productDiffers(_ attribute: String, _ stated: String, _ key: String, _ actual: String, _ app: InspectedBundle) -> String {
        "the Distribution's <product \(attribute)> is '\(stated)', but \(key) of \(app.name) is '\(actual)'; App Store Connect reads the product from the Distribution: build the package again with productbuild from this app"
    }

    static func missingComponent(_ reference: InstallerDistribution.PackageReference) -> String {
        "the Distribution's pkg-ref '\(reference.identifier)' points at \(reference.location ?? "?"), which the package does not hold"
    }

    static func referenceVersion(
        _ reference: InstallerDistribution.PackageReference, _ stated: String, _ own: String, _ component: InstallerPackageContents.Component
    ) -> String {
        "the Distribution's pkg-ref '\(reference.identifier)' says version '\(stated)', but \(component.root)'s PackageInfo says '\(own)'; build the package again with productbuild"
    }

    static func missingBundle(_ entry: InstallerPackageInfo.Bundle, _ file: String) -> String {
        "\(file) lists the bundle \(entry.path), which the payload does not hold"
    }

    static func bundleDiffers(_ file: String, _ attribute: String, _ stated: String, _ actual: String, _ bundle: InspectedBundle) -> String {
        "\(file) says \(attribute) '\(stated)' for \(bundle.name), whose Info.plist says '\(actual)'; build the package again with pkgbuild from this build of the app"
    }
}
