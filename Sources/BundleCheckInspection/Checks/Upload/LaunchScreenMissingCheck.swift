import BundleCheckFormats
import BundleCheckModel

/// `launch-screen-missing` (ITMS-90475): an iOS app must provide its launch screen with a
/// storyboard or XIB (`UILaunchStoryboardName`, compiled into the bundle as `<name>.storyboardc`
/// or `<name>.nib` at its top or in a `.lproj` folder) or a `UILaunchScreen` dictionary, each
/// with its device suffixes (`Rules/data/ipad-multitasking.yml`). App Store Connect refuses an
/// iPad app that takes part in multitasking without one (ITMS-90475); for iPhone it is Apple's
/// requirement since 2020, with no upload code known.
struct LaunchScreenMissingCheck: Check {
    static let ruleID = "launch-screen-missing"
    let id = ruleID
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([IPadMultitasking.shipped.launchScreenCode], from: IPadMultitasking.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = IPadMultitasking.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let plist = bundle.infoPlist else { return nil }
            let multitasks = facts.multitasks(bundle)
            let codes = multitasks ? [facts.launchScreenCode] : []
            let consequence =
                multitasks
                ? "App Store Connect rejects an iPad app that takes part in multitasking without one (\(facts.launchScreenCode))"
                : "Apple requires every iPhone and iPad app to provide its launch screen with a storyboard (or UILaunchScreen)"
            if facts.launchScreenKeys.contains(where: { plist.value(at: JSONPointer($0))?.dictionaryValue != nil }) { return nil }
            let named = facts.launchStoryboardKeys.compactMap { key -> (key: String, name: String)? in
                guard let name = plist.value(at: JSONPointer(key))?.stringValue, !name.isEmpty, !UnexpandedVariable.occurs(in: name) else { return nil }
                return (key, name)
            }
            guard let first = named.first else {
                return rule.finding(
                    "\(bundle.name) has no launch screen: neither UILaunchStoryboardName nor UILaunchScreen is in its Info.plist; \(consequence)",
                    at: bundle.location(file: bundle.infoPlistPath), appleCodes: codes
                )
            }
            let folders = Self.launchScreenFolders(of: bundle, paths: context.paths)
            let compiled = named.contains { screen in
                folders.contains { folder in
                    facts.compiledLaunchScreens.contains { ext in
                        let path = folder + "/" + screen.name + "." + ext
                        return context.paths.isFile(path) || context.paths.isFolder(path)
                    }
                }
            }
            guard !compiled else { return nil }
            let forms = facts.compiledLaunchScreens.map { "\(first.name).\($0)" }.joined(separator: " or ")
            return rule.finding(
                "\(first.key) of \(bundle.name) names the launch screen \(first.name), but the bundle holds no \(forms) at its top or in a .lproj folder; \(consequence)",
                at: bundle.infoPlistLocation(JSONPointer(first.key)), appleCodes: codes
            )
        }
    }

    /// Where a compiled launch screen may be: the bundle's top, and each `.lproj` folder in it.
    static func launchScreenFolders(of bundle: InspectedBundle, paths: PathIndex) -> [String] {
        let root = bundle.layout.resourcesFolder
        return [root]
            + paths.entries(under: root).filter { entry in
                entry.isFolder && entry.path.hasSuffix(".lproj") && !entry.path.dropFirst(root.count + 1).contains("/")
            }.map(\.path)
    }
}
