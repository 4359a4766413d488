import BundleCheckFormats
import Foundation

/// A macOS installer package (`.pkg`) for fixtures, laid out as Apple's tools write it.
///
/// A product archive (`productbuild --component`, what `xcodebuild -exportArchive` writes
/// for the Mac App Store) is a xar archive of `<component>.pkg/` holding `Bom`, `Payload` and
/// `PackageInfo`, then any `Resources/`, then the `Distribution` script at the root. A
/// component package (`pkgbuild`) is `Bom`, `Payload` and `PackageInfo` at the root, with no
/// Distribution. Signed, it carries productsign's RSA and CMS signatures with the chain.
///
/// `files` are the payload's, from the install location: `PaiNotes.app/Contents/Info.plist`,
/// the paths the zip writer takes for a zipped app.
public struct FixtureInstallerPackage: Sendable {
    public enum Shape: Sendable, Hashable {
        /// productbuild's product archive: a component folder and a Distribution.
        case productArchive
        /// pkgbuild's component package alone.
        case componentPackage
    }

    public var files: [FixtureFile]
    /// The app's name without `.app`: the bundle at `./<appName>.app` in the payload.
    public var appName: String
    public var bundleIdentifier: String
    public var shortVersion: String
    public var bundleVersion: String
    /// The component's identifier (PackageInfo's, the Distribution's pkg-ref); nil: the bundle identifier, as productbuild takes it.
    public var packageIdentifier: String?
    /// The component's folder in a product archive; nil: `<appName>.pkg`.
    public var componentName: String?
    public var installLocation: String = "/Applications"
    /// The Distribution's `hostArchitectures`; empty leaves the attribute out.
    public var hostArchitectures: [String] = ["arm64", "x86_64"]
    /// The Distribution's `allowed-os-versions` minimum (the app's LSMinimumSystemVersion); nil leaves it out.
    public var minimumSystemVersion: String? = "13.0"
    /// The component's bill of materials, as given (empty by default).
    public var bom: [UInt8] = []
    public var payload: InstallerPayload = .gzipCpio
    public var shape: Shape = .productArchive
    /// Files under `Resources/` at the root of a product archive (paths without the `Resources/` prefix).
    public var resources: [FixtureFile] = []
    /// Written as the xar signature; nil leaves the package unsigned.
    public var signature: XarWriter.Signature?
    public var hostile = XarWriter.Hostile()

    public init(files: [FixtureFile], appName: String, bundleIdentifier: String, shortVersion: String, bundleVersion: String) {
        self.files = files
        self.appName = appName
        self.bundleIdentifier = bundleIdentifier
        self.shortVersion = shortVersion
        self.bundleVersion = bundleVersion
    }

    /// Signs as productsign does with `leaf`: the leaf, its intermediate and Apple's root in both signatures.
    public mutating func sign(with leaf: FixtureCertificate) {
        signature = XarWriter.Signature(certificates: leaf.installerChain)
    }

    public var resolvedPackageIdentifier: String { packageIdentifier ?? bundleIdentifier }
    public var resolvedComponentName: String { componentName ?? appName + ".pkg" }

    /// The payload's cpio archive as pkgbuild lays it out.
    public var payloadArchive: CpioWriter { InstallerPayload.cpio(of: files) }

    /// The `Payload` member's bytes.
    public func payloadBytes() throws -> [UInt8] {
        switch payload {
        case .gzipCpio: try ZlibCompressor.compress(payloadArchive.bytes(), format: .gzip)
        case .rawCpio: payloadArchive.bytes()
        case .custom(let bytes): bytes
        }
    }

    /// The payload's size as PackageInfo and the Distribution state it: every file's and
    /// link's bytes, each rounded up to a whole KiB.
    public var installKBytes: Int {
        files.filter { !$0.isFolder }.reduce(0) { $0 + ($1.contents.count + 1023) / 1024 }
    }

    /// PackageInfo, as pkgbuild writes it for an app bundle.
    public var packageInfo: String {
        let identifier = XMLText.escaped(resolvedPackageIdentifier)
        let bundle = XMLText.escaped(bundleIdentifier)
        var xml = XMLText(indent: "    ")
        xml.line(0, "<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        xml.line(
            0,
            "<pkg-info overwrite-permissions=\"true\" relocatable=\"false\" identifier=\"\(identifier)\""
                + " postinstall-action=\"none\" version=\"\(XMLText.escaped(shortVersion))\" format-version=\"2\""
                + " install-location=\"\(XMLText.escaped(installLocation))\" auth=\"root\">")
        xml.line(1, "<payload numberOfFiles=\"\(payloadArchive.entries.count)\" installKBytes=\"\(installKBytes)\"/>")
        xml.line(
            1,
            "<bundle path=\"./\(XMLText.escaped(appName)).app\" id=\"\(bundle)\""
                + " CFBundleShortVersionString=\"\(XMLText.escaped(shortVersion))\" CFBundleVersion=\"\(XMLText.escaped(bundleVersion))\"/>")
        for element in ["bundle-version", "upgrade-bundle"] {
            xml.line(1, "<\(element)>")
            xml.line(2, "<bundle id=\"\(bundle)\"/>")
            xml.line(1, "</\(element)>")
        }
        xml.line(1, "<update-bundle/>")
        xml.line(1, "<atomic-update-bundle/>")
        xml.line(1, "<strict-identifier>")
        xml.line(2, "<bundle id=\"\(bundle)\"/>")
        xml.line(1, "</strict-identifier>")
        xml.line(1, "<relocate>")
        xml.line(2, "<bundle id=\"\(bundle)\"/>")
        xml.line(1, "</relocate>")
        xml.line(0, "</pkg-info>")
        return xml.text
    }

