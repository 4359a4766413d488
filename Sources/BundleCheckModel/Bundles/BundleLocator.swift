import BundleCheckFormats

/// Finds the package form and every bundle in a package from its file paths.
///
/// Folders are derived from file paths, so a folder counts only when it holds at
/// least one file: an empty `X.app/` entry is no bundle. Paths in `__MACOSX`
/// folders and names starting with `._` (macOS resource-fork litter) are
/// ignored, as are paths with empty, `.` or `..` components.
///
/// The package root is, in this order, the first that exists at the top of the
/// package or, when the package holds a single top-level folder, inside it:
/// - `Payload/`: an IPA; apps are the `.app` folders under it at any depth that
///   are not inside another bundle (`Payload/s/demo.app` is an app);
/// - `Products/Applications/`: an Xcode archive, apps found the same way;
/// - `<Name>.app/`: a bare (zipped or directory) app.
///
/// An installer package (`isInstallerPackage`) is none of these: its apps are found the same
/// way under each component's payload, `<Component>.pkg/Payload/` (or `Payload/` for a
/// component package on its own).
///
/// Each bundle's layout (`BundleLayout`) is read from its folders: one with an Info.plist at its
/// top is flat; else a `Contents/` folder holding an Info.plist or `MacOS/` is the Mac's layout,
/// and a framework with `Versions/` a versioned framework (its version the one
/// `Versions/Current` links to, when that link names a folder beside it). Nested bundles sit in
/// folders of the layout's root. In every bundle, `PlugIns/*.appex` and `Extensions/*.appex`
/// are extensions and `Frameworks/*.framework` frameworks; inside an iOS-style app (only),
/// `Watch/*.app` are watch apps and `AppClips/*.app` app clips; inside a Mac bundle,
/// `XPCServices/*.xpc` are XPC services, `Library/LoginItems/*.app` login items,
/// `Library/SystemExtensions/*.systemextension` system extensions, and the apps in `Helpers/`,
/// `MacOS/`, `Frameworks/` or another `Library/` folder helpers. Nested bundles are listed wherever they sit,
/// even where Apple forbids them (a framework in an extension), so that the checks can see
/// them; `parent` is always the directly containing bundle.
///
/// One pass builds a folder tree, so the cost is linear in the total length of the paths.
package enum BundleLocator {
    package static func locate(
        files: some Sequence<ContainerEntry>, links: [ContainerLink] = [], packagePath: String, isInstallerPackage: Bool = false
    ) throws(BundleCheckError) -> (kind: InputKind, bundles: [BundleLocation]) {
        let tree = FolderTree()
        for file in files {
            let path = file.path
            guard let slash = path.lastSlash else { continue }
            let name = path[path.utf8.index(after: slash)...]
            guard !Folder.isIgnored(name) else { continue }
            let folder = tree.addFolder(path[..<slash])
            if name == "Info.plist" { folder.holdsInfoPlist = true }
        }
        let root = tree.root
        let form =
            isInstallerPackage
            ? packageForm(at: root, isInstallerPackage: true)
            : packageForm(at: root, isInstallerPackage: false) ?? root.onlyChild.flatMap { packageForm(at: $0, isInstallerPackage: false) }
        guard let (kind, apps) = form, !apps.isEmpty else {
            throw BundleCheckError.noApp(path: packagePath)
        }
        let linkTargets = Dictionary(links.map { ($0.path, $0.target) }, uniquingKeysWith: { first, _ in first })
        var bundles: [BundleLocation] = []
        var pending: [(folder: Folder, kind: BundleKind, layout: BundleLayout)] = []
        func add(_ folder: Folder, _ kind: BundleKind, parent: String?) {
            let (layout, root) = layoutOf(folder, kind: kind, links: linkTargets)
            bundles.append(BundleLocation(path: folder.path, kind: kind, parent: parent, layout: layout))
            pending.append((root, kind, layout))
        }
        for app in apps { add(app, .app, parent: nil) }
        while let (root, kind, layout) = pending.popLast() {
            for slot in nestedSlots(of: kind, layout: layout) {
                for container in slot.containers(in: root) {
                    for child in container.children.values where isBundle(child.name, slot.suffix) {
                        add(child, slot.kind, parent: layout.bundlePath)
                    }
                }
            }
        }
        bundles.sort { $0.path < $1.path }
        return (kind, bundles)
    }

    // MARK: - Private

    /// A folder derived from file paths; it exists only because a file sits somewhere inside it.
    private final class Folder {
        let path: String
        var children: [Substring: Folder] = [:]
        /// Whether an `Info.plist` file sits directly in it.
        var holdsInfoPlist = false

        init(path: String) {
            self.path = path
        }

        var name: Substring {
            guard let slash = path.lastSlash else { return Substring(path) }
            return path[path.index(after: slash)...]
        }

        /// The single subfolder, when there is exactly one (files beside it don't matter).
        var onlyChild: Folder? {
            children.count == 1 ? children.first?.value : nil
        }

        func child(_ name: Substring) -> Folder {
            if let existing = children[name] { return existing }
            let created = Folder(path: path.isEmpty ? String(name) : path + "/" + name)
            children[name] = created
            return created
        }

        /// Empty, `.`, `..`, `__MACOSX` and AppleDouble (`._x`) names; also a file
        /// name that is empty, i.e. a folder entry ending in `/`.
        static func isIgnored(_ component: Substring) -> Bool {
            component.isEmpty || component == "." || component == ".." || component == "__MACOSX" || component.hasPrefix("._")
        }
    }

    /// The folders of a package, also indexed by full path so that adding the
    /// folder of a file is one lookup when the folder is already known.
    private final class FolderTree {
        let root = Folder(path: "")
        /// Stands for every folder under an ignored name; never part of the tree.
        private let ignored = Folder(path: "")
        private var known: [Substring: Folder] = [:]

        /// Adds the folder at `path` and those above it, and returns it; ignored names cut off the
        /// branch (their folder is a stand-in outside the tree).
        @discardableResult
        func addFolder(_ path: Substring) -> Folder {
            if let existing = known[path] { return existing }
            var missing: [Substring] = [path]
            var parent = root
            var current = path
            while let slash = current.lastSlash {
                current = current[..<slash]
                if let existing = known[current] {
                    parent = existing
                    break
                }
                missing.append(current)
            }
            for folderPath in missing.reversed() {
                let name = folderPath.lastSlash.map { folderPath[folderPath.utf8.index(after: $0)...] } ?? folderPath
                parent = parent === ignored || Folder.isIgnored(name) ? ignored : parent.child(name)
                known[folderPath] = parent
            }
            return parent
        }
    }

    /// A folder of a layout's root where bundles of one kind sit: `PlugIns`, or `Library/LoginItems`.
    private struct Slot {
        /// Path below the root; `*` stands for every folder there that no other slot names.
        let folder: [Substring]
        let suffix: String
        let kind: BundleKind

        init(_ folder: String, _ suffix: String, _ kind: BundleKind) {
            self.folder = folder.split(separator: "/")
            self.suffix = suffix
            self.kind = kind
        }

        func containers(in root: Folder) -> [Folder] {
            var current = [root]
            for name in folder {
                current = current.flatMap { folder -> [Folder] in
                    guard name == "*" else { return folder.children[name].map { [$0] } ?? [] }
                    return folder.children.values.filter { !BundleLocator.namedLibraryFolders.contains($0.name) }
                }
            }
            return current
        }
    }

    private static let slotsInEveryBundle = [
        Slot("PlugIns", ".appex", .appex),
        Slot("Extensions", ".appex", .appex),
        Slot("Frameworks", ".framework", .framework),
    ]

    private static let slotsInApps =
        slotsInEveryBundle + [
            Slot("Watch", ".app", .watchApp),
            Slot("AppClips", ".app", .appClip),
        ]

    /// Apple's "Placing content in a bundle": where a Mac bundle's nested code goes.
    private static let slotsInMacBundles =
        slotsInEveryBundle + [
            Slot("XPCServices", ".xpc", .xpcService),
            Slot("Library/LoginItems", ".app", .loginItem),
            Slot("Library/SystemExtensions", ".systemextension", .systemExtension),
            Slot("Helpers", ".app", .helper),
            // Electron and Chromium keep their helper apps beside their frameworks.
            Slot("Frameworks", ".app", .helper),
            Slot("MacOS", ".app", .helper),
            Slot("Library/*", ".app", .helper),
        ]

    /// The `Library/` folders that have a slot of their own.
    fileprivate static let namedLibraryFolders: Set<Substring> = ["LoginItems", "SystemExtensions"]

    /// A versioned framework may also keep helper apps at its version's top (Sparkle's `Updater.app`).
    private static let slotsInVersionedFrameworks = slotsInMacBundles + [Slot("", ".app", .helper)]

    private static func nestedSlots(of kind: BundleKind, layout: BundleLayout) -> [Slot] {
        if layout.style == .versionedFramework { return slotsInVersionedFrameworks }
        if layout.isMac { return slotsInMacBundles }
        return kind == .app ? slotsInApps : slotsInEveryBundle
    }

    /// The bundle's layout, and the folder its nested bundles are looked for in. A bundle with
    /// an Info.plist at its top is flat whatever folders it holds (an iOS app may well have a
    /// `Contents` folder of its own); the Mac's layout needs `Contents/Info.plist` or
    /// `Contents/MacOS/`.
    private static func layoutOf(_ folder: Folder, kind: BundleKind, links: [String: String]) -> (BundleLayout, Folder) {
        guard !folder.holdsInfoPlist else { return (BundleLayout(style: .flat, bundlePath: folder.path), folder) }
        if let contents = folder.children["Contents"], contents.holdsInfoPlist || contents.children["MacOS"] != nil {
            return (BundleLayout(style: .contents, bundlePath: folder.path), contents)
        }
        if kind == .framework, let versions = folder.children["Versions"], let version = currentVersion(of: versions, links: links) {
            return (BundleLayout(style: .versionedFramework, bundlePath: folder.path, version: String(version.name)), version)
        }
        return (BundleLayout(style: .flat, bundlePath: folder.path), folder)
    }

    /// The folder `Versions/Current` links to when it names one beside it (`A`, or `./A`);
    /// otherwise the only version, else `A`, else the first by name. A link that leads
    /// elsewhere is not followed (zip-entry-unsafe-name reports one that leaves the bundle).
    private static func currentVersion(of versions: Folder, links: [String: String]) -> Folder? {
        if let target = links[versions.path + "/Current"] {
            let name = target.hasPrefix("./") ? Substring(target.dropFirst(2)) : Substring(target)
            if !name.contains("/"), let folder = versions.children[name] { return folder }
        }
        if versions.children.count == 1 { return versions.onlyChild }
        return versions.children["A"] ?? versions.children.values.min { $0.name < $1.name }
    }

    /// The package form if `base` is a package root, with its top-level apps.
    private static func packageForm(at base: Folder, isInstallerPackage: Bool) -> (InputKind, [Folder])? {
        if isInstallerPackage {
            // Each component's payload (`X.pkg/Payload`, or `Payload` for a component package)
            // installs its apps at its install location: the payload's top folders.
            let components = base.children.values.filter { isBundle($0.name, ".pkg") }
            let payloads: [Folder] = [base.children["Payload"]].compactMap { $0 } + components.compactMap { $0.children["Payload"] }
            return (.installerPackage, payloads.flatMap { Self.apps(under: $0) })
        }
        if let payload = base.children["Payload"] {
            return (.ipa, apps(under: payload))
        }
        if let applications = base.children["Products"]?.children["Applications"] {
            return (.xcarchive, apps(under: applications))
        }
        let apps = base.children.values.filter { isBundle($0.name, ".app") }
        return apps.isEmpty ? nil : (.app, apps)
    }

    /// `.app` folders at any depth under `folder`, not looking inside any bundle.
    private static func apps(under folder: Folder) -> [Folder] {
        var apps: [Folder] = []
        var pending = [folder]
        while let current = pending.popLast() {
            for child in current.children.values {
                if isBundle(child.name, ".app") {
                    apps.append(child)
                } else if !isBundle(child.name, ".appex") && !isBundle(child.name, ".framework") {
                    pending.append(child)
                }
            }
        }
        return apps
    }

    private static func isBundle(_ name: Substring, _ suffix: String) -> Bool {
        name.count > suffix.count && name.hasSuffix(suffix)
    }
}

/// Where a bundle sits in a package, found from file paths alone.
package struct BundleLocation: Sendable, Hashable {
    /// Folder path relative to the package root, e.g. `Payload/X.app/PlugIns/S.appex`.
    package let path: String
    package let kind: BundleKind
    /// Path of the directly containing bundle; nil for a top-level app.
    package let parent: String?
    package let layout: BundleLayout

    package init(path: String, kind: BundleKind, parent: String?, layout: BundleLayout? = nil) {
        self.path = path
        self.kind = kind
        self.parent = parent
        self.layout = layout ?? .flat(path)
    }
}

/// What kind of package an input holds.
public enum InputKind: String, Sendable, Hashable, CaseIterable {
    /// An IPA (or any zip) with a `Payload/` folder.
    case ipa
    /// An Xcode archive, as a directory or zipped.
    case xcarchive
    /// A bare `.app` bundle, as a directory or zipped.
    case app
    /// A macOS installer package (`.pkg`): apps in its components' payloads.
    case installerPackage = "pkg"
}
