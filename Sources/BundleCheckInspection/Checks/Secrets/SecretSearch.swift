import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Looks for secrets in a package, once a run (`CheckRunMemo`), for `embedded-secret` and
/// `possible-secret` both: the Info.plists already read, every bundle's files (any depth) that
/// `SecretTable` names as candidates, read whole up to a cap, the first bytes of every other
/// small file whose kind is not known to be harmless, and the C strings of the executables
/// that the screen kept (`SecretSearch.evidence`).
struct SecretSearch {
    let table: SecretTable
    let context: CheckContext
    private let scanner: TokenScanner
    private var sightings: [SecretSighting] = []
    private var seen: Set<String> = []
    private var filesRead = 0
    private var bytesRead = 0

    /// Whether a cap stopped the search before it was done (the finding says so).
    private(set) var stoppedBy: String?

    /// What the executables' pass keeps for the search: strings holding a documented prefix or
    /// a private key's PEM line, and strings shaped like a token's partner.
    static func evidence(_ table: SecretTable = .shipped) -> [BinaryMatcher] {
        // A PEM key's label follows `-----BEGIN `; every token is 20 characters or more.
        let needles = NeedleSet(table.allPrefixes + ["PRIVATE KEY-----"], atWordStart: true, minimumLength: 20)
        var matchers = [BinaryMatcher(kind: .string, condition: .containsAny(needles))]
        for partner in table.tokens.compactMap(\.partner) {
            matchers.append(BinaryMatcher(kind: .string, condition: .shaped(lengths: partner.lengths, alphabet: partner.alphabet)))
        }
        return matchers
    }

    /// What an installer package's one pass keeps for the search: the candidate files by name,
    /// and by extension the key files and property lists (not the scripts and JSON files a Mac
    /// app may hold by the thousand).
    static func wholeFiles(_ table: SecretTable = .shipped) -> [WholeFileRead] {
        let limit = table.limits.wholeFileBytes
        return table.candidateNames.sorted().map { WholeFileRead.name($0, limit: limit) }
            + table.installerPackageExtensions.sorted().map { WholeFileRead.suffix("." + $0, limit: limit) }
    }

    static func run(in context: CheckContext, table: SecretTable = .shipped) -> SecretSearch {
        var search = SecretSearch(table: table, context: context, scanner: TokenScanner(table))
        search.searchEverything()
        return search
    }

    private init(table: SecretTable, context: CheckContext, scanner: TokenScanner) {
        self.table = table
        self.context = context
        self.scanner = scanner
    }

    var found: [SecretSighting] { sightings }

    // MARK: - What is searched

    private mutating func searchEverything() {
        for bundle in context.bundles {
            if let document = bundle.infoPlist { searchPropertyList(document.root, lines: document.lines, file: bundle.infoPlistPath) }
            if let signing = bundle.signing, let entitlements = signing.entitlements, let file = signing.entitlementsPath {
                searchPropertyList(.dictionary(entitlements.dictionary), lines: nil, file: file)
            }
            searchExecutable(of: bundle)
        }
        searchFiles()
    }

    private mutating func searchExecutable(of bundle: InspectedBundle) {
        guard let signing = bundle.signing, let executable = signing.executable, let path = signing.executablePath else { return }
        var strings: [String] = []
        var kept: Set<String> = []
        for slice in executable.slices {
            for evidence in slice.evidence where evidence.kind == .string && kept.insert(evidence.value).inserted {
                strings.append(evidence.value)
            }
        }
        guard !strings.isEmpty else { return }
        // The executable is one file: a token's partner may be any of its strings.
        let partners = strings.filter { value in table.tokens.contains { $0.partner.map { Self.isPartner(value, $0) } ?? false } }
        for value in strings {
            searchText(Array(value.utf8), file: path, keyPath: nil, lineOffset: nil, partners: partners)
        }
    }

