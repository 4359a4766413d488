import Foundation

/// The xar table of contents, read and checked before libarchive is given the file: each
/// member's path, type and place in the heap, the heap's checksum, and the signatures with
/// their certificates (libarchive reads members but says nothing of signatures).
///
/// Checked here: every count and the nesting against `InstallerPackageLimits`, every heap
/// range inside the file, and no two ranges overlapping (a member whose data is another's, or
/// the signature's, is a crafted archive).
struct XarTableOfContents: Sendable {
    struct Member: Sendable, Equatable {
        /// Joined from the `<name>`s of the enclosing `<file>`s with `/`, exactly as written.
        let path: String
        let type: String
        /// Where its data sits, relative to the heap; nil for folders and empty files.
        let data: HeapRange?
        /// The inflated size the table states.
        let size: UInt64
        /// `application/octet-stream`, `application/x-gzip`, …
        let encoding: String?

        var isFile: Bool { type == "file" }
    }

    struct HeapRange: Sendable, Equatable {
        let offset: UInt64
        let length: UInt64
    }

    /// A `<signature>` (style `RSA`: over the checksum, with a certificate chain) or an
    /// `<x-signature>` (style `CMS`, which productsign adds).
    struct Signature: Sendable, Equatable {
        let element: String
        let style: String
        let range: HeapRange
        /// DER, in the order the `X509Data` lists them (the signer first).
        let certificates: [[UInt8]]
    }

    let members: [Member]
    let checksumStyle: String?
    let checksum: HeapRange?
    let signatures: [Signature]
    let creationTime: String?

    init(xml bytes: [UInt8], heapLength: UInt64, limits: InstallerPackageLimits) throws(InstallerPackageError) {
        let root: XMLElement
        do throws(XMLTreeReader.Failure) {
            root = try XMLTreeReader.read(
                bytes,
                limits: XMLTreeLimits(
                    maxBytes: limits.maxTOCBytes, maxElements: limits.maxMembers * 24 + 64, maxDepth: limits.maxMemberDepth * 2 + 8
                ))
        } catch {
            throw .malformed("the table of contents is not well-formed xml: \(error)")
        }
        guard root.name == "xar", let toc = root.child("toc") else {
            throw .malformed("the table of contents has no <xar><toc>")
        }
        creationTime = toc.child("creation-time")?.trimmedText
        var ranges: [(what: String, range: HeapRange)] = []
        func range(of element: XMLElement, what: String) throws(InstallerPackageError) -> HeapRange {
            guard let offset = element.child("offset").flatMap({ UInt64($0.trimmedText) }) else {
                throw .malformed("\(what) has no valid <offset>")
            }
            let lengthElement = element.child("length") ?? element.child("size")
            guard let length = lengthElement.flatMap({ UInt64($0.trimmedText) }) else {
                throw .malformed("\(what) has no valid <length>")
            }
            guard offset <= heapLength, length <= heapLength - offset else {
                throw .malformed("\(what) lies at heap offset \(offset), \(length) bytes, past the heap's \(heapLength) bytes")
            }
            let found = HeapRange(offset: offset, length: length)
            ranges.append((what, found))
            return found
        }

        let checksumElement = toc.child("checksum")
        checksumStyle = checksumElement?.attribute("style")
        checksum = try checksumElement.map { element throws(InstallerPackageError) in try range(of: element, what: "the checksum") }

        var signatures: [Signature] = []
        for element in toc.children where element.name == "signature" || element.name == "x-signature" {
            let style = element.attribute("style") ?? ""
            let certificates = element.descendants(named: "X509Certificate").compactMap { certificate in
                Data(base64Encoded: certificate.text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
            }
            signatures.append(
                Signature(
                    element: element.name, style: style, range: try range(of: element, what: "the <\(element.name)>"), certificates: certificates
                ))
        }
        self.signatures = signatures

        var members: [Member] = []
        var pending: [(element: XMLElement, parent: String, depth: Int)] = toc.children(named: "file").reversed().map { ($0, "", 1) }
        while let (element, parent, depth) = pending.popLast() {
            guard depth <= limits.maxMemberDepth else {
                throw .limit("members nested deeper than \(limits.maxMemberDepth)")
            }
            guard members.count < limits.maxMembers else {
                throw .limit("the table of contents lists more than \(limits.maxMembers) members")
            }
            let name = element.child("name")?.text ?? ""
            let path = parent.isEmpty ? name : parent + "/" + name
            let type = element.child("type")?.trimmedText ?? "file"
            var data: HeapRange?
            var size: UInt64 = 0
            var encoding: String?
            if let dataElement = element.child("data") {
                data = try range(of: dataElement, what: "the data of \(path)")
                guard let declared = dataElement.child("size").flatMap({ UInt64($0.trimmedText) }) else {
                    throw .malformed("the data of \(path) has no valid <size>")
                }
                size = declared
                encoding = dataElement.child("encoding")?.attribute("style")
            }
            members.append(Member(path: path, type: type, data: data, size: size, encoding: encoding))
            pending += element.children(named: "file").reversed().map { ($0, path, depth + 1) }
        }
        self.members = members

        // Zero-length ranges hold nothing and may sit anywhere.
        let sorted = ranges.filter { $0.range.length > 0 }.sorted { $0.range.offset < $1.range.offset }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.range.offset + earlier.range.length > later.range.offset {
            throw .malformed("\(earlier.what) and \(later.what) overlap in the heap")
        }
    }
}
