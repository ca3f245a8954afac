import CraftCore
import CraftSchema
import Foundation

/// The project shown to a person (status, and the parts other commands print) and to a script (JSON values).
struct ProjectRenderer {
    /// Styling of the stream the text goes to.
    var style: Style
    /// Columns to wrap at.
    var width: Int

    /// The whole project: photos, ideas, the tutorials kept, and the current tutorial's steps with the current one
    /// marked, its progress photos and its last feedback (another tutorial's progress is shown once it is current).
    func status(_ project: Project, path: String) -> String {
        var out = style.bold("Project") + " " + path + " " + style.dim("(revision \(project.revision))") + "\n"
        out += "\n" + style.bold("Photos") + "\n"
        let photos = project.brainstormPhotos
        if photos.isEmpty { out += "  (none)\n" }
        for photo in photos {
            let analysis = project.analyses.last { $0.image.label == photo.label }
            let category = analysis.map { "  " + style.dim($0.typeOfImage.rawValue) } ?? ""
            out += "  " + style.cyan(photo.label) + "  " + photo.path + category + "\n"
        }
        out += "\n" + ideas(project)
        if project.tutorials.count > 1 { out += "\n" + tutorials(project) }
        if let current = project.currentTutorial {
            out += "\n" + steps(current, idea: project.ideaNumber(of: current.idea)) { number in
                project.photos(ofStep: number, in: current).map { "Photo: " + style.cyan($0.label) + "  " + $0.path }
            }
            if let last = current.feedback.last {
                out += "\n" + feedback(last, heading: "Last feedback")
            }
        }
        return out
    }

    /// The ideas, numbered from 1; the current tutorial's idea marked chosen, an idea with another tutorial marked
    /// with its number.
    func ideas(_ project: Project) -> String {
        var out = style.bold("Ideas") + "\n"
        if project.ideas.isEmpty { out += "  (none yet: run 'origami brainstorm PHOTO...')\n" }
        for (index, entry) in project.ideas.enumerated() {
            let written = project.tutorial(for: entry)
            let mark = written.map { $0.number == project.currentTutorialNumber ? "chosen" : "tutorial \($0.number)" }
            out += idea(
                number: index + 1, title: entry.title, description: entry.description, mark: mark,
                fromLibrary: entry.libraryProject != nil)
        }
        return out
    }

    /// One idea: its number and title, marked when it is from the library (and with a mark such as "chosen"),
    /// then its description indented.
    func idea(number: Int, title: String, description: String, mark: String? = nil, fromLibrary: Bool = false)
        -> String {
        "  \(number). " + style.bold(title) + (fromLibrary ? style.dim(" (from the library)") : "")
            + (mark.map { style.green(" (\($0))") } ?? "") + "\n" + wrap(description, indent: 5)
    }

    /// The tutorials the project keeps, the current one marked →, each with where it stands.
    func tutorials(_ project: Project) -> String {
        var out = style.bold("Tutorials") + "\n"
        for progress in project.tutorials {
            let current = progress.number == project.currentTutorialNumber
            let idea = project.ideaNumber(of: progress.idea).map { "idea \($0), " } ?? ""
            out += "  " + (current ? style.yellow("→") : " ") + " \(progress.number). "
                + (current ? style.bold(progress.tutorial.title) : progress.tutorial.title)
                + style.dim("  (\(idea)\(standing(progress)))") + "\n"
        }
        return out + style.dim("  Switch with: origami tutorial --switch N") + "\n"
    }

    /// Where a tutorial stands: "step 2 of 5" or "all 5 steps done".
    func standing(_ progress: TutorialProgress) -> String {
        progress.isFinished ? "all \(progress.stepCount) steps done"
            : "step \(progress.currentStep) of \(progress.stepCount)"
    }

    /// A tutorial: title, materials, steps with ✓ for done and → for the current one; `notes` gives lines shown under
    /// a step (its progress photos in `status`). `idea` is its idea's number in the latest brainstorm, if there.
    func steps(_ progress: TutorialProgress, idea: Int?, notes: (Int) -> [String] = { _ in [] }) -> String {
        let tutorial = progress.tutorial
        let current = progress.currentStep
        var out = style.bold("Tutorial: " + tutorial.title)
            + style.dim(" (tutorial \(progress.number)" + (idea.map { ", idea \($0)" } ?? "") + ")") + "\n"
        out += style.dim("  " + Self.origin(of: tutorial)) + "\n"
        if !tutorial.materials.isEmpty {
            out += wrap("Materials: " + tutorial.materials.joined(separator: ", "), indent: 2)
        }
        for (index, step) in tutorial.steps.enumerated() {
            let number = index + 1
            let mark = number < current ? style.green("✓") : number == current ? style.yellow("→") : " "
            out += "  \(mark) \(number). " + (number == current ? style.bold(step.title) : step.title) + "\n"
            out += wrap(step.instruction, indent: 7)
            for line in notes(number) { out += String(repeating: " ", count: 7) + line + "\n" }
        }
        if progress.isFinished {
            out += "  " + style.green("All steps are complete.") + "\n"
        }
        return out
    }

