import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `--format cyclonedx`: a CycloneDX 1.6 JSON bill of materials of one package.
///
/// The package is the metadata component; each bundle and loose library is a component
/// (`ShippedComponent`), with the executable's SHA-256 as its hash and the signer's
/// organisation as its supplier; a listed SDK's vendor is its publisher; what the package
/// nests is the dependency graph. No `purl`: nothing in a built bundle states a package
/// manager's identity (CocoaPods' `org.cocoapods.<name>` names the product, not the pod).
/// No serial number either: CycloneDX asks for a new one each time a BOM is made, and the
/// same package must give the same document.
public struct CycloneDXReporter: PerInputReporter {
    /// When the document says it was made.
    let created: Date

    public init(created: Date) {
        self.created = created
    }

    /// The metadata component's reference.
    static let packageReference = "bundlecheck:package"

    public func render(_ input: InputReport, toolVersion: String) -> String {
        JSONWriter().string(from: document(for: input, toolVersion: toolVersion))
    }

    package func document(for input: InputReport, toolVersion: String) -> JSONValue {
        let components = ShippedComponent.components(of: input)
        return [
            "$schema": "http://cyclonedx.org/schema/bom-1.6.schema.json",
            "bomFormat": "CycloneDX",
            "specVersion": "1.6",
            "version": 1,
            "metadata": [
                "timestamp": .string(created.formatted(.iso8601)),
                "tools": ["components": [["type": "application", "name": "bundlecheck", "version": .string(toolVersion)]]],
                "component": packageComponent(input, components: components),
            ],
            "components": .array(components.map(component)),
            "dependencies": .array(dependencies(components)),
        ]
    }

    private func packageComponent(_ input: InputReport, components: [ShippedComponent]) -> JSONValue {
        var members: [JSONValue.Member] = [
            JSONValue.Member("type", "application"), JSONValue.Member("bom-ref", .string(Self.packageReference)),
            JSONValue.Member("name", .string(PackagePath.name(input.path))),
        ]
        // The package's version is its app's: the first top-level application bundle's.
        if let app = components.first(where: { $0.parent == nil && $0.isApplication }), let version = app.version {
            members.append(JSONValue.Member("version", .string(version)))
        }
        var facts = [("bundlecheck:input", input.path)]
        if let kind = input.kind { facts.append(("bundlecheck:input-kind", kind.rawValue)) }
        if let error = input.error { facts.append(("bundlecheck:error", error.description)) }
        members.append(JSONValue.Member("properties", properties(facts)))
        return .object(members)
    }

    private func component(_ component: ShippedComponent) -> JSONValue {
        var members: [JSONValue.Member] = [
            JSONValue.Member("type", .string(component.cycloneDXType)), JSONValue.Member("bom-ref", .string(component.reference)),
        ]
        if let organization = component.signerOrganization {
            members.append(JSONValue.Member("supplier", ["name": .string(organization)]))
        }
        if let vendor = component.listedSDK?.vendor {
            members.append(JSONValue.Member("publisher", .string(vendor)))
        }
        members.append(JSONValue.Member("name", .string(component.name)))
        if let version = component.version {
            members.append(JSONValue.Member("version", .string(version)))
        }
        if let sha256 = component.sha256 {
            members.append(JSONValue.Member("hashes", [["alg": "SHA-256", "content": .string(sha256)]]))
        }
        members.append(JSONValue.Member("properties", properties(component.facts)))
        return .object(members)
    }

    private func properties(_ facts: [(name: String, value: String)]) -> JSONValue {
        .array(facts.map { ["name": .string($0.name), "value": .string($0.value)] })
    }

    /// The package holds its top-level bundles; each bundle what is nested directly in it.
    private func dependencies(_ components: [ShippedComponent]) -> [JSONValue] {
        func entry(_ reference: String, _ children: [ShippedComponent]) -> JSONValue {
            ["ref": .string(reference), "dependsOn": .array(children.map { .string($0.reference) })]
        }
        let children = Dictionary(grouping: components, by: { $0.parent ?? Self.packageReference })
        return ([Self.packageReference] + components.map(\.reference)).map { entry($0, children[$0] ?? []) }
    }
}

extension ShippedComponent {
    /// CycloneDX's component type: programs of their own and extensions are applications.
    var cycloneDXType: String {
        switch kind {
        case .bundle(.framework): "framework"
        case .bundle: "application"
        case .library: "library"
        }
    }

    /// An app, watch app, App Clip, login item or helper, not code loaded into another.
    var isApplication: Bool {
        if case .bundle(let kind) = kind { return kind.isApplication }
        return false
    }
}
