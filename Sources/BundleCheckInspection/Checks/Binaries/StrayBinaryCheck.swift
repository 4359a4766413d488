import BundleCheckFormats
import BundleCheckModel

/// `stray-binary` (ITMS-90171): a Mach-O file inside an app that is neither a bundle's executable
/// nor a library in a Frameworks folder. Apple: "apps cannot contain standalone executables or
/// libraries other than a valid CFBundleExecutable of supported bundles". A Mac bundle may also
/// hold helper tools and loadable code, in the folders Apple's "Placing content in a bundle"
/// names for code (`macCodeFolders`); elsewhere (in `Resources/`, beside `Contents/`) a Mach-O
/// file is as stray as in an iOS app.
struct StrayBinaryCheck: Check {
    let id = "stray-binary"
    /// Only these are read: executables have no extension; libraries end so. Resources
    /// (images, nibs, plists) are never opened, which keeps large packages fast.
    static let candidateExtensions: Set<String> = ["", "dylib", "so", "bundle", "o", "a"]

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let executables = Set(context.bundles.compactMap { $0.signing?.executablePath })
        // A bundle whose CFBundleExecutable is an unexpanded `$(VAR)` has an executable nobody can
        // name: unexpanded-variable reports that, so its top-level Mach-O files are not strays.
        let unnamed = Set(context.bundles.filter { $0.executable.map(UnexpandedVariable.occurs(in:)) ?? false }.map(\.path))
        // A Debug build's dylibs are debug-build's one finding per bundle.
        let debugDylibs = context.runs(DebugBuildCheck.ruleID) ? Set(context.bundles.flatMap { DebugBuilds.shipped.dylibs(of: $0, paths: context.paths) }) : []
        return context.bundles.filter { $0.parent == nil }.flatMap { app -> [Finding] in
            context.paths.files(under: app.path, whereName: Self.isCandidate(name:)).compactMap { entry -> Finding? in
                let path = entry.path
                guard !executables.contains(path), !debugDylibs.contains(path), unnamed.isEmpty || !unnamed.contains(Self.folder(of: path)),
                    !Self.isAllowed(path, in: context.owner(of: path) ?? app),
                    let magic = context.prefix(of: path, count: 4), MachOReader.startsLikeMachO(magic)
                else { return nil }
                let owner = context.owner(of: path) ?? app
                return rule.finding(Self.stray(path, owner), at: owner.location(file: path), identity: path)
            }
        }
    }

    /// `Payload/X.app` for `Payload/X.app/X`.
    static func folder(of path: String) -> String {
        path.lastSlash.map { String(path[..<$0]) } ?? ""
    }

    /// Whether a file of this name (UTF-8) may be a binary: no extension (a leading dot is not
    /// one), or one of `candidateExtensions` in any case. Runs for every file of the app, so an
    /// ASCII extension is compared as bytes; any other is lowercased as a `String`.
    static func isCandidate(name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return true }
        let suffix = name[(dot + 1)...]
        guard suffix.allSatisfy({ $0 < 0x80 }) else {
            return candidateExtensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
        }
        return candidateExtensionBytes.contains { candidate in
            candidate.count == suffix.count && zip(candidate, suffix).allSatisfy { $0 == Self.asciiLowercased($1) }
        }
    }

    private static let candidateExtensionBytes = candidateExtensions.map { Array($0.utf8) }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The folders of a Mac bundle's `Contents/` (or a versioned framework's `Versions/A/`) where
    /// code may sit: helper tools, libraries, plug-ins and the bundles that hold them.
    /// `Libraries` is where Chromium-based frameworks keep their dylibs (Electron Framework's
    /// `Versions/A/Libraries/libEGL.dylib`, accepted by App Store Connect).
    static let macCodeFolders: Set<Substring> = ["MacOS", "Helpers", "Frameworks", "PlugIns", "Library", "XPCServices", "Extensions", "Libraries"]

    /// Libraries in a Frameworks folder, the watch app stub, what dSYMs hold (their own rule),
    /// and in a Mac bundle (`owner`, the innermost bundle holding the file) the code folders.
    static func isAllowed(_ path: String, in owner: InspectedBundle) -> Bool {
        if owner.layout.isMac, let relative = owner.layout.relativeToRoot(path) {
            // A versioned framework may keep a tool at its version's top (Sparkle's `Autoupdate`).
            if !relative.contains("/") { return owner.layout.style == .versionedFramework }
            if let folder = relative.split(separator: "/").first, macCodeFolders.contains(folder) { return true }
        }
        let components = path.split(separator: "/")
        if path.hasSuffix(".dylib"), components.dropLast().last == "Frameworks" { return true }
        if components.suffix(2) == ["_WatchKitStub", "WK"] { return true }
        return components.contains { $0.hasSuffix(".dSYM") }
    }
}

extension StrayBinaryCheck {
    static func stray(_ path: String, _ bundle: InspectedBundle) -> String {
        // Its path within the bundle, so that one in a nested folder is found at once.
        let name = path.hasPrefix(bundle.path + "/") ? String(path.dropFirst(bundle.path.count + 1)) : PackagePath.name(path)
        return
            "\(name) in \(bundle.name) is a Mach-O binary that is neither a bundle's executable nor a library in Frameworks; Apple rejects standalone executables, so remove it or embed it as a framework"
    }
}
