@testable import CraftCore
@testable import CraftImages
import Foundation
import Testing

/// `origami status --html`: one self-contained page with every step, its progress photos and latest feedback.
@Suite struct TutorialPageTests {
    static let tutorial = Tutorial(
        title: "Paper <Cup>", materials: ["a square of paper"],
        steps: [
            TutorialStep(number: 1, title: "Fold a triangle", instruction: "Fold corner to corner."),
            TutorialStep(number: 2, title: "Fold the sides", instruction: "Fold each side corner across."),
            TutorialStep(number: 3, title: "Tuck the flaps", instruction: "Tuck the top flaps down."),
        ])

    static func project() -> Project {
        var project = Project(now: Date(timeIntervalSince1970: 0))
        project.ideas = [BrainstormIdea(title: "Cup", description: "A cup & a lid.")]
        let number = project.addTutorial(tutorial, for: project.ideas[0], now: Date(timeIntervalSince1970: 0))
        project.photos = [
            .init(label: "Photo_aaaaaa", path: "supplies.jpg", sha256: "a"),
            .init(label: "Photo_111111", path: "one.jpg", sha256: "1"),
            .init(label: "Photo_222222", path: "gone.jpg", sha256: "2"),
        ]
        project.updateTutorial(number: number) { progress in
            progress.record(Project.Feedback(
                step: 1, photoLabels: ["Photo_111111"],
                feedback: CoachFeedback(
                    observation: "A neat triangle.", sections: [CoachSection(title: "What You Did Well", body: "Crisp.")],
                    isCurrentStepComplete: true, completionMessage: "Well folded."),
                modelSawPhotos: false, evidence: .note, note: "I folded it <carefully>", date: Date()))
            progress.file(photo: "Photo_222222", underStep: 2)
        }
        return project
    }

    /// Thumbnails by label: the first progress photo reads, the second is gone.
    static let thumbnails: TutorialPage.Thumbnailer = { record, _ in
        record.label == "Photo_111111" ? .success(Data([0xFF, 0xD8, 0xFF])) : .failure(.missing)
    }

    @Test func everyStepIsOnThePageWithItsPhotosAndTheCurrentOneMarked() {
        let html = TutorialPage.render(Self.project(), root: URL(fileURLWithPath: "/p"), thumbnail: Self.thumbnails)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<h1>Paper &lt;Cup&gt;</h1>"))
        #expect(html.contains("A cup &amp; a lid."))
        #expect(html.contains("<li>a square of paper</li>"))
        for step in Self.tutorial.steps { #expect(html.contains(step.title)) }
        #expect(html.contains("<li class=\"step done\"><h2><span class=\"number\">1</span> Fold a triangle"))
        #expect(html.contains("<li class=\"step current\"><h2><span class=\"number\">2</span> Fold the sides "
            + "<span class=\"badge\">current step</span>"))
        #expect(html.contains("<li class=\"step todo\"><h2><span class=\"number\">3</span> Tuck the flaps</h2>"))
        // Step 1's photo inline; step 2's named with the reason; brainstorm's supplies photo on no step.
        #expect(html.contains("src=\"data:image/jpeg;base64,/9j/\""))
        #expect(html.contains("gone.jpg: the file is gone"))
        #expect(!html.contains("supplies.jpg"))
        // The latest feedback, the person's words quoted and escaped, the verdict and what it rested on.
        #expect(html.contains("You said: “I folded it &lt;carefully&gt;”"))
        #expect(html.contains("Complete: Well folded."))
        #expect(html.contains("the model cannot see"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"))
    }

    /// The page says what the model had at that check: a seeing model's check is not called blind, whatever the
    /// conversation restored from the project file holds.
    @Test(arguments: [
        (CoachEvidence.photo, true, "The model saw the photo."),
        (.change, false, "the change measured since the earlier one; the model cannot see."),
        (.description, false, "Judged from origami&#39;s description of the photo; the model cannot see."),
    ])
    func theFeedbackSaysWhatTheModelHadAtThatCheck(evidence: CoachEvidence, saw: Bool, words: String) {
        var project = Self.project()
        project.tutorials[0].feedback[0].evidence = evidence
        project.tutorials[0].feedback[0].modelSawPhotos = saw
        project.tutorials[0].feedback[0].note = nil
        let html = TutorialPage.render(project, root: URL(fileURLWithPath: "/p"), thumbnail: Self.thumbnails)
        #expect(html.contains(words), "\(html)")
        #expect(html.contains("the model cannot see") == !saw)
    }

    @Test func aPhotoThatChangedSinceItWasCheckedIsNotShown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SamplePhotos/paper-warm.jpg")
        try FileManager.default.copyItem(at: sample, to: root.appendingPathComponent("one.jpg"))
        let record = Project.PhotoRecord(label: "Photo_111111", path: "one.jpg", sha256: "not its hash")
        let url = root.appendingPathComponent("one.jpg")
        #expect(TutorialPage.standardThumbnailer(record, url) == .failure(.changed))
        let hash = try Photo.load(contentsOf: url).sha256
        var same = record
        same.sha256 = hash
        guard case .success(let jpeg) = TutorialPage.standardThumbnailer(same, url) else {
            Issue.record("the unchanged photo gave no thumbnail")
            return
        }
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        #expect(TutorialPage.standardThumbnailer(same, root.appendingPathComponent("nothing.jpg")) == .failure(.missing))
    }

    @Test func aProjectWithoutATutorialSaysWhatToRun() {
        var project = Project()
        project.ideas = [BrainstormIdea(title: "Cup", description: "A cup.")]
        let html = TutorialPage.render(project, root: URL(fileURLWithPath: "/p"), thumbnail: Self.thumbnails)
        #expect(html.contains("There is no tutorial yet: run <code>origami tutorial</code>."))
    }

    @Test func anUnwritableFileIsNamedWithTheReason() {
        let file = URL(fileURLWithPath: "/nonexistent-dir/page.html")
        #expect(throws: TutorialPage.WriteError(file: file.path, reason: "no such directory")) {
            try TutorialPage.write(Self.project(), root: URL(fileURLWithPath: "/p"), to: file)
        }
    }
}
