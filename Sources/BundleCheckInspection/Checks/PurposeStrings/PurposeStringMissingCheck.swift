import BundleCheckFormats
import BundleCheckModel

/// `purpose-string-missing`: code that asks for permission (a class with the selector that asks,
/// in the executable, a framework or a loose dylib), an entitlement or a background mode, and no
/// usage-description key for it in the Info.plist Apple asks: ITMS-90683. One finding per bundle
/// and missing key, naming everything that asks for it; and one per localisation of an app that
/// lacks a purpose string its Info.plist has, once the app localises any (`PurposeStringLocalizations`).
struct PurposeStringMissingCheck: Check {
    let id = "purpose-string-missing"
    /// What asks for permission in executables, and in loose libraries too: a vendor's library
    /// that asks for the camera asks the app's Info.plist.
    /// Each localisation's InfoPlist.strings, whole, for the localised form.
    var reads: CheckReads {
        CheckReads(
            evidence: PurposeStringTable.shipped.evidenceNeeds, libraryEvidence: PurposeStringTable.shipped.evidenceNeeds,
            wholeFiles: [.name("InfoPlist.strings", limit: PurposeStringValue.stringsFileLimit)]
        )
    }
    /// Reasons a message lists before it says how many more there are.
    static let listedReasons = 3

    /// What one bundle lacks: the keys of which one would do, and what asks for them.
    struct Gap {
        let keys: [String]
        var reasons: [String]
        /// Whether any reason is one App Store Connect's scan asks about (its code ITMS-90683
        /// goes with the finding); not when only a linked framework asks.
        var isScannedAtUpload: Bool
    }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let table = PurposeStringTable.shipped
        let localized = context.bundles.flatMap { bundle in
            PurposeStringLocalizations.gaps(in: bundle, table: table, in: context).map { gap in
                rule.finding(
                    Self.unlocalized(bundle, gap), at: FindingLocation(bundle: bundle.path, file: gap.path, keyPath: JSONPointer(gap.key)),
                    identity: gap.fileName)
            }
        }
        return localized
            + PurposeStringDemands(in: context, table: table).demands.flatMap { bundle, demands -> [Finding] in
                Self.gaps(in: bundle, for: demands, table: table, target: Self.deploymentTarget(of: bundle, in: context)).map { gap in
                    let pointer = JSONPointer(gap.keys[0])
                    return rule.finding(
                        Self.missing(bundle, gap, found: bundle.infoPlist?.value(at: pointer)),
                        at: bundle.infoPlistLocation(pointer), identity: gap.keys.joined(separator: "|"),
                        appleCodes: gap.isScannedAtUpload ? nil : []
                    )
                }
            }
    }

    /// The needs of `demands` that the bundle's Info.plist does not meet, one per set of keys. A
    /// need whose keys include all of another unmet need's is folded into it: adding that one key
    /// meets both (NSPhotoLibraryUsageDescription for `requestAuthorization:` meets `either` too).
    static func gaps(in bundle: InspectedBundle, for demands: [PurposeStringDemands.Demand], table: PurposeStringTable, target: MachOVersion?) -> [Gap] {
        let present = Set((bundle.infoPlist?.root.dictionaryValue?.entries ?? []).filter { $0.value.stringValue != nil }.map(\.key))
        var gaps: [Gap] = []
        for demand in demands {
            for need in table.purposes[demand.purpose] ?? [] where need.isAsked(of: target) {
                let keys = need.keys(for: target)
                guard !keys.isEmpty, !keys.contains(where: present.contains) else { continue }
                if let index = gaps.firstIndex(where: { $0.keys == keys }) {
                    if !gaps[index].reasons.contains(demand.reason) { gaps[index].reasons.append(demand.reason) }
                    gaps[index].isScannedAtUpload = gaps[index].isScannedAtUpload || demand.isScannedAtUpload
                } else {
                    gaps.append(Gap(keys: keys, reasons: [demand.reason], isScannedAtUpload: demand.isScannedAtUpload))
                }
            }
        }
        var kept: [Gap] = []
        for gap in gaps.sorted(by: { $0.keys.count < $1.keys.count }) {
            if let index = kept.firstIndex(where: { Set($0.keys).isSubset(of: gap.keys) }) {
                kept[index].reasons += gap.reasons.filter { !kept[index].reasons.contains($0) }
                kept[index].isScannedAtUpload = kept[index].isScannedAtUpload || gap.isScannedAtUpload
            } else {
                kept.append(gap)
            }
        }
        // Back in the order the demands met them, for stable reports.
        return gaps.compactMap { gap in kept.first { $0.keys == gap.keys } }
    }

    /// The version the bundle deploys to: its platform's minimum-OS key, else its executable's;
    /// nil when neither says, and for bundles of a platform whose versions the table's limits
    /// are not stated in.
    static func deploymentTarget(of bundle: InspectedBundle, in context: CheckContext) -> MachOVersion? {
        guard bundle.platform.id == PurposeStringTable.shipped.versionsPlatform else { return nil }
        return bundle.deploymentTarget
    }
}

extension PurposeStringMissingCheck {
    static func unlocalized(_ bundle: InspectedBundle, _ gap: PurposeStringLocalizations.Gap) -> String {
        "\(bundle.name)'s \(gap.fileName) has no \(gap.key), which \(gap.translatedIn) translates: once an app localises a purpose string, App Store Connect asks every localisation for it (ITMS-90683 \"Missing purpose string in Info.plist\"). Add its translation to this language's InfoPlist.strings (or to InfoPlist.xcstrings)"
    }

    static func missing(_ bundle: InspectedBundle, _ gap: Gap, found: PlistValue?) -> String {
        let keys = gap.keys.count == 1 ? gap.keys[0] : "any of " + gap.keys.joined(separator: ", ")
        let state = found.map { "holds \(gap.keys[0]) as a \($0.typeName), not a string" } ?? "has no \(keys)"
        var reasons = gap.reasons.prefix(listedReasons).joined(separator: "; ")
        if gap.reasons.count > listedReasons { reasons += "; and \(gap.reasons.count - listedReasons) more" }
        return
            "\(bundle.name)'s Info.plist \(state), asked for by \(reasons). Add \(gap.keys.count == 1 ? "the key" : "one of them") with a sentence saying why the app needs the access, or remove what asks for it"
    }
}
