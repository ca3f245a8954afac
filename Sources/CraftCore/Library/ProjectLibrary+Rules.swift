extension ProjectLibrary {
    /// The crafts a project may be of.
    public static let crafts: Set<String> = ["origami", "paper", "yarn", "fabric", "buttons"]
    /// The difficulties a project may have, easiest first.
    public static let difficulties = ["beginner", "easy", "intermediate"]
    /// The kinds of supply brainstorm can recognise in a photo's analysis.
    public static let supplyKinds: Set<String> = ["paper", "card", "yarn", "fabric", "buttons", "thread"]
    /// How much a folding step's area may exceed the one before: rounding of the written shares.
    static let areaTolerance = 0.005

    /// Every way the library breaks its rules: ids and titles unique, ids typeable, each project complete, its steps
    /// numbered 1, 2, 3 … with the tutorial's step count, every shape sane, and no folding step growing the piece
    /// from the step before's shape.
    public var violations: [String] {
        var found: [String] = []
        let titles = CraftText.earlierDuplicates(projects) { CraftText.nearKey($0.title) }
        for (index, earlier) in titles.enumerated() where earlier != nil {
            found.append("projects[\(index)].title: '\(projects[index].title)' repeats projects[\(earlier!)]")
        }
        for (index, earlier) in CraftText.earlierDuplicates(projects, identity: \.id).enumerated() where earlier != nil {
            found.append("projects[\(index)].id: '\(projects[index].id)' repeats projects[\(earlier!)]")
        }
        for (index, project) in projects.enumerated() {
            found += project.violations.map { "projects[\(index)] (\(project.id)).\($0)" }
        }
        return found
    }
}

extension LibraryProject {
    /// What is wrong with this project on its own.
    public var violations: [String] {
        var found: [String] = []
        if id.isEmpty || !id.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) || id.first == "-" {
            found.append("id: '\(id)' must be lower-case letters, digits and hyphens")
        }
        for (name, text) in [("title", title), ("description", description), ("source", source)]
        where text.allSatisfy(\.isWhitespace) {
            found.append("\(name): must not be empty")
        }
        if description.contains("\n") { found.append("description: must be one line") }
        if !ProjectLibrary.crafts.contains(craft) { found.append("craft: '\(craft)' is not a known craft") }
        if !ProjectLibrary.difficulties.contains(difficulty) {
            let known = ProjectLibrary.difficulties.joined(separator: ", ")
            found.append("difficulty: '\(difficulty)' is not one of \(known)")
        }
        if materials.isEmpty { found.append("materials: must list at least one") }
        if supplies.isEmpty { found.append("supplies: must name at least one kind of supply") }
        for supply in supplies where !ProjectLibrary.supplyKinds.contains(supply) {
            found.append("supplies: '\(supply)' is not a kind brainstorm recognises")
        }
        if !Tutorial.stepCountRange.contains(steps.count) {
            found.append("steps: \(steps.count) steps; a tutorial has \(Tutorial.stepCountRange)")
        }
        found += stepViolations
        return found
    }

    /// Steps numbered in order, each with a title and an instruction, shapes only on flat folded pieces, each shape
    /// sane, and no folding step with a larger area than the step before's shape (the sheet's, 1, for step 1). A
    /// fold that lays paper over itself never grows the outline; one that swings a point out past the edge (a petal
    /// fold, raised ears) can, so such a step carries no shape, and the step after it is not compared with an
    /// older one.
    var stepViolations: [String] {
        var found: [String] = []
        var lastArea: Double? = 1.0
        if let sheet,
           !(sheet.outline == "square" && sheet.aspect == 1 || sheet.outline == "rectangle" && sheet.aspect > 1) {
            found.append("sheet: a square with aspect 1 or a rectangle with aspect over 1")
        }
        for (index, step) in steps.enumerated() {
            let name = "steps[\(index)]"
            if step.number != index + 1 { found.append("\(name).number: \(step.number), expected \(index + 1)") }
            if step.title.allSatisfy(\.isWhitespace) { found.append("\(name).title: must not be empty") }
            if step.instruction.allSatisfy(\.isWhitespace) { found.append("\(name).instruction: must not be empty") }
            if step.opens == true, step.kind != .make {
                found.append("\(name).opens: only a make step opens the piece into a rim")
            }
            guard let shape = step.shape else {
                lastArea = nil
                continue
            }
            if sheet == nil { found.append("\(name).shape: a shape needs the project's sheet") }
            if step.kind == .make { found.append("\(name).shape: a make step has no flat outline to expect") }
            found += shape.violations.map { "\(name).shape: \($0)" }
            if step.kind == .fold, let lastArea, shape.area > lastArea + ProjectLibrary.areaTolerance {
                found.append("\(name).shape: area \(shape.area) grows from \(lastArea) at the step before; a fold "
                    + "that lays paper over itself never grows the piece")
            }
            lastArea = shape.area
        }
        return found
    }
}
