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
let folder = CommandLine.arguments.dropFirst().first ?? "Examples"
do {
    for (name, package) in [("PaiNotes", try ExamplePackages.paiNotes()), ("PaiScan", try ExamplePackages.paiScan())] {
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
