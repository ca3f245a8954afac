// swift-tools-version:6.0
// libFuzzer targets over origami's modules. Each folder in Targets/ is one fuzz executable; scripts/fuzz builds and
// runs them. Each target takes the modules it imports (all of origami's libraries when it is not listed here).
import Foundation
import PackageDescription

let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let names = ((try? FileManager.default.contentsOfDirectory(atPath: here.appendingPathComponent("Targets").path)) ?? [])
    .filter { !$0.hasPrefix(".") }
    .sorted()

let modules: [String: [String]] = [
    "CraftDecoding": ["CraftSchema", "CraftCore"],
    "NDJSONSplitter": ["CraftBackends"],
    "PartialJSON": ["CraftSchema"],
    "PhotoHeaders": ["CraftImages"],
    "SSESplitter": ["CraftBackends"],
]

let package = Package(
    name: "origami-fuzz",
    dependencies: [.package(name: "origami", path: "../..")],
    targets: names.map { name in
        .executableTarget(
            name: name,
            dependencies: (modules[name] ?? ["CraftSchema", "CraftImages", "CraftBackends", "CraftCore"]).map {
                .product(name: $0, package: "origami")
            },
            path: "Targets/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)
