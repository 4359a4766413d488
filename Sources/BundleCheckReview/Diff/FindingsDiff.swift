import BundleCheckFormats
import Foundation

/// The findings of the two builds side by side, matched by fingerprint (rule, bundle, key path
/// and what the finding is about; stable from build to build). Suppressed findings are left out:
/// they were accepted. A finding whose rule ran on one side only is neither new nor fixed.
public struct FindingsDiff: Sendable {
    /// In NEW, not in OLD, its rule checked on both sides.
    public let new: [FindingRecord]
    /// In OLD, not in NEW, its rule checked on both sides.
    public let fixed: [FindingRecord]
    /// In both: NEW's record of each.
    public let standing: [FindingRecord]
    /// Findings of rules that ran on one side only (an older bundlecheck, or a rule turned off),
    /// with the side that ran them.
    public let oneSided: [(finding: FindingRecord, side: ReviewSide)]
    /// Rules that ran on one side only, by side, sorted; empty when a side did not record its rules.
    public let rulesOnlyOn: [ReviewSide: [String]]

    static func between(_ old: BuildRecord, _ new: BuildRecord, pairs: [BundlePair]) -> FindingsDiff {
        let oldStanding = old.findings.filter { !$0.suppressed }
        let newStanding = new.findings.filter { !$0.suppressed }
        let relocation = Relocation(pairs)
        let oldKeys = Set(oldStanding.map { relocation.key(ofOld: $0) })
        let newKeys = Set(newStanding.map(Relocation.key(ofNew:)))
        let oldPrints = Set(oldStanding.map(\.fingerprint))
        let newPrints = Set(newStanding.map(\.fingerprint))
        // Without a side's list of rules, every rule is taken to have run there.
        func ran(_ rule: String, on side: BuildRecord) -> Bool { side.rulesRun?.contains(rule) ?? true }

        var added: [FindingRecord] = [], fixed: [FindingRecord] = [], standing: [FindingRecord] = []
        var oneSided: [(FindingRecord, ReviewSide)] = []
        for finding in newStanding {
            if oldPrints.contains(finding.fingerprint) || oldKeys.contains(Relocation.key(ofNew: finding)) {
                standing.append(finding)
            } else if ran(finding.rule, on: old) {
                added.append(finding)
            } else {
                oneSided.append((finding, .new))
            }
        }
        for finding in oldStanding where !newPrints.contains(finding.fingerprint) && !newKeys.contains(relocation.key(ofOld: finding)) {
            if ran(finding.rule, on: new) { fixed.append(finding) } else { oneSided.append((finding, .old)) }
        }
        var rulesOnlyOn: [ReviewSide: [String]] = [:]
        if let oldRules = old.rulesRun, let newRules = new.rulesRun {
            rulesOnlyOn[.old] = oldRules.subtracting(newRules).sorted()
            rulesOnlyOn[.new] = newRules.subtracting(oldRules).sorted()
        }
        return FindingsDiff(new: added, fixed: fixed, standing: standing, oneSided: oneSided, rulesOnlyOn: rulesOnlyOn)
    }
}

/// A finding's fingerprint names its bundle's path, which changes when a bundle moves (an
/// archive's `Products/Applications/X.app` is an IPA's `Payload/X.app`, an app renamed): so a
/// finding is also matched by its rule, its paired bundle and its message, OLD's paths written
/// as NEW's, and a renamed bundle's old name (`BitBarSampleApp.app`, its executable
/// `BitBarSampleApp`) as its new one where it stands as a whole word.
struct Relocation {
    /// OLD's path of each paired bundle that moved, with NEW's.
    let moves: [(old: String, new: String)]

    init(_ pairs: [BundlePair]) {
        // A moved pair has both sides, so its path is NEW's.
        self.init(moves: pairs.compactMap { pair in pair.movedFrom.map { (old: $0, new: pair.path) } })
    }

    init(moves: [(old: String, new: String)]) {
        self.moves = moves.sorted { $0.old.count > $1.old.count }
    }

    static func key(ofNew finding: FindingRecord) -> String {
        [finding.rule, finding.bundle ?? "", finding.message].joined(separator: "\u{0}")
    }

    func key(ofOld finding: FindingRecord) -> String {
        var bundle = finding.bundle ?? ""
        // The longest path first, so an app's move does not half-rewrite its extensions' paths.
        for move in moves where bundle == move.old || bundle.hasPrefix(move.old + "/") {
            bundle = move.new + bundle.dropFirst(move.old.count)
            break
        }
        return [finding.rule, bundle, relocated(finding.message)].joined(separator: "\u{0}")
    }

    /// OLD's message as NEW would write it: moved paths, and renamed bundles' names and stems.
    func relocated(_ message: String) -> String {
        var message = message
        for move in moves {
            message = message.replacingOccurrences(of: move.old, with: move.new)
            let (oldName, newName) = (PackagePath.name(move.old), PackagePath.name(move.new))
            if oldName != newName {
                message = Self.replacingWord(oldName, with: newName, in: message)
                message = Self.replacingWord(Self.stem(oldName), with: Self.stem(newName), in: message)
            }
        }
        return message
    }

    /// `BitBarSample` of `BitBarSample.app`.
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `text` with each occurrence of `word` that no letter, digit or `_` touches on either side
    /// replaced: `Notes` in "Notes.app's Info.plist" and "in Notes", not in "MyNotes".
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        guard !word.isEmpty, text.contains(word) else { return text }
        func isWordCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            result += isWordCharacter(before) || isWordCharacter(after) ? word : replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
