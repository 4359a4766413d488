import BundleCheckFixtures
import Foundation
import BundleCheckFixtures

// Regenerates the packages in Examples/ from their Swift descriptions:
//   swift run bundlecheck-fixtures [Examples]
let folder = CommandLine.arguments.dropFirst().first ?? "Examples"
do {
    for (name, package) in [("PaiNotes", try ExamplePackages.paiNotes()), ("PaiScan", try ExamplePackages.paiScan())] {
        let path = folder + "/" + name + ".ipa"
        try? FileManager.default.removeItem(atPath: path)
        try package.writeZip(to: path)
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("bundlecheck-fixtures: error: \(error)\n".utf8))
    exit(1)
}
