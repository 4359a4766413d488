import BundleCheckFormats
import BundleCheckModel

/// `zip-entry-unsafe-name`: entry names that reach outside the folder the zip is extracted to,
/// or an installer package's payload is installed into (a `..` component, an absolute path),
/// that mean different paths on different systems (a
/// backslash), and symbolic links whose target leaves the bundle that holds them (in a zip, or
/// in a folder on disk, whose links are read but never followed).
struct ZipEntryUnsafeNameCheck: Check {

    let id = "zip-entry-unsafe-name"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var findings =
            context.storage != .zip
            ? []
            : context.entryNames.compactMap { name -> Finding? in
                guard let problem = Self.problem(ofName: name) else { return nil }
                let location = FindingLocation(bundle: context.owner(of: name)?.path, file: name)
                return rule.finding(Self.unsafe(name, problem), at: location, identity: name)
            }
        // A payload's entries with such names are never listed: the package records them as written.
        for component in context.installerPackage?.components ?? [] {
            for name in component.unsafeNames {
                let problem = Self.problem(ofName: InstallerPackageContents.installedPath(of: name) ?? "") ?? "it names an empty folder component"
                let location = FindingLocation(bundle: nil, file: component.payloadPath)
                findings.append(
                    rule.finding(Self.unsafePayloadEntry(name, component.payloadPath, problem), at: location, identity: component.payloadPath + ":" + name))
            }
        }
        for link in context.symbolicLinks {
            let owner = context.owner(of: link.path)
            guard let escape = Self.escape(of: link, within: owner?.path ?? "") else { continue }
            let location = FindingLocation(bundle: owner?.path, file: link.path)
            findings.append(rule.finding(Self.leavingLink(link, escape, owner), at: location, identity: link.path))
        }
        return findings
    }

    /// What is wrong with an entry name, or nil.
    static func problem(ofName name: String) -> String? {
        if name.hasPrefix("/") { return "it is an absolute path" }
        if name.utf8.contains(UInt8(ascii: "\\")) { return "it holds a backslash, a folder separator on Windows and a plain character elsewhere" }
        if Self.hasParentComponent(name) { return "it climbs out of the folder with '..'" }
        return nil
    }

    /// Whether a component of `name` is `..`, looked for bytewise: this runs on every entry.
    static func hasParentComponent(_ name: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var run = 0
        var onlyDots = true
        for byte in name.utf8 {
            if byte == slash {
                if onlyDots && run == 2 { return true }
                run = 0
                onlyDots = true
            } else {
                run += 1
                onlyDots = onlyDots && byte == dot
            }
        }
        return onlyDots && run == 2
    }

    /// Where the link leads outside `root` (the bundle holding it, or the package root), or nil
    /// when its target stays inside.
    static func escape(of link: ContainerLink, within root: String) -> String? {
        if link.target.hasPrefix("/") { return "an absolute path" }
        // Resolve the target against the link's folder, component by component.
        var resolved = link.path.split(separator: "/").dropLast().map(String.init)
        for component in link.target.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !resolved.isEmpty else { return "a path above the package" }
                resolved.removeLast()
            default: resolved.append(String(component))
            }
        }
        let target = resolved.joined(separator: "/")
        guard !root.isEmpty else { return nil }
        return target == root || target.hasPrefix(root + "/") ? nil : target
    }
}

extension ZipEntryUnsafeNameCheck {
    static func unsafe(_ name: String, _ problem: String) -> String {
        "the zip entry '\(name)' has an unsafe name: \(problem); extracting it writes outside the package or somewhere else than intended"
    }

    static func unsafePayloadEntry(_ name: String, _ payload: String, _ problem: String) -> String {
        "the entry '\(name)' of \(payload) has an unsafe name: \(problem); the installer would write it outside the install location (bundlecheck did not read it)"
    }

    static func leavingLink(_ link: ContainerLink, _ escape: String, _ owner: InspectedBundle?) -> String {
        let bundle = owner.map { "its bundle \($0.name)" } ?? "the package"
        return
            "the symbolic link \(link.path) points to '\(link.target)', which leads out of \(bundle) (to \(escape)); a signed bundle cannot depend on files outside it"
    }
}
