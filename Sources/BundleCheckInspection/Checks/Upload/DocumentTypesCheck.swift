import BundleCheckFormats
import BundleCheckModel

/// `document-types`: what App Store Connect warns about in an app's `CFBundleDocumentTypes`
/// (`Rules/data/document-types.yml`): an entry without a valid `LSHandlerRank` (ITMS-90788,
/// one finding per entry), document types with neither `LSSupportsOpeningDocumentsInPlace` nor
/// `UISupportsDocumentBrowser` (ITMS-90737), and content types that are neither system types
/// nor declared by the app in `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`, which
/// the system cannot resolve (one finding per entry, no code).
struct DocumentTypesCheck: Check {
    static let ruleID = "document-types"
    /// Findings for one app's entries: a long list is a few lines of a report, not hundreds.
    static let maximumEntries = 64
    let id = ruleID
    var tableAppleCodes: [TableAppleCodes] {
        [TableAppleCodes([DocumentTypes.shipped.rankCode, DocumentTypes.shipped.openingCode], from: DocumentTypes.table)]
    }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = DocumentTypes.shipped
        return context.bundles.flatMap { bundle -> [Finding] in
            guard bundle.kind == .app, let entries = bundle.infoPlist?.value(at: JSONPointer(facts.documentTypesKey))?.arrayValue, !entries.isEmpty
            else { return [] }
            var findings: [Finding] = []
            let declared = facts.declaredTypes(of: bundle)
            for (index, entry) in entries.prefix(Self.maximumEntries).enumerated() {
                guard let dictionary = entry.dictionaryValue else { continue }
                let pointer = JSONPointer(components: [facts.documentTypesKey, String(index)])
                let name = dictionary[facts.nameKey]?.stringValue.map { "'\($0)'" } ?? "\(index)"
                let rank = dictionary[facts.rankKey]?.stringValue
                if rank.map({ !facts.ranks.contains($0) }) ?? true {
                    let what =
                        rank.map { "an \(facts.rankKey) of '\($0)', which is not one of \(facts.ranks.joined(separator: ", "))" } ?? "no \(facts.rankKey)"
                    findings.append(
                        rule.finding(
                            "the document type \(name) of \(bundle.name) has \(what); App Store Connect warns (\(facts.rankCode)): give it the rank the app has for those files (Alternate for a viewer, Owner for its own format)",
                            at: bundle.infoPlistLocation(pointer), identity: "rank/\(index)", appleCodes: [facts.rankCode]
                        ))
                }
                let types = (dictionary[facts.contentTypesKey]?.arrayValue ?? []).compactMap(\.stringValue)
                let unknown = types.filter {
                    !KnownTypeIdentifiers.shipped.isKnown($0) && !declared.contains($0.lowercased()) && !UnexpandedVariable.occurs(in: $0)
                }
                if !unknown.isEmpty {
                    let hints = unknown.compactMap { type in KnownTypeIdentifiers.shipped.suggestion(for: type).map { "'\(type)' may mean '\($0)'" } }
                    findings.append(
                        rule.finding(
                            "the document type \(name) of \(bundle.name) names content types that are neither system types nor declared in \(facts.declarationKeys.joined(separator: " or ")): \(unknown.map { "'\($0)'" }.joined(separator: ", "))"
                                + (hints.isEmpty ? "" : " (\(hints.joined(separator: "; ")))") + "; the system cannot match files to them",
                            at: bundle.infoPlistLocation(JSONPointer(components: [facts.documentTypesKey, String(index), facts.contentTypesKey])),
                            identity: "types/\(index)"
                        ))
                }
            }
            if !facts.openingKeys.contains(where: { bundle.infoPlist?.value(at: JSONPointer($0))?.boolValue != nil }) {
                findings.append(
                    rule.finding(
                        "\(bundle.name) declares document types but neither \(facts.openingKeys.joined(separator: " nor ")); App Store Connect warns (\(facts.openingCode)): set LSSupportsOpeningDocumentsInPlace to YES when the app opens files where they are (from Files), or UISupportsDocumentBrowser to YES when it uses a document browser",
                        at: bundle.infoPlistLocation(JSONPointer(facts.documentTypesKey)), identity: "opening", appleCodes: [facts.openingCode]
                    ))
            }
            return findings
        }
    }
}
