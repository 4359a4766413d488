import BundleCheckFixtures
import Foundation

// Regenerates the packages in Examples/ from their Swift descriptions:
//   swift run bundlecheck-fixtures [Examples]
// or the fuzz harnesses' seeds (docs/fuzzing.md):
//   swift run bundlecheck-fixtures fuzz-seeds Fuzz/Seeds
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "fuzz-seeds" {
    do {
        try FuzzSeeds.write(to: CommandLine.arguments[2])
        print("wrote the fuzz seeds under \(CommandLine.arguments[2])")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bundlecheck-fixtures: error: \(error)\n".utf8))
        exit(1)
    }
}
// or a compiled asset catalogue for the benchmarks (Benchmarks/large-catalog.py), written as it
// is made: `benchmark BYTES` (image sets around the AppIcon set, about BYTES in all), `app-icon`
// (the fixtures' default) or a damaged one (`truncated`, `tree-cycle`, `wide-tree-node`,
// `branch-child-past-table`: Fuzz/Regressions/car/renditions-branch-child-past-table):
//   swift run bundlecheck-fixtures asset-catalog benchmark 268435456 Big.car
if CommandLine.arguments.count >= 4, CommandLine.arguments[1] == "asset-catalog" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    do {
        var catalog: FixtureAssetCatalog
        switch arguments[0] {
        case "benchmark" where arguments.count == 3 && Int(arguments[1]) != nil:
            catalog = try FixtureAssetCatalog.benchmark(totalBytes: Int(arguments[1])!)
        case "app-icon": catalog = .appIcon()
        case "truncated":
            catalog = .appIcon()
            catalog.hostile = [.truncated(length: 600)]
        case "tree-cycle":
            catalog = .appIcon()
            catalog.hostile = [.renditionsTreeCycle]
        case "wide-tree-node":
            catalog = .appIcon()
            catalog.hostile = [.wideTreeNode(count: 65535)]
        case "branch-child-past-table": catalog = .renditionsBranchChildPastTable
        default:
            FileHandle.standardError.write(
                Data(
                    "usage: bundlecheck-fixtures asset-catalog benchmark BYTES|app-icon|truncated|tree-cycle|wide-tree-node|branch-child-past-table PATH\n".utf8
                ))
            exit(64)
        }
        try catalog.write(toFile: arguments[arguments.count - 1])
        print("wrote \(arguments[arguments.count - 1])")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bundlecheck-fixtures: error: \(error)\n".utf8))
        exit(1)
    }
}
let folder = CommandLine.arguments.dropFirst().first ?? "Examples"
do {
    for (name, package) in [
        ("PaiNotes", try ExamplePackages.paiNotes()), ("PaiNotes-build40", try ExamplePackages.paiNotesNextBuild()), ("PaiScan", try ExamplePackages.paiScan()),
    ] {
        let path = folder + "/" + name + ".ipa"
        try? FileManager.default.removeItem(atPath: path)
        try package.writeZip(to: path)
        print("wrote \(path)")
    }
    let macPath = folder + "/PaiNotesMac.app.zip"
    try? FileManager.default.removeItem(atPath: macPath)
    try ExamplePackages.paiNotesMac().writeZip(to: macPath)
    print("wrote \(macPath)")
    let installerPath = folder + "/PaiNotesMac.pkg"
    try? FileManager.default.removeItem(atPath: installerPath)
    try ExamplePackages.paiNotesMacInstaller().write(to: installerPath)
    print("wrote \(installerPath)")
} catch {
    FileHandle.standardError.write(Data("bundlecheck-fixtures: error: \(error)\n".utf8))
    exit(1)
}
