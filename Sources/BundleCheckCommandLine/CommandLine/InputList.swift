/// The packages of one run, each once: the same file under two spellings (`p.ipa ./p.ipa`, a
/// link) would be two inputs whose SARIF runs share a category and whose GitLab issues share
/// fingerprints, so the second closes or hides the first's.
enum InputList {
    static func refuseRepeats(_ inputs: [String]) throws(UsageError) {
        var seen: [(path: String, identity: FileIdentity)] = []
        for input in inputs where input != StandardInputPackage.name {
            let identity = FileIdentity(input)
            if let first = seen.first(where: { $0.identity == identity }) {
                throw .repeatedInput(first: first.path, again: input)
            }
            seen.append((input, identity))
        }
    }
}
