import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `--format spdx`: the facts of the CycloneDX document as SPDX 2.3 JSON.
///
/// The package file is one SPDX package the document describes; each bundle and loose library
/// another, which its holder `CONTAINS`. A package's checksum is its executable's SHA-256 (the
/// comment says so), the signer's organisation its supplier, a listed SDK's vendor its
/// originator; licences are NOASSERTION, since a built bundle does not state them.
public struct SPDXReporter: PerInputReporter {
    let created: Date

    public init(created: Date) {
        self.created = created
    }

    public func render(_ input: InputReport, toolVersion: String) -> String {
        JSONWriter().string(from: document(for: input, toolVersion: toolVersion))
    }

    package func document(for input: InputReport, toolVersion: String) -> JSONValue {
        let components = ShippedComponent.components(of: input)
        let identifiers = Self.identifiers(components)
        let packageID = "SPDXRef-Package"
        let name = PackagePath.name(input.path)
        var relationships: [JSONValue] = [relationship("SPDXRef-DOCUMENT", "DESCRIBES", packageID)]
        for component in components {
            let holder = component.parent.flatMap { identifiers[$0] } ?? packageID
            relationships.append(relationship(holder, "CONTAINS", identifiers[component.reference] ?? packageID))
        }
        var inputFacts = [(name: "bundlecheck:input", value: input.path)]
        if let error = input.error { inputFacts.append(("bundlecheck:error", error.description)) }
        let inputPackage: JSONValue = [
            "SPDXID": .string(packageID), "name": .string(name), "packageFileName": .string(name),
            "downloadLocation": "NOASSERTION", "filesAnalyzed": false,
            "licenseConcluded": "NOASSERTION", "licenseDeclared": "NOASSERTION", "copyrightText": "NOASSERTION",
            "primaryPackagePurpose": "ARCHIVE", "comment": .string(Self.comment(inputFacts)),
        ]
        return [
            "spdxVersion": "SPDX-2.3",
            "dataLicense": "CC0-1.0",
            "SPDXID": "SPDXRef-DOCUMENT",
            "name": .string(name),
            "documentNamespace": .string(namespace(name: name, components: components, toolVersion: toolVersion)),
            "creationInfo": [
                "created": .string(created.formatted(.iso8601)),
                "creators": [.string("Tool: bundlecheck-\(toolVersion)")],
            ],
            "packages": .array([inputPackage] + components.map { package($0, id: identifiers[$0.reference] ?? packageID) }),
            "relationships": .array(relationships),
        ]
    }

    private func package(_ component: ShippedComponent, id: String) -> JSONValue {
        var members: [JSONValue.Member] = [
            JSONValue.Member("SPDXID", .string(id)), JSONValue.Member("name", .string(component.name)),
        ]
        if let version = component.version { members.append(JSONValue.Member("versionInfo", .string(version))) }
        members.append(JSONValue.Member("packageFileName", .string(component.path)))
        if let organization = component.signerOrganization.flatMap(Self.organization) {
            members.append(JSONValue.Member("supplier", .string(organization)))
        }
        if let vendor = component.listedSDK?.vendor.flatMap(Self.organization) {
            members.append(JSONValue.Member("originator", .string(vendor)))
        }
        members += [
            JSONValue.Member("downloadLocation", "NOASSERTION"), JSONValue.Member("filesAnalyzed", false),
        ]
        if let sha256 = component.sha256 {
            members.append(JSONValue.Member("checksums", [["algorithm": "SHA256", "checksumValue": .string(sha256)]]))
        }
        members += [
            JSONValue.Member("licenseConcluded", "NOASSERTION"), JSONValue.Member("licenseDeclared", "NOASSERTION"),
            JSONValue.Member("copyrightText", "NOASSERTION"), JSONValue.Member("primaryPackagePurpose", .string(component.spdxPurpose)),
        ]
        var facts = component.facts
        if component.sha256 != nil, let executable = component.executablePath {
            facts.insert(("bundlecheck:checksum-of", executable), at: 0)
        }
        members.append(JSONValue.Member("comment", .string(Self.comment(facts))))
        return .object(members)
    }

    private func relationship(_ element: String, _ type: String, _ related: String) -> JSONValue {
        ["spdxElementId": .string(element), "relationshipType": .string(type), "relatedSpdxElement": .string(related)]
    }

    /// The facts no SPDX field holds, a line each; a value's own line breaks are escaped, so
    /// a string from the package cannot add a line that looks like another fact.
    private static func comment(_ facts: [(name: String, value: String)]) -> String {
        facts.map { "\($0.name): \(ReportText.printable($0.value))" }.joined(separator: "\n")
    }

    /// `Organization: NAME`, as SPDX writes an actor. The certificate's O field comes from the
    /// package: SPDX reads `NAME (EMAIL)` out of parentheses and one line only, so those are
    /// written as brackets and escapes; nil for a name with nothing left to say.
    static func organization(_ name: String) -> String? {
        let cleaned = ReportText.printable(name).replacingOccurrences(of: "(", with: "[").replacingOccurrences(of: ")", with: "]")
            .trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? nil : "Organization: \(cleaned)"
    }

    /// `SPDXRef-<n>-<name>`: SPDX identifiers allow letters, digits, `.` and `-` only.
    static func identifiers(_ components: [ShippedComponent]) -> [String: String] {
        var identifiers: [String: String] = [:]
        for (index, component) in components.enumerated() {
            let name = String(
                component.name.unicodeScalars.map {
                    $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "." || $0 == "-") ? Character($0) : "-"
                })
            identifiers[component.reference] = "SPDXRef-\(index + 1)-\(name)"
        }
        return identifiers
    }

    /// A URI unique to this document: the package's name and a UUID drawn from what it lists
    /// and when, so the same run gives the same namespace and another build or moment another.
    private func namespace(name: String, components: [ShippedComponent], toolVersion: String) -> String {
        let seed = ([name, toolVersion, created.formatted(.iso8601)] + components.map { "\($0.reference) \($0.sha256 ?? "")" }).joined(separator: "\n")
        var bytes = Array(((try? Digest.hash(Array(seed.utf8), .sha256)) ?? [UInt8](repeating: 0, count: 32)).prefix(16))
        // A name-based UUID: version 5's bits (RFC 9562), a SHA-256 rather than SHA-1 underneath.
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Hex.lowercase(bytes)
        let uuid = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)].joined(
            separator: "-")
        let safeName = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "#"))) ?? "package"
        return "https://spdx.org/spdxdocs/bundlecheck-\(safeName)-\(uuid)"
    }
}

extension ShippedComponent {
    /// SPDX's primary package purpose: the same three words as CycloneDX's type, as SPDX spells them.
    var spdxPurpose: String {
        cycloneDXType.uppercased()
    }
}
