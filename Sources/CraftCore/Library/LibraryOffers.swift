public import CraftBackends

/// Which library projects a brainstorm offers the model, and which of the model's ideas are library projects.
///
/// The photos' analyses say what supplies there are (paper, yarn, fabric, buttons …); the library projects those
/// supplies make are named to the model, which chooses among them and its own ideas and says why. An idea whose
/// title is a library project's becomes that project (its tutorial then comes from the library, not the model) and
/// is shown with the library's description: the small model's own words about a library project were often wrong
/// (a paper plane "easily flapped to fly"). When the model chose none, the best-fitting one is offered beside its
/// ideas, with the library's description too.
public struct LibraryOffers: Sendable {
    /// The library the offers come from.
    public var library: ProjectLibrary
    /// How many projects are named to the model: enough to choose from, few enough to keep the prompt short.
    public static let limit = 4

    /// Creates offers from a library.
    public init(library: ProjectLibrary) {
        self.library = library
    }

    /// The words in an analysis that show each kind of supply.
    public static let supplyWords: [String: Set<String>] = [
        "paper": ["paper", "papers", "origami", "sheet", "sheets", "cardstock"],
        "card": ["card", "cards", "cardboard", "cardstock"],
        "yarn": ["yarn", "yarns", "wool", "skein", "skeins", "knitting"],
        "fabric": ["fabric", "fabrics", "cloth", "felt", "cotton", "linen", "textile"],
        "buttons": ["button", "buttons"],
        "thread": ["thread", "threads", "floss", "embroidery"],
    ]

    /// The kinds of supply the analyses of supply and finished-piece photos name (inspiration is not a supply).
    public static func supplies(in analyses: [ImageAnalysis]) -> Set<String> {
        let words = Set(analyses.filter { $0.typeOfImage != .inspiration }.flatMap { CraftText.words($0.analysis) })
        return Set(supplyWords.filter { !$0.value.isDisjoint(with: words) }.keys)
    }

    /// The library projects the analysed supplies make: those the person's hint names first, then the easiest, in
    /// the library's order; at most `limit`.
    public func candidates(for analyses: [ImageAnalysis], hint: String? = nil) -> [LibraryProject] {
        let easiest = Self.easiestFirst(library.projects(makeableWith: Self.supplies(in: analyses)))
        let asked = Set(CraftText.words(hint ?? ""))
        let named = easiest.filter { !asked.isDisjoint(with: CraftText.words($0.title)) }
        let others = easiest.filter { asked.isDisjoint(with: CraftText.words($0.title)) }
        return Array((named + others).prefix(Self.limit))
    }

    /// The brainstorm's ideas prompt with the offered projects named after it, or unchanged when there are none.
    public static func prompt(_ prompt: Prompt, offering projects: [LibraryProject]) -> Prompt {
        guard !projects.isEmpty else { return prompt }
        let named = projects.map { "\"\($0.title)\" (\($0.description))" }.joined(separator: "; ")
        let text = """
            origami's library has checked steps for these projects, which the supplies allow: \(named). If one of \
            them suits these supplies, you may offer it among your ideas under its exact title and say why it \
            suits them; the library supplies its steps.
            """
        return Prompt(prompt.segments + [.text(text)])
    }

    /// Words a title may add to or leave out of a library project's and still name it: paper is what origami folds,
    /// and "a classic paper boat" is the library's Paper Boat.
    public static let plainTitleWords: Set<String> = [
        "origami", "paper", "folded", "folding", "simple", "easy", "classic", "traditional", "basic", "little",
        "mini", "small",
    ]

    /// Whether an idea's `title` names `project`: it holds the project's title (articles aside), or its words are the
    /// project's once `plainTitleWords` and plurals are set aside ("Origami Cranes" is the library's Paper Crane;
    /// "Heart Garland" is not its Paper Heart, and "Paper Bookmark" is not its Fabric Bookmark).
    public static func names(_ project: LibraryProject, _ title: String) -> Bool {
        if (" " + CraftText.nearKey(title) + " ").contains(" " + CraftText.nearKey(project.title) + " ") {
            return true
        }
        func distinct(_ text: String) -> Set<String> {
            Set(CraftText.nearKey(text).split(separator: " ").map { singular(String($0)) }
                .filter { !plainTitleWords.contains($0) })
        }
        let words = distinct(project.title)
        return !words.isEmpty && distinct(title) == words
    }

