// swift-tools-version:6.0
import PackageDescription

// The library is split along the pipeline; each target imports only the ones before it,
// so the compiler refuses a back edge (docs/ARCHITECTURE.md):
//   BundleCheckFormats → BundleCheckModel → BundleCheckInspection → BundleCheckReports → BundleCheckReview → BundleCheckCommandLine
// Our own targets build with warnings as errors; the C shims are system headers.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "bundlecheck",
    platforms: [.macOS(.v13)],
    products: [
        // What an embedder links: open and inspect a package, render a report.
        .library(
            name: "BundleCheckKit", targets: ["BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection", "BundleCheckReports", "BundleCheckReview"]),
        .executable(name: "bundlecheck", targets: ["bundlecheck"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibzip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        .systemLibrary(
            name: "CLibxml2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CLibyaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // SHA-1 and SHA-256 for the code signature's hashes, from the system's OpenSSL.
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // ISA-L (igzip) inflates deflated zip entries and checks their CRC-32, two to three times
        // as fast as zlib; Homebrew's isa-l has its NEON paths for Apple silicon.
        .systemLibrary(
            name: "CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        // zlib inflates the zlib-wrapped data other formats hold (the xar table of contents, asset
        // catalogs' renditions) and writes the fixtures' deflate.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libarchive reads macOS installer packages: the xar archive and its payload's cpio stream.
        .systemLibrary(
            name: "CLibarchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        // liblzma inflates the xz chunks of a pbzx payload, a framing libarchive 3.6 cannot read.
        .systemLibrary(
            name: "CLzma",
            pkgConfig: "liblzma",
            providers: [.apt(["liblzma-dev"]), .brew(["xz"])]
        ),
        // Formats: bytes into values (containers, property lists, Mach-O, BER/CMS, YAML,
        // the NSPredicate language, JSON). Knows nothing of rules; the only user of the C shims.
        .target(
            name: "BundleCheckFormats",
            dependencies: ["CLibzip", "CLibxml2", "CLibyaml", "CLibcrypto", "CIsal", "CZlib", "CLibarchive", "CLzma"],
            swiftSettings: strict
        ),
        // Model: bundles and where they sit, findings, rules as data, configuration, baseline.
        .target(
            name: "BundleCheckModel",
            dependencies: ["BundleCheckFormats"],
            swiftSettings: strict
        ),
        // Inspection: matchers, the built-in checks and the inspector that runs them over one input.
        .target(
            name: "BundleCheckInspection",
            dependencies: ["BundleCheckModel"],
            swiftSettings: strict
        ),
        // Reports: text and JSON reports, the rule listing and --explain, terminal styling.
        .target(
            name: "BundleCheckReports",
            dependencies: ["BundleCheckInspection"],
            swiftSettings: strict
        ),
        // Release review: two builds (packages or JSON reports) compared, the release rules, the diff's reports.
        .target(
            name: "BundleCheckReview",
            dependencies: ["BundleCheckReports"],
            swiftSettings: strict
        ),
        // Command line: options, help, exit codes, the in-process entry point.
        .target(
            name: "BundleCheckCommandLine",
            dependencies: ["BundleCheckReview"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bundlecheck",
            dependencies: ["BundleCheckCommandLine"],
            swiftSettings: strict
        ),
        // Test support: writes IPAs and archives from a short Swift description.
        .target(
            name: "BundleCheckFixtures",
            dependencies: ["BundleCheckInspection", "BundleCheckReview"],
            swiftSettings: strict
        ),
        // Rebuilds Examples/ from the fixture builder (`swift run bundlecheck-fixtures`).
        .executableTarget(
            name: "bundlecheck-fixtures",
            dependencies: ["BundleCheckFixtures"],
            path: "Sources/bundlecheck-fixtures",
            swiftSettings: strict
        ),
        // What derives from Rules/*.yml: the embedded packs and Rules/README.md. Never linked by bundlecheck.
        .target(
            name: "BundleCheckGenerator",
            dependencies: ["BundleCheckInspection"],
            swiftSettings: strict
        ),
        // Regenerates what derives from Rules/*.yml (`swift run bundlecheck-generate`); prints the
        // man page and shell completions rendered from the option table (`make install`).
        .executableTarget(
            name: "bundlecheck-generate",
            dependencies: ["BundleCheckGenerator", "BundleCheckFormats", "BundleCheckInspection", "BundleCheckModel", "BundleCheckCommandLine"],
            path: "Sources/bundlecheck-generate",
            swiftSettings: strict
        ),
        .testTarget(
            name: "BundleCheckKitTests",
            dependencies: [
                "BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection", "BundleCheckReports",
                "BundleCheckReview", "BundleCheckCommandLine", "BundleCheckFixtures", "BundleCheckGenerator",
            ],
            // Golden files are read from disk next to the tests, so they can be re-recorded in place;
            // so is the vendored action.yml schema.
            exclude: ["Reports/Golden", "Examples/Golden", "Action/Data"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzzing (docs/fuzzing.md): one libFuzzer executable per parser, declared only when
// BUNDLECHECK_FUZZ=1 asks for them, because they link only with `-sanitize=fuzzer`
// (their `main` is libFuzzer's driver, reached through Fuzz/Driver). scripts/fuzz.sh builds them.
if Context.environment["BUNDLECHECK_FUZZ"] == "1" {
    let harnesses = [
        "binary-plist", "xml-plist", "macho", "cms", "profile", "predicate", "rule-file", "zip", "package", "icns", "pbzx",
        "bom", "pkg", "lzfse", "car", "json", "report",
    ]
    package.targets += [
        .target(name: "BundleCheckFuzzDriver", path: "Fuzz/Driver"),
        .target(name: "BundleCheckFuzzSupport", dependencies: ["BundleCheckFixtures"], path: "Fuzz/Support", swiftSettings: strict),
    ]
    for harness in harnesses {
        package.targets.append(
            .executableTarget(
                name: "fuzz-" + harness,
                dependencies: ["BundleCheckFuzzDriver", "BundleCheckFuzzSupport"],
                path: "Fuzz/Harnesses/" + harness,
                swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]
            ))
        package.products.append(.executable(name: "fuzz-" + harness, targets: ["fuzz-" + harness]))
    }
}
