import BundleCheckFormats
import BundleCheckModel

/// `handoff-types-undeclared`: a share or action extension hands what it receives to its app by
/// opening the app's own URL scheme (a `scheme://` string of its executable that the app
/// declares, as `url-scheme-undeclared` reads them), but its activation rule accepts content
/// types the app names in no document type: the app will be asked to open files it never said
/// it can. A note naming the types; text and links, and an app declaring `public.item` or
/// `public.data`, are not judged (`Rules/data/document-types.yml`).
struct HandoffTypesUndeclaredCheck: Check {
    static let ruleID = "handoff-types-undeclared"
    let id = ruleID
    var reads: CheckReads { CheckReads(evidence: [URLSchemeUndeclaredCheck.need]) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = DocumentTypes.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .appex, let accepts = bundle.accepts, !accepts.isEmpty, let app = context.parent(of: bundle),
                let executable = bundle.signing?.executable
            else { return nil }
            let declared = Set(URLSchemeDeclarations(app).schemes.map { $0.value.lowercased() })
            let opened = executable.slices.flatMap(\.evidence).filter { $0.kind == .string }
                .flatMap { URLSchemeUndeclaredCheck.schemes(in: $0.value) }.first { declared.contains($0.lowercased()) }
            guard let scheme = opened else { return nil }
            let documents = facts.documentContentTypes(of: app)
            guard documents.isDisjoint(with: facts.umbrellaTypes) else { return nil }
            var seen: Set<String> = []
            let undeclared = accepts.map(\.type).filter { type in
                let key = type.lowercased()
                return !facts.notDocuments.contains(key) && !documents.contains(key) && seen.insert(key).inserted
            }
            guard !undeclared.isEmpty else { return nil }
            return rule.finding(
                "\(bundle.name) accepts \(undeclared.joined(separator: ", ")) and hands them to \(app.name) through '\(scheme)://', but \(app.name) names none of them in \(facts.documentTypesKey); declare a document type for each (with LSItemContentTypes) so that the app can open what the extension passes it",
                at: bundle.infoPlistLocation(InspectedBundle.activationRulePointer), identity: undeclared.joined(separator: ",")
            )
        }
    }
}