    /// Every file beneath a bundle: candidates whole, the rest sniffed.
    private mutating func searchFiles() {
        let bundlePaths = context.bundles.map { $0.path + "/" }
        let executables = Set(context.bundles.compactMap { $0.signing?.executablePath })
        for entry in context.paths.entries where !entry.isFolder {
            let path = entry.path
            guard bundlePaths.contains(where: { path.hasPrefix($0) }), !executables.contains(path), !Self.isSigningFile(path) else { continue }
            guard stoppedBy == nil else { return }
            let name = PackagePath.name(path)
            if isCandidate(name) {
                guard let bytes = read(path, count: table.limits.wholeFileBytes) else { continue }
                searchFile(bytes, path: path, name: name)
            } else if sniffs(name), let size = context.size(of: path), size > 0, size <= table.limits.sniffFileBytes {
                guard let bytes = read(path, count: sniffLength) else { continue }
                sniff(bytes, path: path, size: size)
            }
        }
        for folder in context.paths.entries where folder.isFolder && PackagePath.name(folder.path) == ".git" {
            guard bundlePaths.contains(where: { folder.path.hasPrefix($0) }) else { continue }
            record(SecretSighting(kind: table.kind(.gitRepository), file: folder.path, secret: Array(folder.path.utf8), text: nil))
        }
    }

    /// An installer package's pass keeps only the first 64 bytes of the files it does not keep
    /// whole: more would cost a pass a file.
    private var sniffLength: Int {
        context.storage == .installerPackage ? min(table.limits.sniffBytes, 64) : table.limits.sniffBytes
    }

    private mutating func read(_ path: String, count: Int) -> [UInt8]? {
        guard filesRead < table.limits.files, bytesRead < table.limits.bytes else {
            stoppedBy = filesRead >= table.limits.files ? "\(table.limits.files) files" : "\(table.limits.bytes) bytes"
            return nil
        }
        guard let bytes = context.prefix(of: path, count: min(count, table.limits.bytes - bytesRead)) else { return nil }
        filesRead += 1
        bytesRead += bytes.count
        return bytes
    }

    /// The code signature, the profile and the privacy manifest: Apple's formats, public by design.
    private static func isSigningFile(_ path: String) -> Bool {
        path.contains("/_CodeSignature/") || path.contains("/SC_Info/") || path.hasSuffix(".mobileprovision") || path.hasSuffix(".provisionprofile")
            || path.hasSuffix("/" + PrivacyManifest.fileName)
    }

    /// Whether the file is read whole: by name or extension, and in an installer package only
    /// where its pass kept it (`wholeFiles`); a read past that would cost a pass of its own.
    private func isCandidate(_ name: String) -> Bool {
        let extensions = context.storage == .installerPackage ? table.installerPackageExtensions : table.candidateExtensions
        return table.candidateNames.contains(name) || (context.storage != .installerPackage && table.candidateNamePrefixes.contains(where: name.hasPrefix))
            || extensions.contains(Self.fileExtension(name))
    }

    private func sniffs(_ name: String) -> Bool {
        !table.sniffSkippedExtensions.contains(Self.fileExtension(name))
    }

    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    // MARK: - Files

    private mutating func searchFile(_ bytes: [UInt8], path: String, name: String) {
        let ext = Self.fileExtension(name)
        if let container = PrivateKeyRecognizer.recognize(der: bytes) {
            recordKeyFile(container, bytes: bytes, path: path, name: name)
            return
        }
        if bytes.starts(with: Array("bplist00".utf8)) || ext == "plist" {
            if let document = try? PropertyListParser.parse(bytes, file: path) {
                searchPropertyList(document.root, lines: document.lines, file: path)
                return
            }
        }
        if ext == "json" || name == "credentials" || bytes.first == UInt8(ascii: "{") {
            if let json = try? JSONParser().parse(bytes) {
                searchJSON(json, file: path)
                return
            }
        }
        searchCredentialFile(bytes, path: path, name: name)
        searchText(bytes, file: path, keyPath: nil, lineOffset: 0, partners: nil, fileName: name)
    }

    /// The first bytes of a file whose name says nothing: a key container's header or PEM text.
    private mutating func sniff(_ bytes: [UInt8], path: String, size: UInt64) {
        if let container = PrivateKeyRecognizer.recognize(header: bytes[...], fileSize: size) {
            recordKeyFile(container, bytes: bytes, path: path, name: PackagePath.name(path))
            return
        }
        for block in PrivateKeyRecognizer.privateKeyBlocks(in: bytes[...]) {
            recordPEM(block, in: bytes, file: path, keyPath: nil, lineOffset: 0, fileName: PackagePath.name(path))
        }
    }

    private mutating func recordKeyFile(_ container: PrivateKeyContainer, bytes: [UInt8], path: String, name: String) {
        let kind: SecretStructure =
            switch container {
            case .pkcs12: .pkcs12Identity
            case .openSSH: .sshPrivateKey
            default: .privateKey
            }
        record(SecretSighting(kind: table.kind(kind), file: path, secret: bytes, text: nil, detail: container.description))
    }

