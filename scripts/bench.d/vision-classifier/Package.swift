// swift-tools-version:6.0
// The tool P10 times: origami's image classifier (CraftVision) over photos, with its input squares written out for
// the numpy reference and the process's peak RSS reported. A package of its own so the benchmark does not wait for
// the origami command line.
import PackageDescription

let package = Package(
    name: "vision-classifier",
    dependencies: [.package(name: "origami", path: "../../..")],
    targets: [
        .executableTarget(
            name: "vision-classifier",
            dependencies: [
                .product(name: "CraftVision", package: "origami"), .product(name: "CraftImages", package: "origami"),
            ]
        )
    ]
)
