// swift-tools-version:6.0
// The tool P3 times: one photo through origami's pipeline (read, check, decode with DCT scaling, orient, resize,
// re-encode JPEG q85, describe), written out, with the process's peak RSS reported. A package of its own so the
// benchmark does not wait for the origami command line.
import PackageDescription

let package = Package(
    name: "photo-pipeline",
    dependencies: [.package(name: "origami", path: "../../..")],
    targets: [
        .executableTarget(
            name: "photo-pipeline",
            dependencies: [
                .product(name: "CraftImages", package: "origami"), .product(name: "CraftSchema", package: "origami"),
            ]
        )
    ]
)