    // MARK: - Text

    /// Tokens and PEM private keys in text; `partners` are the values a paired token may go
    /// with (nil: any in the same text).
    private mutating func searchText(
        _ bytes: [UInt8], file: String, keyPath: JSONPointer?, lineOffset: Int?, partners: [String]?, fileName: String? = nil
    ) {
        for hit in scanner.hits(in: bytes) {
            var detail: String?
            if let partner = hit.token.partner {
                let candidates = partners ?? Self.partnerCandidates(in: bytes, partner)
                guard let found = candidates.first(where: { Self.isPartner($0, partner) && !hit.value.contains($0) }) else { continue }
                detail = "with its \(partner.name)"
                redactAlso(found, fingerprintOf: hit.value)
            }
            let line = lineOffset.map { $0 + Self.line(of: hit.range.lowerBound, in: bytes) }
            record(
                SecretSighting(
                    kind: hit.token.kind, file: file, keyPath: keyPath, line: line, secret: Array(hit.value.utf8), text: hit.value, shown: hit.prefix,
                    detail: detail))
        }
        if ByteSearchText.contains(Self.pemMarker, in: bytes) {
            for block in PrivateKeyRecognizer.privateKeyBlocks(in: bytes[...]) {
                recordPEM(block, in: bytes, file: file, keyPath: keyPath, lineOffset: lineOffset, fileName: fileName)
            }
        }
    }

    private static let pemMarker = Array("PRIVATE KEY-----".utf8)

    private mutating func recordPEM(
        _ block: PEMPrivateKeyBlock, in bytes: [UInt8], file: String, keyPath: JSONPointer?, lineOffset: Int?, fileName: String?
    ) {
        let kind: SecretStructure =
            if case .openSSH = block.container { .sshPrivateKey } else if let fileName, Self.isAppStoreConnectKeyName(fileName) { .appStoreConnectKey } else {
                .privateKey
            }
        let range = block.range.clamped(to: 0..<bytes.count)
        let text = String(decoding: bytes[range], as: UTF8.self)
        let line = lineOffset.map { $0 + block.line - 1 }
        record(
            SecretSighting(
                kind: table.kind(kind), file: file, keyPath: keyPath, line: line, secret: block.body, text: text, detail: block.container.description))
        // Its lines too: a report that shows one line of a value (an excerpt) shows no key.
        for keyLine in text.split(whereSeparator: \.isNewline) where keyLine.count >= 16 && !keyLine.hasPrefix("-----") {
            redactAlso(String(keyLine), fingerprintOf: String(decoding: block.body, as: UTF8.self))
        }
    }

    /// `AuthKey_<key ID>.p8`: how App Store Connect names the key it lets you download once.
    static func isAppStoreConnectKeyName(_ name: String) -> Bool {
        name.hasPrefix("AuthKey_") && name.hasSuffix(".p8")
    }

    // MARK: - Property lists and JSON

    private mutating func searchPropertyList(_ root: PlistValue, lines: PropertyListLines?, file: String) {
        var stack: [(PlistValue, JSONPointer)] = [(root, .root)]
        var visited = 0
        while let (value, pointer) = stack.popLast(), visited < Self.maximumValues {
            visited += 1
            switch value {
            case .string(let text):
                searchValue(text, key: pointer.components.last, siblings: nil, file: file, pointer: pointer, line: lines?.line(of: pointer))
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { stack.append((item, pointer.appending(index))) }
            case .dictionary(let dictionary):
                let siblings = dictionary.entries.compactMap(\.value.stringValue)
                for entry in dictionary.entries.reversed() {
                    if case .string(let text) = entry.value {
                        let at = pointer.appending(entry.key)
                        visited += 1
                        searchValue(text, key: entry.key, siblings: siblings, file: file, pointer: at, line: lines?.line(of: at))
                    } else {
                        stack.append((entry.value, pointer.appending(entry.key)))
                    }
                }
            case .integer, .real, .bool, .date, .data, .uid: break
            }
        }
    }

