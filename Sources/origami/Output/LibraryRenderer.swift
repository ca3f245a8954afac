import CraftCore

/// The library as text: the list of projects, and one project with its steps and the shapes they leave.
struct LibraryRenderer {
    /// The project renderer whose style, width and wrapping this one shares.
    var projects: ProjectRenderer

    /// Every project on a line: id, title, craft, difficulty.
    func list(_ library: ProjectLibrary) -> String {
        let style = projects.style
        let idWidth = library.projects.map(\.id.count).max() ?? 0
        let titleWidth = library.projects.map(\.title.count).max() ?? 0
        var out = style.bold("Library") + style.dim(" (\(library.projects.count) checked projects)") + "\n"
        for project in library.projects {
            out += "  " + style.cyan(pad(project.id, idWidth)) + "  " + pad(project.title, titleWidth) + "  "
                + style.dim(project.craft + ", " + project.difficulty) + "\n"
        }
        return out
    }

    /// One project: title, description, materials, steps with the shape each fold leaves (or the rim a step that
    /// opens the piece shows), and the source.
    func show(_ project: LibraryProject) -> String {
        let style = projects.style
        var out = style.bold(project.title) + style.dim(" (\(project.id): \(project.craft), \(project.difficulty))")
        out += "\n" + projects.wrap(project.description, indent: 2)
        out += projects.wrap("Materials: " + project.materials.joined(separator: ", "), indent: 2)
        if let sheet = project.sheet {
            let aspect = sheet.aspect == 1 ? "" : ", \(ExpectedShape.ratio(sheet.aspect)) times as long as wide"
            out += projects.wrap("Start: a \(sheet.outline) sheet\(aspect).", indent: 2)
        }
        for step in project.steps {
            out += "  \(step.number). " + step.title + "\n" + projects.wrap(step.instruction, indent: 5)
            if let shape = step.shape {
                out += projects.wrap(style.dim("Leaves " + shape.words + "."), indent: 5)
            }
            if step.opens == true {
                out += projects.wrap(style.dim("Opens the piece: its rim shows as a curved edge of the outline."),
                                     indent: 5)
            }
        }
        out += projects.wrap(style.dim("Source: " + project.source), indent: 2)
        return out
    }

    /// The coach's shape check in one sentence for the person.
    static func shapeLine(_ check: ShapeCheck, overruled: Bool) -> String {
        let expected = "Shape check: this step should leave \(check.expected.words)"
        switch check.verdict {
        case .agrees: return expected + "; the photo's outline is \(check.measured!), which agrees."
        case .disagrees:
            return expected + "; the photo's outline is \(check.measured!)"
                + (overruled ? ", so the model's 'complete' was not taken." : ".")
        case .unmeasured: return expected + "; no outline could be measured in the photo."
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
