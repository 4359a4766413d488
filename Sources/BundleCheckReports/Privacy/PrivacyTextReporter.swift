import BundleCheckFormats
import BundleCheckModel

/// `bundlecheck privacy` for a terminal or a CI log: each section of `PrivacyReport`, every
/// declaration followed by its manifest and key. What the package wrote is made printable.
package struct PrivacyTextReporter {
    package init() {}

    package func render(_ report: PrivacyReport) -> String {
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }
        func text(_ value: String) -> String { ReportText.printable(value) }
        func name(_ bundle: String) -> String { text(PackagePath.name(bundle)) }
        func from(_ source: PrivacyReport.Source) -> String { "\(text(source.manifest)) \(text(source.pointer.description))" }
        func flag(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "not stated" }

        add("Privacy report of \(text(report.input))")
        add(PrivacyReport.disclaimer)
        if let error = report.error {
            add()
            add("error: \(text(error.description))")
            return lines.joined(separator: "\n") + "\n"
        }

        add()
        add("Manifests (\(report.manifests.count))")
        if report.manifests.isEmpty { add("  none: no bundle of the package holds a PrivacyInfo.xcprivacy") }
        for manifest in report.manifests {
            add("  \(text(manifest.path))  for \(name(manifest.bundle))" + (manifest.problem.map { ": does not count, \(text($0))" } ?? ""))
        }

        add()
        switch report.tracks {
        case true?: add("Tracking: yes")
        case false?: add("Tracking: no")
        case nil: add("Tracking: not stated by any manifest")
        }
        for declaration in report.tracking {
            add("  \(name(declaration.bundle)) says NSPrivacyTracking \(declaration.tracks)  \(from(declaration.source))")
        }
        add("Tracking domains: \(report.trackingDomains.isEmpty ? "none" : String(report.trackingDomains.count))")
        for domain in report.trackingDomains {
            add("  \(text(domain.domain))  \(name(domain.bundle))  \(from(domain.source))")
        }

        add()
        add("Collected data (\(report.collectedData.isEmpty ? "none declared" : ReportText.count(report.collectedData.count, "type")))")
        for data in report.collectedData {
            let purposes = data.purposes.map { text(PrivacyReport.shortName($0, dropping: PrivacyReport.purposePrefix)) }
            add(
                "  \(text(PrivacyReport.shortName(data.type, dropping: PrivacyReport.dataTypePrefix)))  linked: \(flag(data.linked)), tracking: \(flag(data.tracking)), purposes: \(purposes.isEmpty ? "none stated" : purposes.joined(separator: ", "))"
            )
            for declaration in data.declarations {
                add("    declared by \(name(declaration.bundle))  \(from(declaration.source))")
            }
        }

        add()
        add(
            "Required-reason APIs (\(report.apiCategories.isEmpty ? "none declared or seen" : report.apiCategories.count == 1 ? "1 category" : "\(report.apiCategories.count) categories"))"
        )
        if !report.scannedBinaries { add("  The binaries were not scanned: the required-reason-api rule did not run.") }
        for category in report.apiCategories {
            add("  \(text(PrivacyReport.shortName(category.category, dropping: PrivacyReport.categoryPrefix)))")
            if category.reasons.isEmpty { add("    no reason declared") }
            for reason in category.reasons {
                add(
                    "    reason \(text(reason.reason))\(reason.meaning.map { " (\($0))" } ?? " (not a reason Apple lists)")  \(name(reason.bundle))  \(from(reason.source))"
                )
            }
            for use in category.uses {
                let binaries = use.binaries.map(text).joined(separator: ", ")
                add("    seen in \(name(use.bundle)): \(binaries)" + (use.declared ? "" : "  (not declared in \(name(use.bundle))'s manifests)"))
            }
        }

        add()
        add("Bundles that need a manifest (\(report.missingManifests.isEmpty ? "none" : String(report.missingManifests.count)))")
        if !report.checkedManifestNeeds {
            add("  Not known: the rules that tell, \(PrivacyReport.needsManifestRules.joined(separator: " and ")), did not both run.")
        }
        for missing in report.missingManifests {
            add("  \(text(missing.bundle))")
            for reason in missing.reasons {
                add("    \(text(reason.rule)): \(text(reason.message))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