    private mutating func searchJSON(_ root: JSONValue, file: String) {
        var stack: [(JSONValue, JSONPointer)] = [(root, .root)]
        var visited = 0
        while let (value, pointer) = stack.popLast(), visited < Self.maximumValues {
            visited += 1
            switch value {
            case .string(let text):
                searchValue(text, key: pointer.components.last, siblings: nil, file: file, pointer: pointer, line: nil)
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { stack.append((item, pointer.appending(index))) }
            case .object(let members):
                if let account = serviceAccountKey(members) {
                    record(
                        SecretSighting(
                            kind: table.kind(.googleServiceAccount), file: file, keyPath: pointer.appending("private_key"), secret: Array(account.utf8),
                            text: account))
                    redactPEMLines(of: account)
                    continue
                }
                if PackagePath.name(file).hasPrefix("client_secret") || PackagePath.name(file) == "credentials.json",
                    let secret = members.first(where: { $0.key == "client_secret" })?.value.stringValue, secret.count >= 8
                {
                    record(
                        SecretSighting(
                            kind: table.kind(.oauthClientSecret), file: file, keyPath: pointer.appending("client_secret"), secret: Array(secret.utf8),
                            text: secret))
                }
                let siblings = members.compactMap(\.value.stringValue)
                for member in members.reversed() {
                    if case .string(let text) = member.value {
                        visited += 1
                        searchValue(text, key: member.key, siblings: siblings, file: file, pointer: pointer.appending(member.key), line: nil)
                    } else {
                        stack.append((member.value, pointer.appending(member.key)))
                    }
                }
            case .null, .bool, .integer, .double: break
            }
        }
    }

    /// A Google service-account key: `type` `service_account` and a `private_key`.
    private func serviceAccountKey(_ members: [JSONValue.Member]) -> String? {
        guard members.contains(where: { $0.key == "type" && $0.value.stringValue == "service_account" }),
            let key = members.first(where: { $0.key == "private_key" })?.value.stringValue, key.contains("PRIVATE KEY")
        else { return nil }
        return key
    }

    private mutating func redactPEMLines(of text: String) {
        for keyLine in text.split(whereSeparator: \.isNewline) where keyLine.count >= 16 && !keyLine.hasPrefix("-----") {
            redactAlso(String(keyLine), fingerprintOf: text)
        }
    }

    /// A plist or JSON string: tokens (a paired one with a partner among its object's strings),
    /// PEM keys, and for `possible-secret` a random-looking value under a key that names a secret.
    private mutating func searchValue(_ text: String, key: String?, siblings: [String]?, file: String, pointer: JSONPointer, line: Int?) {
        guard text.utf8.count >= 8 else { return }
        let before = sightings.count
        searchText(Array(text.utf8), file: file, keyPath: pointer, lineOffset: line.map { $0 - 1 }, partners: siblings ?? [])
        guard sightings.count == before, let key, suggestsSecret(key), looksRandom(text), !table.isPublic(text) else { return }
        record(
            SecretSighting(
                kind: SecretTable.Kind(id: "possible-secret", name: "random-looking value", severity: .note), file: file, keyPath: pointer, line: line,
                secret: Array(text.utf8), text: text, detail: "under the key '\(key)'", isPossible: true))
    }

    private func suggestsSecret(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return table.secretKeyWords.contains { lowered.contains($0) }
    }

