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
        let needles = NeedleSet(
            table.allPrefixes + ["PRIVATE KEY-----"], atWordStart: true, minimumLength: TokenScanner.shortestToken,
            minimumRun: TokenScanner.shortestToken, runBytes: TokenScanner.tokenBytes)
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

    /// What a search found. The run's memo keeps this, not the search, which holds the context
    /// (and so the memo): keeping the search would make a cycle that outlives the run.
    struct Result {
        let found: [SecretSighting]
        /// Why the search stopped before it was done, when a cap stopped it.
        let stoppedBy: String?
        let redaction: SecretRedaction
    }

    static func run(in context: CheckContext, table: SecretTable = .shipped) -> Result {
        var search = SecretSearch(table: table, context: context, scanner: TokenScanner(table))
        search.searchEverything()
        return Result(found: search.sightings, stoppedBy: search.stoppedBy, redaction: search.redaction)
    }

    private init(table: SecretTable, context: CheckContext, scanner: TokenScanner) {
        self.table = table
        self.context = context
        self.scanner = scanner
    }

    // MARK: - What is searched

    private mutating func searchEverything() {
        for bundle in context.bundles {
            if let document = bundle.infoPlist { searchPropertyList(document.root, lines: document.lines, file: bundle.infoPlistPath) }
            if let signing = bundle.signing, let entitlements = signing.entitlements, let file = signing.entitlementsPath {
                searchPropertyList(.dictionary(entitlements.dictionary), lines: nil, file: file)
            }
            // The privacy report and the SBOMs print what the manifests declare.
            for manifest in bundle.privacyManifests {
                if let document = manifest.document { searchPropertyList(document.root, lines: document.lines, file: manifest.path) }
            }
            if let signing = bundle.signing {
                if let executable = signing.executable, let path = signing.executablePath { searchStrings(of: executable, file: path) }
                for library in signing.libraries { searchStrings(of: library.file, file: library.path) }
            }
        }
        searchFiles()
        dropPossibleSecretsReportedOtherwise()
    }

    /// The strings the Mach-O pass kept of a binary. A token's partner must be one of the few
    /// strings kept beside it (`nearbyStrings`): strings defined together sit together.
    private mutating func searchStrings(of binary: MachOFile, file: String) {
        var strings: [String] = []
        var kept: Set<String> = []
        for slice in binary.slices {
            for evidence in slice.evidence where evidence.kind == .string && kept.insert(evidence.value).inserted {
                strings.append(evidence.value)
            }
        }
        for (index, value) in strings.enumerated() {
            let near = strings[max(0, index - Self.nearbyStrings)..<min(strings.count, index + Self.nearbyStrings + 1)]
            searchText(Array(value.utf8), file: file, keyPath: nil, lineOffset: nil, partners: Array(near))
        }
    }

    /// How many kept strings on each side of a token may be its partner.
    static let nearbyStrings = 4
    /// How many bytes on each side of a token in text may hold its partner.
    static let nearbyBytes = 512

    /// Every file beneath a bundle: candidates whole, the rest sniffed. Names are judged on the
    /// bytes the listing keeps (`FileNameTest`), so the 60,000 names of a large package cost
    /// no `String` each; only the files read are made into paths.
    private mutating func searchFiles() {
        // Read already: the binaries' strings, the Info.plists, entitlements and manifests are searched as loaded.
        let loaded = Set(
            context.bundles.flatMap { bundle in
                // An Info.plist that did not parse is read as text: a rule quotes what broke it.
                [bundle.signing?.executablePath, bundle.signing?.entitlementsPath, bundle.infoPlist == nil ? nil : bundle.infoPlistPath].compactMap { $0 }
                    + (bundle.signing?.libraries.map(\.path) ?? []) + bundle.privacyManifests.map(\.path)
            })
        let test = FileNameTest(table, installerPackage: context.storage == .installerPackage)
        // The top-level bundles: everything nested is beneath them.
        for top in context.bundles where top.parent == nil {
            let wanted = context.paths.files(under: top.path) { name, size in test.wants(name, size: size, sniffLimit: table.limits.sniffFileBytes) }
            for entry in wanted {
                let path = entry.path
                let size = entry.size
                guard !loaded.contains(path), !Self.isSigningFile(path) else { continue }
                guard stoppedBy == nil else { return }
                let name = PackagePath.name(path)
                if test.isCandidate(name) {
                    guard let bytes = read(path, count: table.limits.wholeFileBytes) else { continue }
                    searchFile(bytes, path: path, name: name)
                } else {
                    guard let bytes = read(path, count: sniffLength) else { continue }
                    sniff(bytes, path: path, size: size)
                }
            }
            for folder in context.paths.folders(under: top.path, named: ".git") {
                record(SecretSighting(kind: table.kind(.gitRepository), file: folder.path, secret: Array(folder.path.utf8), text: nil))
            }
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
        guard let bytes = context.prefix(ofListed: path, count: min(count, table.limits.bytes - bytesRead)) else { return nil }
        filesRead += 1
        bytesRead += bytes.count
        return bytes
    }

    /// The code signature and the profile: Apple's formats, public by design. On the path's
    /// bytes: Foundation's `contains` costs a thousand times more a path.
    private static func isSigningFile(_ path: String) -> Bool {
        if path.hasSuffix(".mobileprovision") || path.hasSuffix(".provisionprofile") { return true }
        return Array(path.utf8).withUnsafeBufferPointer { bytes in signingFolders.contains { ByteSearch.contains($0, in: bytes) } }
    }

    private static let signingFolders = [Array("/_CodeSignature/".utf8), Array("/SC_Info/".utf8)]

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
        if ext == "strings", let entries = try? StringsFile.read(bytes, file: path) {
            // InfoPlist.strings: the purpose-string rules quote their values.
            for entry in entries where entry.value.utf8.count >= 8 {
                searchValue(entry.value, key: entry.key, siblings: nil, file: path, pointer: JSONPointer(components: [entry.key]), line: entry.line)
            }
            return
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
    /// A key found is read whole (where that costs no pass), so its length and fingerprint are
    /// the same whatever the file is called.
    private mutating func sniff(_ bytes: [UInt8], path: String, size: UInt64) {
        if let container = PrivateKeyRecognizer.recognize(header: bytes[...], fileSize: size) {
            let whole = context.storage == .installerPackage || bytes.count == Int(size) ? bytes : (read(path, count: Int(size)) ?? bytes)
            recordKeyFile(container, bytes: whole, path: path, name: PackagePath.name(path))
            return
        }
        // PEM is text: a file whose first bytes are not is passed over without a search.
        guard Self.startsAsText(bytes), bytes.withUnsafeBufferPointer({ ByteSearch.contains(Self.pemMarker, in: $0) }) else { return }
        for block in PrivateKeyRecognizer.privateKeyBlocks(in: bytes[...]) {
            recordPEM(block, in: bytes, file: path, keyPath: nil, lineOffset: 0, fileName: PackagePath.name(path))
        }
    }

    private mutating func recordKeyFile(_ container: PrivateKeyContainer, bytes: [UInt8], path: String, name: String) {
        let kind: SecretStructure =
            switch container {
            case .pkcs12: .pkcs12Identity
            case .openSSH: .sshPrivateKey
            default: Self.isAppStoreConnectKeyName(name) ? .appStoreConnectKey : .privateKey
            }
        record(SecretSighting(kind: table.kind(kind), file: path, secret: bytes, text: nil, detail: kind == .pkcs12Identity ? nil : container.description))
    }

    // MARK: - Text

    /// Tokens and PEM private keys in text; `partners` are the values a paired token may go
    /// with (nil: any in the same text).
    private mutating func searchText(
        _ bytes: [UInt8], file: String, keyPath: JSONPointer?, lineOffset: Int?, partners: [String]?, fileName: String? = nil
    ) {
        let hits = scanner.hits(in: bytes)
        var lines = LineNumbers(bytes)
        for hit in hits where !table.isPublic(hit.value) {
            var detail: String?
            if let partner = hit.token.partner {
                // In text, the partner lies near the token; in an object or a binary, among its neighbours.
                let near = partners ?? Self.partnerCandidates(in: bytes, around: hit.range, partner)
                guard let found = near.first(where: { Self.isPartner($0, partner) && !hit.value.contains($0) && !table.isPublic($0) }) else { continue }
                detail = "with its \(partner.name)"
                redactAlso(found, fingerprintOf: hit.value)
            }
            let line = lineOffset.map { $0 + lines.line(of: hit.range.lowerBound) }
            record(
                SecretSighting(
                    kind: hit.token.kind, file: file, keyPath: keyPath, line: line, secret: Array(hit.value.utf8), text: hit.value, shown: hit.prefix,
                    detail: detail))
        }
        if bytes.withUnsafeBufferPointer({ ByteSearch.contains(Self.pemMarker, in: $0) }) {
            for block in PrivateKeyRecognizer.privateKeyBlocks(in: bytes[...]) {
                recordPEM(block, in: bytes, file: file, keyPath: keyPath, lineOffset: lineOffset, fileName: fileName)
            }
        }
    }

    private static let pemMarker = Array("PRIVATE KEY-----".utf8)

    /// Whether the first 64 bytes are printable ASCII, tabs and line ends (or UTF-8 text).
    static func startsAsText(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(64).allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

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
                kind: Self.possibleKind, file: file, keyPath: pointer, line: line, secret: Array(text.utf8), text: text, detail: "under the key '\(key)'",
                isPossible: true))
    }

    static let possibleKind = SecretTable.Kind(id: "possible-secret", name: "random-looking value", severity: .note)

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
        // `\r\n` is one Character: split on every kind of line end, as the tools that read these files do.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
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
            // A template (`.env.example`) documents the names; its values are placeholders.
            guard !table.templateSuffixes.contains(where: name.hasSuffix) else { return }
            let assignments = lines.enumerated().compactMap { index, line -> (line: Int, key: String, value: String)? in
                guard !line.hasPrefix("#"), let assignment = Self.envAssignment(line), !assignment.value.isEmpty else { return nil }
                return (index + 1, assignment.key, assignment.value)
            }
            guard let first = assignments.first else { return }
            record(
                SecretSighting(
                    kind: table.kind(.envFile), file: path, line: first.line, secret: bytes, text: nil,
                    detail: "\(assignments.count) assignment\(assignments.count == 1 ? "" : "s")"))
            // A value under a key that names a secret is redacted, and may be a possible secret;
            // the others (a URL, an app id) are the app's ordinary settings.
            for assignment in assignments where suggestsSecret(assignment.key) {
                if looksRandom(assignment.value), !table.isPublic(assignment.value) {
                    record(
                        SecretSighting(
                            kind: Self.possibleKind, file: path, line: assignment.line, secret: Array(assignment.value.utf8), text: assignment.value,
                            detail: "under the key '\(assignment.key)'", isPossible: true))
                } else {
                    redactAlso(assignment.value, fingerprintOf: assignment.value)
                }
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

    /// Runs of the partner's alphabet of one of its lengths within `nearbyBytes` of `range`.
    static func partnerCandidates(in bytes: [UInt8], around range: Range<Int>, _ partner: SecretTable.Partner) -> [String] {
        var found: [String] = []
        var start = max(0, range.lowerBound - nearbyBytes)
        let end = min(bytes.count, range.upperBound + nearbyBytes)
        // Start at a run's beginning, not inside one.
        while start > 0, partner.alphabet.contains(bytes[start - 1]) { start -= 1 }
        while start < end {
            var stop = start
            while stop < bytes.count, partner.alphabet.contains(bytes[stop]) { stop += 1 }
            if partner.lengths.contains(stop - start) { found.append(String(decoding: bytes[start..<stop], as: UTF8.self)) }
            start = max(stop, start) + 1
        }
        return found
    }

    /// 1-based line numbers of offsets in text, counted once and looked up by binary search.
    struct LineNumbers {
        private let bytes: [UInt8]
        private var starts: [Int]?

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func line(of offset: Int) -> Int {
            let starts: [Int] = self.starts ?? ([0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 })
            self.starts = starts
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
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
        guard sightings.count < table.limits.findings else {
            stoppedBy = stoppedBy ?? "\(table.limits.findings) secrets"
            return
        }
        sightings.append(sighting)
    }

    /// A value already reported as part of a secret (a partner, an .env file's value) is not
    /// also a possible secret.
    private mutating func dropPossibleSecretsReportedOtherwise() {
        let reported = Set(alsoRedacted.map(\.text))
        sightings.removeAll { $0.isPossible && $0.text.map(reported.contains) == true }
    }

    /// What the report must never print: every secret found, and the parts of them.
    var redaction: SecretRedaction {
        SecretRedaction(
            secrets: sightings.compactMap { sighting in sighting.text.map { ($0, sighting.shown, sighting.fingerprint) } }
                + alsoRedacted.map { ($0.text, "", $0.fingerprint) })
    }
}