    /// Other names of a word in the library's titles.
    static let synonyms = ["airplane": "plane", "aeroplane": "plane", "aeroplanes": "plane", "airplanes": "plane"]

    /// A word without its plural ending, in the library's own name: "cranes" is "crane", "boxes" is "box",
    /// "airplane" is "plane", "glass" stays.
    static func singular(_ word: String) -> String {
        if let name = synonyms[word] { return name }
        if word.count > 4, word.hasSuffix("es"), ["x", "s", "ch", "sh"].contains(where: word.dropLast(2).hasSuffix) {
            return String(word.dropLast(2))
        }
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    /// The ideas with every one that names a project the supplies make marked as that project (under the library's
    /// title and with its description); when none does and `offered` is not empty, the first offered project is
    /// added after them, and, when no `hint` narrowed what the person wants and the photos show another kind of
    /// supply, the easiest project of that kind too: a person who photographed paper and yarn gets a checked
    /// project for each, not only for the paper.
    public func marked(
        _ ideas: [BrainstormIdea], analyses: [ImageAnalysis], offered: [LibraryProject], hint: String? = nil
    ) -> [BrainstormIdea] {
        let makeable = library.projects(makeableWith: Self.supplies(in: analyses))
        var taken: Set<String> = []
        var result = ideas.map { idea in
            var idea = idea
            if let project = makeable.first(where: { !taken.contains($0.id) && Self.names($0, idea.title) }) {
                taken.insert(project.id)
                idea.title = project.title
                idea.description = project.description
                idea.libraryProject = project.id
            }
            return idea
        }
        if taken.isEmpty, let first = offered.first {
            var added = [first]
            let other = makeable.filter { $0.supplies.allSatisfy { !first.supplies.contains($0) } }
            if hint?.isEmpty ?? true, let easiest = Self.easiestFirst(other).first { added.append(easiest) }
            result += added.map { project in
                BrainstormIdea(
                    title: project.title,
                    description: project.description + " (From origami's library of checked projects.)",
                    libraryProject: project.id)
            }
        }
        return result
    }

    /// The last answer of an ideas pass that still repeats an idea after its correction, made valid: each repeat
    /// dropped and, when fewer than three ideas are left, the offered projects not named yet added after them, so a
    /// small model's repeated title does not cost the person their brainstorm. Nil when that does not make three.
    public static func rescue(_ list: BrainstormIdeaList, offered: [LibraryProject])
        -> (value: BrainstormIdeaList, repair: String)? {
        var ideas = zip(list.ideas, list.repeatedTitles).filter { $0.1 == nil }.map(\.0)
        let dropped = list.ideas.count - ideas.count
        let unnamed = offered.filter { project in !ideas.contains { names(project, $0.title) } }
        let added = unnamed.prefix(max(0, 3 - ideas.count)).map { project in
            BrainstormIdea(title: project.title, description: project.description, libraryProject: project.id)
        }
        ideas += added
        guard dropped > 0, ideas.count >= 3 else { return nil }
        let plural = dropped == 1 ? "idea that repeated an earlier one" : "ideas that repeated earlier ones"
        let filled = added.isEmpty ? "" : "; added from the library: " + added.map(\.title).joined(separator: ", ")
        return (BrainstormIdeaList(ideas: ideas), "dropped \(dropped) \(plural)\(filled)")
    }

    /// `projects` from the easiest to the hardest, in the library's order within a difficulty.
    static func easiestFirst(_ projects: [LibraryProject]) -> [LibraryProject] {
        func rank(_ project: LibraryProject) -> Int {
            ProjectLibrary.difficulties.firstIndex(of: project.difficulty) ?? 0
        }
        return projects.enumerated().sorted { left, right in
            let (a, b) = (rank(left.element), rank(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }
}
