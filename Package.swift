// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "origami",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "origami", targets: ["origami"]),
        .library(name: "CraftCore", targets: ["CraftCore"]),
    ],
    targets: [
        .systemLibrary(
            name: "CImageLibs",
            path: "Sources/CImageLibs",
            providers: [.apt(["libturbojpeg0-dev", "libpng-dev", "libwebp-dev", "libheif-dev"])]
        ),
        .target(name: "CraftCore", dependencies: ["CImageLibs"], swiftSettings: strict),
        .executableTarget(name: "origami", dependencies: ["CraftCore"], swiftSettings: strict),
        .testTarget(
            name: "CraftCoreTests",
            dependencies: ["CraftCore"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OrigamiTests", dependencies: ["CraftCore", "origami"], exclude: ["Fixtures"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
