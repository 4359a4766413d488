// swift-tools-version:6.0
import PackageDescription

// Our own targets build with warnings as errors; the C shims are system headers.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "bundlecheck",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "BundleCheckKit", targets: ["BundleCheckKit"]),
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
        .target(
            name: "BundleCheckKit",
            dependencies: ["CLibzip", "CLibxml2", "CLibyaml"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bundlecheck",
            dependencies: ["BundleCheckKit"],
            swiftSettings: strict
        ),
        // Test support: writes IPAs and archives from a short Swift description.
        .target(
            name: "BundleCheckFixtures",
            dependencies: ["BundleCheckKit"],
            swiftSettings: strict
        ),
        // Rebuilds Examples/ from the fixture builder (`swift run bundlecheck-fixtures`).
        .executableTarget(
            name: "bundlecheck-fixtures",
            dependencies: ["BundleCheckFixtures"],
            path: "Sources/bundlecheck-fixtures",
            swiftSettings: strict
        ),
        // Regenerates what derives from Rules/*.yml (`swift run bundlecheck-generate`).
        .executableTarget(
            name: "bundlecheck-generate",
            dependencies: ["BundleCheckKit"],
            path: "Sources/bundlecheck-generate",
            swiftSettings: strict
        ),
        .testTarget(
            name: "BundleCheckKitTests",
            dependencies: ["BundleCheckKit", "BundleCheckFixtures"],
            // Golden files are read from disk next to the tests, so they can be re-recorded in place.
            exclude: ["Reports/Golden", "Examples/Golden"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
