@testable import CraftCore
import CraftTesting
import Foundation
import Testing

@Suite struct ProjectLibraryTests {
    /// The library file in the source tree: the one that is built into the resource bundle.
    static let sourceFile = PackageRoot.url.appendingPathComponent("Sources/CraftCore/Library/projects.json")

    static func library() throws -> ProjectLibrary {
        try ProjectLibrary.load(from: sourceFile)
    }

    /// The library's JSON with `change` applied to its first project (or the whole file).
    static func edited(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: sourceFile)) as! [String: Any]
        change(&root)
        return try JSONSerialization.data(withJSONObject: root)
    }

    static func editingProject(_ index: Int, _ change: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try edited { root in
            var projects = root["projects"] as! [[String: Any]]
            change(&projects[index])
            root["projects"] = projects
        }
    }

    static func problems(_ data: Data) -> [String] {
        do {
            _ = try ProjectLibrary(json: data, source: "edited.json")
            return []
        } catch LibraryError.invalid(_, let problems) {
            return problems
        } catch {
            return ["\(error)"]
        }
    }

    @Test func theShippedLibraryKeepsEveryRule() throws {
        let library = try Self.library()
        #expect(library.violations == [])
        #expect(library.projects.count >= 20)
        let crafts = Set(library.projects.map(\.craft))
        #expect(crafts.isSuperset(of: ["origami", "paper", "yarn"]) && !crafts.isDisjoint(with: ["fabric", "buttons"]))
        for classic in ["crane", "paper-cup", "paper-boat", "paper-plane", "masu-box", "jumping-frog", "fox-face",
                        "heart", "fortune-teller", "sonobe-unit", "waterbomb", "pinwheel", "paper-chain", "pom-pom",
                        "tassel", "finger-knitted-cord"] {
            #expect(library.project(named: classic) != nil, "the library lacks \(classic)")
        }
        let shapes = library.projects.flatMap(\.steps).compactMap(\.shape)
        #expect(shapes.count >= 40, "few folding steps say what shape they leave")
    }

    @Test func everyProjectTurnsIntoATutorialTheTutorialRulesAccept() throws {
        for project in try Self.library().projects {
            let tutorial = project.tutorial
            #expect(tutorial.ruleViolations == [], "\(project.id)")
            #expect(tutorial.libraryProject == project.id)
        }
    }

    @Test func theCommandFindsTheLibraryInTheResourceBundleBesideIt() throws {
        // The test binary lies in the build directory, beside the module's resource bundle, as the command does.
        let bundled = try ProjectLibrary.bundled()
        #expect(bundled == (try Self.library()))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("nowhere/bin/origami")
        #expect(throws: LibraryError.missing(searched: ProjectLibrary.locations(executable: missing).map(\.path))) {
            try ProjectLibrary.bundled(executable: missing)
        }
        #expect(ProjectLibrary.locations(executable: URL(fileURLWithPath: "/opt/o/bin/origami")).map(\.path) == [
            "/opt/o/bin/origami_CraftCore.resources/projects.json", "/opt/o/share/origami/projects.json",
        ])
    }

    @Test func findsAProjectByIdOrTitle() throws {
        let library = try Self.library()
        #expect(library.project(named: "paper-cup")?.title == "Paper Cup")
        #expect(library.project(named: "the paper cup")?.id == "paper-cup")
        #expect(library.project(named: "Paper Crane")?.id == "crane")
        #expect(library.project(named: "dragon") == nil)
    }

    @Test func aFoldThatGrowsThePieceIsRejected() throws {
        let data = try Self.editingProject(0) { project in
            var steps = project["steps"] as! [[String: Any]]
            steps[1]["shape"] = ["outline": "four-sided", "area": 0.6]
            project["steps"] = steps
        }
        #expect(Self.problems(data) == [
            "projects[0] (paper-cup).steps[1].shape: area 0.6 grows from 0.5 at the step before; a fold that lays "
                + "paper over itself never grows the piece",
        ])
    }

    @Test func aFoldAfterAnUnshapedOneIsNotComparedWithAnOlderShape() throws {
        // The crane's petal fold (step 4) swings the front point up past the square base and carries no shape; a
        // shape after it may be larger than the square base's without breaking the rule, and one right after a
        // shaped step may not.
        let grown = try Self.editingProject(1) { project in
            var steps = project["steps"] as! [[String: Any]]
            steps[4]["shape"] = ["outline": "four-sided", "area": 0.3, "aspect": 2.0]
            project["steps"] = steps
        }
        #expect(Self.problems(grown) == [])
        let afterShaped = try Self.editingProject(1) { project in
            var steps = project["steps"] as! [[String: Any]]
            steps[3]["shape"] = ["outline": "four-sided", "area": 0.2, "aspect": 2.0]
            steps[4]["shape"] = ["outline": "four-sided", "area": 0.3, "aspect": 2.0]
            project["steps"] = steps
        }
        #expect(Self.problems(afterShaped) == [
            "projects[1] (crane).steps[4].shape: area 0.3 grows from 0.2 at the step before; a fold that lays "
                + "paper over itself never grows the piece",
        ])
    }

    @Test func stepsOutOfOrderInsaneShapesAndDuplicateTitlesAreRejected() throws {
        let data = try Self.edited { root in
            var projects = root["projects"] as! [[String: Any]]
            var steps = projects[0]["steps"] as! [[String: Any]]
            steps[0]["number"] = 2
            steps[0]["shape"] = ["outline": "blob", "area": 1.5, "aspect": 0.5]
            steps[5]["shape"] = ["outline": "square", "area": 0.1]
            steps[4]["opens"] = true
            projects[0]["steps"] = steps
            projects[1]["title"] = "The paper cup!"
            root["projects"] = projects
        }
        let problems = Self.problems(data)
        #expect(problems.contains("projects[1].title: 'The paper cup!' repeats projects[0]"))
        #expect(problems.contains("projects[0] (paper-cup).steps[0].number: 2, expected 1"))
        #expect(problems.contains { $0.contains("steps[0].shape: outline 'blob' is not one of") })
        let first = "projects[0] (paper-cup).steps[0].shape: "
        #expect(problems.contains(first + "area 1.5 is not in (0, 1]: it is a share of the sheet"))
        #expect(problems.contains(first + "aspect 0.5 is under 1: it is the long side over the short side"))
        #expect(problems.contains("projects[0] (paper-cup).steps[5].shape: a make step has no flat outline to expect"))
        #expect(problems.contains(
            "projects[0] (paper-cup).steps[4].opens: only a make step opens the piece into a rim"))
    }

    @Test func theCupFollowsTheSamplePhotosSeries() throws {
        let cup = try #require(try Self.library().project(named: "paper-cup"))
        let manifest = PackageRoot.url.appendingPathComponent("SamplePhotos/manifest.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
        let series = root["progressSeries"] as! [String: Any]
        #expect((series["steps"] as! [String]).count == cup.steps.count)
        // Each complete progress photo of a folding step was drawn with the outline the library expects after it.
        let photos = root["photos"] as! [[String: Any]]
        for photo in photos where photo["complete"] as? Bool == true {
            guard let number = photo["step"] as? Int, let shape = cup.step(number)?.shape else { continue }
            let drawn = (photo["objects"] as! [[String: Any]])[0]["shape"] as! String
            #expect(drawn == shape.outline, "step \(number)")
        }
    }
}
