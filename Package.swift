// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Floors, top to bottom: origami → CraftEval → CraftCore → CraftBackends, CraftVision → CraftImages → CraftSchema →
// CImageLibs.
// Each module imports only what is below it; the README's layout table says what each holds.
let package = Package(
    name: "origami",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "origami", targets: ["origami"]),
        // The libraries the packages under scripts/ (fuzz targets, benchmarks) build on; each takes only the floor
        // it needs. CraftEval serves only the command, and CraftTesting only the tests.
        .library(name: "CraftSchema", targets: ["CraftSchema"]),
        .library(name: "CraftImages", targets: ["CraftImages"]),
        .library(name: "CraftVision", targets: ["CraftVision"]),
        .library(name: "CraftBackends", targets: ["CraftBackends"]),
        .library(name: "CraftCore", targets: ["CraftCore"]),
    ],
    targets: [
        .systemLibrary(
            name: "CImageLibs",
            path: "Sources/CImageLibs",
            providers: [.apt(["libturbojpeg0-dev", "libpng-dev", "libwebp-dev", "libheif-dev"])]
        ),
        .target(name: "CraftSchema", swiftSettings: strict),
        // The photo pipeline and the classifier's kernels are optimised in every configuration: unoptimised, the
        // classifier's SIMD code runs a photo in minutes instead of a tenth of a second, and the pipeline (resizing,
        // colour clusters, outlines, creases) takes seconds a photo in the debug builds the tests and `swift run` use.
        .target(
            name: "CraftImages", dependencies: ["CraftSchema", "CImageLibs"],
            swiftSettings: strict + [.unsafeFlags(["-O"])]),
        .target(
            name: "CraftVision", dependencies: ["CraftImages"], swiftSettings: strict + [.unsafeFlags(["-O"])]),
        .target(name: "CraftBackends", dependencies: ["CraftSchema"], swiftSettings: strict),
        .target(
            name: "CraftCore", dependencies: ["CraftSchema", "CraftImages", "CraftVision", "CraftBackends"],
            // The project library is data, not code: copied into the module's resource bundle, which scripts/install
            // and scripts/make-deb place where the installed command looks (see ProjectLibrary.locations).
            resources: [.copy("Library/projects.json")], swiftSettings: strict),
        .target(
            name: "CraftEval", dependencies: ["CraftSchema", "CraftImages", "CraftBackends", "CraftCore"],
            swiftSettings: strict),
        .executableTarget(
            name: "origami",
            dependencies: ["CraftSchema", "CraftImages", "CraftVision", "CraftBackends", "CraftCore", "CraftEval"],
            swiftSettings: strict),
        // `origami-write-test`: one locked project write, for the crash and concurrency tests; not in any product.
        .executableTarget(
            name: "origami-write-test", dependencies: ["CraftCore"], path: "Tests/WriteTest", swiftSettings: strict),
        // Test support: the test model, the fault server, recorded fixtures; for test targets only.
        .target(
            name: "CraftTesting", dependencies: ["CraftSchema", "CraftImages", "CraftBackends", "CraftCore"],
            path: "Tests/CraftTesting", resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "CraftSchemaTests", dependencies: ["CraftSchema", "CraftTesting"], swiftSettings: strict),
        .testTarget(
            name: "CraftImagesTests", dependencies: ["CraftImages", "CraftTesting"], swiftSettings: strict),
        .testTarget(
            name: "CraftVisionTests", dependencies: ["CraftVision", "CraftTesting"], swiftSettings: strict),
        .testTarget(
            name: "CraftBackendsTests", dependencies: ["CraftBackends", "CraftTesting"], swiftSettings: strict),
        .testTarget(name: "CraftCoreTests", dependencies: ["CraftCore", "CraftTesting"], swiftSettings: strict),
        .testTarget(name: "CraftEvalTests", dependencies: ["CraftEval", "CraftTesting"], swiftSettings: strict),
        .testTarget(
            name: "OrigamiTests", dependencies: ["origami", "origami-write-test", "CraftCore", "CraftTesting"],
            exclude: ["Fixtures"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
