// swift-tools-version:6.0
// libFuzzer targets over CraftCore. Each folder in Targets/ is one fuzz executable; scripts/fuzz builds and runs them.
import Foundation
import PackageDescription

let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let names = ((try? FileManager.default.contentsOfDirectory(atPath: here.appendingPathComponent("Targets").path)) ?? [])
    .filter { !$0.hasPrefix(".") }
    .sorted()

let package = Package(
    name: "origami-fuzz",
    dependencies: [.package(name: "origami", path: "../..")],
    targets: names.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "CraftCore", package: "origami")],
            path: "Targets/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)