    /// Where a tutorial's steps come from, in words: the checked library, or the model.
    static func origin(of tutorial: Tutorial) -> String {
        tutorial.libraryProject == nil
            ? "Written by the model: check each step against what you know."
            : "From origami's library of checked projects (\(tutorial.libraryProject!))."
    }

    /// One coaching answer: its sections, the verdict and the completion message.
    func feedback(_ feedback: Project.Feedback, heading: String? = nil) -> String {
        var out = heading.map { style.bold("\($0) (step \(feedback.step))") + "\n" } ?? ""
        for section in feedback.feedback.sections {
            out += "  " + style.bold(section.title) + "\n" + wrap(section.body, indent: 4)
        }
        out += "  " + (feedback.isStepComplete
            ? style.green("Step \(feedback.step) is complete.")
            : style.yellow("Step \(feedback.step) is not complete yet.")) + "\n"
        if let message = feedback.feedback.completionMessage, feedback.isStepComplete {
            out += wrap(message, indent: 4)
        }
        return out
    }

    /// The photos block while pass 1 streams: each label, its category once known, its analysis so far.
    func analysisLines(_ analyses: [ImageAnalysis.PartiallyGenerated]) -> [String] {
        var lines = [style.bold("Photos")]
        for analysis in analyses {
            lines.append("  " + style.cyan(analysis.image ?? "…") + "  " + style.dim(analysis.typeOfImage?.rawValue ?? ""))
            guard let text = analysis.analysis, !text.isEmpty else { continue }
            lines += analysis.describedByOrigami
                ? wrapLines("origami's description (the model cannot see): " + text, indent: 4).map(style.dim)
                : wrapLines(text, indent: 4)
        }
        return lines
    }

    /// The photos block when final: every photo of the project with its category and analysis, origami's description
    /// labelled as such when the model could not see.
    func photoLines(_ photos: [(record: Project.PhotoRecord, analysis: ImageAnalysis?)]) -> [String] {
        var lines = [style.bold("Photos")]
        for (record, analysis) in photos {
            let category = analysis.map { "  " + style.dim($0.typeOfImage.rawValue) } ?? ""
            lines.append("  " + style.cyan(record.label) + "  " + record.path + category)
            guard let analysis else { continue }
            if analysis.describedByOrigami == true {
                lines += wrapLines("origami's description (the model cannot see): " + analysis.analysis, indent: 4)
                    .map(style.dim)
            } else {
                lines += wrapLines(analysis.analysis, indent: 4)
            }
        }
        return lines
    }

    /// The ideas block, complete or while it streams: numbered titles, descriptions below.
    func ideaLines(_ ideas: [(title: String?, description: String?)]) -> [String] {
        var lines = [style.bold("Ideas")]
        for (index, idea) in ideas.enumerated() {
            lines.append("  \(index + 1). " + style.bold(idea.title ?? "…"))
            if let text = idea.description, !text.isEmpty { lines += wrapLines(text, indent: 5) }
        }
        return lines
    }

    /// A tutorial while it streams: title, materials and the steps so far.
    func partialTutorialLines(_ tutorial: Tutorial.PartiallyGenerated) -> [String] {
        var lines = [style.bold("Tutorial: " + (tutorial.title ?? "…"))]
        if let materials = tutorial.materials, !materials.isEmpty {
            lines += wrapLines("Materials: " + materials.joined(separator: ", "), indent: 2)
        }
        for (index, step) in (tutorial.steps ?? []).enumerated() {
            lines.append("    \(step.number ?? index + 1). " + (step.title ?? "…"))
            if let text = step.instruction, !text.isEmpty { lines += wrapLines(text, indent: 7) }
        }
        return lines
    }

    /// `text` wrapped to the width, as lines.
    func wrapLines(_ text: String, indent: Int) -> [String] {
        text.wrapped(indent: indent, width: max(40, width)).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// `text` wrapped to the width, indented, ending in a newline.
    func wrap(_ text: String, indent: Int) -> String {
        text.wrapped(indent: indent, width: max(40, width)) + "\n"
    }
}
