import BundleCheckCommandLine
import BundleCheckFormats
import BundleCheckGenerator
import BundleCheckInspection
import BundleCheckModel
import Foundation

// Regenerates what is derived from Rules/*.yml, from the repository root:
//   swift run bundlecheck-generate
// - Sources/BundleCheckModel/Rules/EmbeddedRulePacks.generated.swift: the rule files compiled in;
// - Sources/BundleCheckModel/Data/EmbeddedDataTables.generated.swift: the data tables compiled in;
// - Rules/README.md: the rule catalogue.
// Tests fail while either is stale.
//
// What derives from the option table is printed, not committed; `make install` writes it:
//   bundlecheck-generate man                        bundlecheck(1) in roff
//   bundlecheck-generate completion bash|zsh|fish   the shell's completion script
// and what `make deb` packages beside them:
//   bundlecheck-generate version                    the version --version prints
//   bundlecheck-generate debian-changelog PACKAGE-VERSION COMMIT EPOCH MAINTAINER < CHANGELOG.md
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "man":
    print(ManPage.render(), terminator: "")
    exit(0)
case "completion":
    guard arguments.count == 2, let shell = ShellCompletion(rawValue: arguments[1]) else {
        let shells = ShellCompletion.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("usage: bundlecheck-generate completion \(shells)\n".utf8))
        exit(64)
    }
    print(shell.script(), terminator: "")
    exit(0)
case "version":
    print(BundleCheckVersion.current)
    exit(0)
case "debian-changelog":
    guard arguments.count == 5, let epoch = TimeInterval(arguments[3]) else {
        FileHandle.standardError.write(Data("usage: bundlecheck-generate debian-changelog PACKAGE-VERSION COMMIT EPOCH MAINTAINER < CHANGELOG.md\n".utf8))
        exit(64)
    }
    do {
        let markdown = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let changelog = try DebianChangelog(markdown: markdown)
        print(
            try changelog.render(
                packageVersion: arguments[1], upstreamVersion: BundleCheckVersion.current, commit: arguments[2],
                builtAt: Date(timeIntervalSince1970: epoch), maintainer: arguments[4]), terminator: "")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bundlecheck-generate: error: \(error)\n".utf8))
        exit(1)
    }
default:
    break
}
let root = arguments.first ?? FileManager.default.currentDirectoryPath
do {
    let sources = try RuleSourceFiles.read(from: root + "/Rules")
    let embedded = EmbeddedRulePacksRenderer.render(files: sources)
    try Data(embedded.utf8).write(to: URL(fileURLWithPath: root + "/" + RuleSourceFiles.generatedSwiftPath))
    let tables = try RuleSourceFiles.read(from: root + "/Rules/data")
    // Every table read through its checks' reader first: a row they cannot use stops here,
    // naming its file, line and key, instead of being compiled in.
    let loaded = try tables.map { table throws(YAMLLoadError) in try DataTable.load(text: table.text, file: "Rules/data/" + table.name) }
    try ShippedDataTableReaders.read(Dictionary(loaded.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
    try Data(EmbeddedRulePacksRenderer.renderData(files: tables).utf8).write(to: URL(fileURLWithPath: root + "/" + RuleSourceFiles.generatedDataPath))
    let rules = try sources.map { try RuleLoader.load(text: $0.text, file: "Rules/" + $0.name, isBuiltIn: true) }
    // A built-in rule's examples are read only when asked for: a broken one stops here.
    for rule in rules { _ = try rule.checkedExamples() }
    let catalogue = try RuleCatalogue(rules: rules)
    try Data(RuleCatalogueDocument.markdown(catalogue).utf8).write(to: URL(fileURLWithPath: root + "/Rules/README.md"))
    print(
        "wrote \(RuleSourceFiles.generatedSwiftPath), \(RuleSourceFiles.generatedDataPath) and Rules/README.md from \(sources.count) rule files and \(tables.count) data tables"
    )
} catch {
    FileHandle.standardError.write(Data("bundlecheck-generate: error: \(error)\n".utf8))
    exit(1)
}