    /// The Distribution script productbuild writes for one app component (`--component`).
    public var distribution: String {
        let identifier = XMLText.escaped(resolvedPackageIdentifier)
        let title = XMLText.escaped(appName)
        let version = XMLText.escaped(shortVersion)
        var xml = XMLText(indent: "    ")
        xml.line(0, "<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        xml.line(0, "<installer-gui-script minSpecVersion=\"1\">")
        xml.line(1, "<pkg-ref id=\"\(identifier)\">")
        xml.line(2, "<bundle-version>")
        xml.line(
            3,
            "<bundle CFBundleShortVersionString=\"\(version)\" CFBundleVersion=\"\(XMLText.escaped(bundleVersion))\""
                + " id=\"\(XMLText.escaped(bundleIdentifier))\" path=\"\(title).app\"/>")
        xml.line(2, "</bundle-version>")
        xml.line(1, "</pkg-ref>")
        xml.line(1, "<product id=\"\(XMLText.escaped(bundleIdentifier))\" version=\"\(version)\"/>")
        xml.line(1, "<title>\(title)</title>")
        let architectures =
            hostArchitectures.isEmpty
            ? "" : " hostArchitectures=\"\(XMLText.escaped(hostArchitectures.joined(separator: ",")))\""
        xml.line(1, "<options customize=\"never\" require-scripts=\"false\"\(architectures)/>")
        if let minimumSystemVersion {
            xml.line(1, "<volume-check>")
            xml.line(2, "<allowed-os-versions>")
            xml.line(3, "<os-version min=\"\(XMLText.escaped(minimumSystemVersion))\"/>")
            xml.line(2, "</allowed-os-versions>")
            xml.line(1, "</volume-check>")
        }
        xml.line(1, "<choices-outline>")
        xml.line(2, "<line choice=\"default\">")
        xml.line(3, "<line choice=\"\(identifier)\"/>")
        xml.line(2, "</line>")
        xml.line(1, "</choices-outline>")
        xml.line(1, "<choice id=\"default\" title=\"\(title)\" versStr=\"\(version)\"/>")
        xml.line(1, "<choice id=\"\(identifier)\" title=\"\(title)\" visible=\"false\" customLocation=\"\(XMLText.escaped(installLocation))\">")
        xml.line(2, "<pkg-ref id=\"\(identifier)\"/>")
        xml.line(1, "</choice>")
        xml.line(
            1,
            "<pkg-ref id=\"\(identifier)\" version=\"\(version)\" onConclusion=\"none\" installKBytes=\"\(installKBytes)\">"
                + "#\(XMLText.escaped(resolvedComponentName))</pkg-ref>")
        xml.line(0, "</installer-gui-script>")
        return xml.text
    }

    /// The xar archive: members in the order Apple's tools write them.
    public func archive() throws -> XarWriter {
        var writer = XarWriter(signature: signature)
        writer.hostile = hostile
        let prefix = shape == .productArchive ? resolvedComponentName + "/" : ""
        writer.addFile(prefix + "Bom", contents: bom)
        writer.addFile(prefix + "Payload", contents: try payloadBytes(), encoding: .stored)
        // productbuild makes PackageInfo and Distribution in memory: no owner, mode or times.
        writer.addFile(prefix + "PackageInfo", contents: Array(packageInfo.utf8), permissions: shape == .productArchive ? nil : 0o644)
        if shape == .productArchive {
            for resource in resources {
                writer.addFile("Resources/" + resource.path, contents: resource.contents)
            }
            writer.addFile("Distribution", contents: Array(distribution.utf8), permissions: nil)
        }
        return writer
    }

    public func bytes() throws -> [UInt8] {
        try archive().bytes()
    }

    public func write(to path: String) throws {
        try archive().write(to: path)
    }
}

extension FixturePackage {
    /// This package's files as the payload of an installer package (paths from the install
    /// location, e.g. `PaiNotes.app/Contents/Info.plist`); adjust the result before writing it.
    public func installerPackage(
        appName: String, bundleIdentifier: String, shortVersion: String, bundleVersion: String, signedBy leaf: FixtureCertificate? = nil
    ) -> FixtureInstallerPackage {
        var package = FixtureInstallerPackage(
            files: files, appName: appName, bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, bundleVersion: bundleVersion)
        if let leaf { package.sign(with: leaf) }
        return package
    }

    /// Writes this package's files as a product archive (`.pkg`) that installs them in `/Applications`.
    public func writeInstallerPackage(
        to path: String, appName: String, bundleIdentifier: String, shortVersion: String, bundleVersion: String,
        signedBy leaf: FixtureCertificate? = nil
    ) throws {
        try installerPackage(
            appName: appName, bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, bundleVersion: bundleVersion, signedBy: leaf
        ).write(to: path)
    }
}
