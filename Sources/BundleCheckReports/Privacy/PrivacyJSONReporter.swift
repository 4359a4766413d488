import BundleCheckFormats
import BundleCheckModel

/// `bundlecheck privacy --format json`: the privacy report as described by
/// `docs/privacy.schema.json`. Every member is always present (null when it has no value), in
/// a fixed order; each declaration names its manifest and the JSON pointer of its key there.
package struct PrivacyJSONReporter {
    package static let schemaVersion = 1

    package init() {}

    package func render(_ report: PrivacyReport, toolVersion: String) -> String {
        JSONWriter().string(from: document(for: report, toolVersion: toolVersion))
    }

    package func document(for report: PrivacyReport, toolVersion: String) -> JSONValue {
        [
            "schemaVersion": .integer(Int64(Self.schemaVersion)),
            "tool": ["name": "bundlecheck", "version": .string(toolVersion)],
            "statement": .string(PrivacyReport.disclaimer),
            "input": .string(report.input),
            "error": report.error.map { ["code": .string($0.code), "message": .string($0.description)] } ?? .null,
            "manifests": .array(
                report.manifests.map { manifest in
                    [
                        "path": .string(manifest.path), "bundle": .string(manifest.bundle), "placement": .string(manifest.placement.rawValue),
                        "counts": .bool(manifest.problem == nil), "problem": JSONValue(manifest.problem),
                    ]
                }),
            "tracking": [
                "tracks": report.tracks.map(JSONValue.bool) ?? .null,
                "declarations": .array(
                    report.tracking.map { ["bundle": .string($0.bundle), "tracks": .bool($0.tracks), "source": source($0.source)] }),
                "domains": .array(
                    report.trackingDomains.map { ["domain": .string($0.domain), "bundle": .string($0.bundle), "source": source($0.source)] }),
            ],
            "collectedData": .array(
                report.collectedData.map { data in
                    [
                        "type": .string(data.type), "linked": data.linked.map(JSONValue.bool) ?? .null,
                        "tracking": data.tracking.map(JSONValue.bool) ?? .null, "purposes": .array(data.purposes.map(JSONValue.string)),
                        "declarations": .array(
                            data.declarations.map { declaration in
                                [
                                    "bundle": .string(declaration.bundle), "linked": declaration.linked.map(JSONValue.bool) ?? .null,
                                    "tracking": declaration.tracking.map(JSONValue.bool) ?? .null,
                                    "purposes": .array(declaration.purposes.map(JSONValue.string)), "source": source(declaration.source),
                                ]
                            }),
                    ]
                }),
            "requiredReasonAPIs": [
                "binariesScanned": .bool(report.scannedBinaries),
                "categories": .array(
                    report.apiCategories.map { category in
                        [
                            "category": .string(category.category),
                            "reasons": .array(
                                category.reasons.map { reason in
                                    [
                                        "reason": .string(reason.reason), "meaning": JSONValue(reason.meaning), "bundle": .string(reason.bundle),
                                        "source": source(reason.source),
                                    ]
                                }),
                            "usedBy": .array(
                                category.uses.map { use in
                                    ["bundle": .string(use.bundle), "binaries": .array(use.binaries.map(JSONValue.string)), "declared": .bool(use.declared)]
                                }),
                        ]
                    }),
            ],
            "manifestNeedsChecked": .bool(report.checkedManifestNeeds),
            "bundlesNeedingManifest": .array(
                report.missingManifests.map { missing in
                    [
                        "bundle": .string(missing.bundle),
                        "reasons": .array(missing.reasons.map { ["rule": .string($0.rule), "message": .string($0.message)] }),
                    ]
                }),
        ]
    }

    private func source(_ source: PrivacyReport.Source) -> JSONValue {
        ["manifest": .string(source.manifest), "pointer": .string(source.pointer.description)]
    }
}
