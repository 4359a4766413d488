import BundleCheckFormats
import BundleCheckModel

/// `watch-only-container`: a watch-only app and its iOS stub go together. Xcode ships a
/// watch-only app (`WKWatchOnly`) inside an iOS stub container marked `ITSWatchOnlyContainer`,
/// whose executable is its own stub and which holds nothing but the watch app. A container
/// marked so without a watch app, or whose watch app does not say it is watch-only, and a
/// watch-only app inside an ordinary iOS app, say two things at once.
struct WatchOnlyContainerCheck: Check {
    let id = "watch-only-container"

    static let containerPointer = JSONPointer("ITSWatchOnlyContainer")
    static let watchOnlyPointer = JSONPointer("WKWatchOnly")

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            if bundle.isWatchOnlyContainer {
                let children = context.children(of: bundle)
                let watchApps = children.filter { $0.kind == .watchApp }
                guard !watchApps.isEmpty else {
                    return [rule.finding(Self.empty(bundle), at: bundle.infoPlistLocation(Self.containerPointer))]
                }
                var findings = watchApps.filter { !$0.isWatchOnly }.map { watch in
                    rule.finding(Self.notWatchOnly(watch, bundle), at: watch.infoPlistLocation(Self.watchOnlyPointer))
                }
                findings += children.filter { $0.kind == .appex || $0.kind == .appClip }.map { child in
                    // The stub's finding: what it holds is the mistake, not the extension itself.
                    rule.finding(Self.stubHolds(child, bundle), at: bundle.location(file: child.path), identity: child.path)
                }
                return findings
            }
            guard bundle.isWatchOnly, let container = context.parent(of: bundle), container.kind == .app, !container.isWatchOnlyContainer else { return [] }
            return [rule.finding(Self.inOrdinaryApp(bundle, container), at: bundle.infoPlistLocation(Self.watchOnlyPointer))]
        }
    }
}

extension WatchOnlyContainerCheck {
    static func empty(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) is marked ITSWatchOnlyContainer, the stub that carries a watch-only app, but holds no watch app in Watch/; archive the watch app's scheme, whose product embeds it"
    }

    static func notWatchOnly(_ watch: InspectedBundle, _ container: InspectedBundle) -> String {
        "\(watch.name) sits in the watch-only stub \(container.name) but does not say WKWatchOnly; set it (Xcode's watch-only template does), or ship the watch app inside its iOS app instead of a stub"
    }

    static func stubHolds(_ child: InspectedBundle, _ container: InspectedBundle) -> String {
        "\(container.name) is the stub of a watch-only app, whose iOS side runs nothing, yet it holds \(child.name); build the extension into the watch app, or ship a real iOS app"
    }

    static func inOrdinaryApp(_ watch: InspectedBundle, _ container: InspectedBundle) -> String {
        "\(watch.name) says WKWatchOnly, but \(container.name) is an iOS app rather than a watch-only stub (ITSWatchOnlyContainer); remove WKWatchOnly to ship it with its iOS app, or archive it from a watch-only target"
    }
}