    /// Long, without spaces, and of high Shannon entropy a character.
    private func looksRandom(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= table.possibleSecretLength, !bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }),
            !text.hasPrefix("http"), !text.contains("$("), SecretTable.CharacterClass.letter.occurs(in: bytes),
            SecretTable.CharacterClass.digit.occurs(in: bytes)
        else { return false }
        return Self.entropy(bytes) >= table.possibleSecretEntropy
    }

    static func entropy(_ bytes: [UInt8]) -> Double {
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        let total = Double(bytes.count)
        return counts.filter { $0 > 0 }.reduce(0) { sum, count in
            let share = Double(count) / total
            return sum - share * log2(share)
        }
    }

    // MARK: - Credential files

    private mutating func searchCredentialFile(_ bytes: [UInt8], path: String, name: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func first(_ test: (String) -> Bool) -> Int? { lines.firstIndex(where: test).map { $0 + 1 } }
        switch name {
        case ".netrc", "_netrc":
            let words = text.split(whereSeparator: \.isWhitespace)
            if let index = words.firstIndex(of: "password"), index + 1 < words.count {
                let secret = String(words[index + 1])
                record(
                    SecretSighting(
                        kind: table.kind(.netrcPassword), file: path, line: first { $0.contains("password") }, secret: Array(secret.utf8), text: secret))
            }
        case ".npmrc":
            for (index, line) in lines.enumerated() {
                guard let value = Self.assignment(line, keys: ["_authToken", "_auth", "_password"]), !value.hasPrefix("${") else { continue }
                record(SecretSighting(kind: table.kind(.registryToken), file: path, line: index + 1, secret: Array(value.utf8), text: value))
            }
        case ".pypirc":
            for (index, line) in lines.enumerated() {
                guard let value = Self.assignment(line, keys: ["password"], separators: ["=", ":"]), !value.isEmpty else { continue }
                record(SecretSighting(kind: table.kind(.registryToken), file: path, line: index + 1, secret: Array(value.utf8), text: value))
            }
        case ".git-credentials":
            for (index, line) in lines.enumerated() where line.contains("://") && line.contains("@") {
                record(SecretSighting(kind: table.kind(.gitCredentials), file: path, line: index + 1, secret: Array(line.utf8), text: line))
            }
        default:
            guard name == ".env" || name.hasPrefix(".env.") || Self.fileExtension(name) == "env" else { return }
            let assignments = lines.enumerated().filter { _, line in
                !line.hasPrefix("#") && Self.envAssignment(line).map { !$0.value.isEmpty } == true
            }
            guard let firstLine = assignments.first?.offset else { return }
            record(
                SecretSighting(
                    kind: table.kind(.envFile), file: path, line: firstLine + 1, secret: bytes, text: nil,
                    detail: "\(assignments.count) assignment\(assignments.count == 1 ? "" : "s")"))
            // Each value is redacted: a report never shows what an .env file sets.
            for (_, line) in assignments {
                if let value = Self.envAssignment(line)?.value { redactAlso(value, fingerprintOf: value) }
            }
        }
    }

    /// `KEY=value` (or `export KEY=value`), with quotes taken off the value.
    static func envAssignment(_ line: String) -> (key: String, value: String)? {
        let line = line.hasPrefix("export ") ? String(line.dropFirst(7)) : line
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote { value = String(value.dropFirst().dropLast()) }
        return (key, value)
    }

    /// The value of `key = value` where the key, or the part after a registry's `:`, is one of `keys`.
    static func assignment(_ line: String, keys: [String], separators: [Character] = ["="]) -> String? {
        guard let separator = line.firstIndex(where: separators.contains) else { return nil }
        let key = line[..<separator].trimmingCharacters(in: .whitespaces)
        let name = key.split(separator: ":").last.map(String.init) ?? key
        guard keys.contains(name) else { return nil }
        return line[line.index(after: separator)...].trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Partners and recording

    static func isPartner(_ value: String, _ partner: SecretTable.Partner) -> Bool {
        let bytes = Array(value.utf8)
        return partner.lengths.contains(bytes.count) && bytes.allSatisfy(partner.alphabet.contains) && partner.classes.allSatisfy { $0.occurs(in: bytes) }
    }

    /// Runs of the partner's alphabet in `bytes` of one of its lengths.
    static func partnerCandidates(in bytes: [UInt8], _ partner: SecretTable.Partner) -> [String] {
        var found: [String] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, partner.alphabet.contains(bytes[end]) { end += 1 }
            if partner.lengths.contains(end - start) { found.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
            start = max(end, start) + 1
        }
        return found
    }

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Values that are part of a secret found, without a finding of their own: redacted too.
    private(set) var alsoRedacted: [(text: String, fingerprint: String)] = []

    private mutating func redactAlso(_ text: String, fingerprintOf secret: String) {
        alsoRedacted.append((text, SecretRedaction.fingerprint(of: Array(secret.utf8))))
    }

    /// Past this many values of one property list or JSON file the rest is not searched.
    static let maximumValues = 200_000

    private mutating func record(_ sighting: SecretSighting) {
        guard seen.insert(sighting.place).inserted else { return }
        sightings.append(sighting)
    }

    /// What the report must never print: every secret found, and the parts of them.
    var redaction: SecretRedaction {
        SecretRedaction(
            secrets: sightings.compactMap { sighting in sighting.text.map { ($0, sighting.shown, sighting.fingerprint) } }
                + alsoRedacted.map { ($0.text, "", $0.fingerprint) })
    }
}

/// A byte run in text, for the cheap test before the PEM reader runs.
enum ByteSearchText {
    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while let found = haystack[index...].firstIndex(of: first), found + needle.count <= haystack.count {
            if haystack[found..<(found + needle.count)].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }
}
