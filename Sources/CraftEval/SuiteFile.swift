import CraftBackends
import CraftCore

/// The suite file exactly as written, before paths are resolved and ground truth is looked up in the manifest.
///
/// Every object rejects keys it does not know, and every value is checked where it is read, so a problem is
/// reported with its path (`cases[3].expect.minIdeas`).
struct SuiteFile: Decodable {
    var name: String?
    var manifest: String?
    var defaults: Defaults
    var cases: [Case]
    var gates: EvalGates

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SuiteKey.self)
        try container.rejectUnknownKeys(["name", "manifest", "defaults", "gates", "cases"])
        name = try container.optional(String.self, "name")
        manifest = try container.optional(String.self, "manifest")
        defaults = try container.optional(Defaults.self, "defaults") ?? Defaults()
        gates = try container.optional(Gates.self, "gates")?.gates ?? EvalGates()
        cases = try container.required([Case].self, "cases")
        guard !cases.isEmpty else {
            throw SuiteProblem.invalid(path: "cases", problem: "the suite has no case; add at least one")
        }
    }

    /// The gates of the suite: rates from 0 to 1, counts from 0.
    struct Gates: Decodable {
        var gates = EvalGates()

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys([
                "minPassRate", "maxFalseCompleteRate", "minCategoryAccuracy", "minCategoryBalancedAccuracy",
                "minCoachBalancedAccuracy", "maxInstructionEcho", "maxRepeatedItems", "maxCappedAnswers",
                "minSchemaValidRate", "maxRetriesPerRun",
            ])
            gates.minPassRate = try container.rate("minPassRate")
            gates.maxFalseCompleteRate = try container.rate("maxFalseCompleteRate")
            gates.minCategoryAccuracy = try container.rate("minCategoryAccuracy")
            gates.minCategoryBalancedAccuracy = try container.rate("minCategoryBalancedAccuracy")
            gates.minCoachBalancedAccuracy = try container.rate("minCoachBalancedAccuracy")
            gates.maxInstructionEcho = try container.rate("maxInstructionEcho")
            gates.maxRepeatedItems = try container.count("maxRepeatedItems", atLeast: 0)
            gates.maxCappedAnswers = try container.count("maxCappedAnswers", atLeast: 0)
            gates.minSchemaValidRate = try container.rate("minSchemaValidRate")
            gates.maxRetriesPerRun = try container.count("maxRetriesPerRun", atLeast: 0)
        }
    }

    /// Settings every case inherits.
    struct Defaults: Decodable {
        var backend: String?
        var model: String?
        var repeats: Int?
        var timeoutSeconds: Double?
        var cassette: String?
        /// The servers of the ollama or openai backend: one URL, or a list (a pool), each maybe `URL#slots=N`.
        var baseURLs: [String]?

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["backend", "model", "cassette", "repeats", "timeoutSeconds", "baseURL"])
            cassette = try container.optional(String.self, "cassette")
            baseURLs = try Self.baseURLs(container)
            backend = try container.optional(String.self, "backend")
            model = try container.optional(String.self, "model")
            repeats = try container.count("repeats", atLeast: 1)
            timeoutSeconds = try container.positive("timeoutSeconds")
        }

        /// `baseURL`: a URL or a non-empty list of them, each checked as the configuration checks a base URL.
        private static func baseURLs(_ container: KeyedDecodingContainer<SuiteKey>) throws -> [String]? {
            guard container.contains(SuiteKey("baseURL")) else { return nil }
            var urls: [String] = []
            if let list = try? container.optional([String].self, "baseURL") {
                urls = list
            } else if let one = try container.optional(String.self, "baseURL") {
                urls = [one]
            }
            let kind = ValueKind<[PoolEndpoint]>.endpoints(defaultPort: nil)
            guard !urls.isEmpty, urls.allSatisfy({ kind.parse($0) != nil }) else {
                throw SuiteProblem.invalid(
                    path: SuiteDecoding.path(container.codingPath, "baseURL"), problem: "expected \(kind.expected)")
            }
            return urls
        }
    }

    struct Case: Decodable {
        var name: String
        var mode: EvalCase.Mode
        var inputs: Inputs
        var expect: Expect
        var repeats: Int?
        var timeoutSeconds: Double?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["name", "mode", "inputs", "expect", "repeats", "timeoutSeconds"])
            name = try container.required(String.self, "name")
            let modeText = try container.required(String.self, "mode")
            guard let mode = EvalCase.Mode(rawValue: modeText) else {
                let known = EvalCase.Mode.allCases.map(\.rawValue).joined(separator: ", ")
                throw SuiteProblem.invalid(
                    path: SuiteDecoding.path(container.codingPath, "mode"),
                    problem: "unknown mode \"\(modeText)\"; expected one of \(known)"
                )
            }
            self.mode = mode
            inputs = try container.optional(Inputs.self, "inputs") ?? Inputs()
            expect = try container.optional(Expect.self, "expect") ?? Expect()
            repeats = try container.count("repeats", atLeast: 1)
            timeoutSeconds = try container.positive("timeoutSeconds")
        }
    }

    struct Inputs: Decodable {
        var photos: [String] = []
        var hint: String?
        var idea: BrainstormIdea?
        var tutorial: Tutorial?
        var step: Int?
        var term: String?
        var library: String?
        var earlierPhoto: String?

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(
                ["photos", "hint", "idea", "tutorial", "step", "term", "library", "earlierPhoto"])
            photos = try container.optional([String].self, "photos") ?? []
            hint = try container.optional(String.self, "hint")
            idea = try container.optional(IdeaInput.self, "idea")?.idea
            tutorial = try container.optional(TutorialInput.self, "tutorial")?.tutorial
            step = try container.count("step", atLeast: 1)
            term = try container.optional(String.self, "term")
            library = try container.optional(String.self, "library")
            earlierPhoto = try container.optional(String.self, "earlierPhoto")
        }
    }

    /// An idea as a bare title or `{"title": …, "description": …}`.
    struct IdeaInput: Decodable {
        var idea: BrainstormIdea

        init(from decoder: any Decoder) throws {
            if let title = try? decoder.singleValueContainer().decode(String.self) {
                idea = BrainstormIdea(title: title, description: "")
                return
            }
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["title", "description"])
            idea = BrainstormIdea(
                title: try container.required(String.self, "title"),
                description: try container.optional(String.self, "description") ?? ""
            )
        }
    }

    /// A tutorial as `{"title": …, "materials": […], "steps": [step, …]}`, each step a text or
    /// `{"title": …, "instruction": …}`; steps are numbered from 1 in order.
    struct TutorialInput: Decodable {
        var tutorial: Tutorial

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["title", "materials", "steps"])
            let steps = try container.required([StepInput].self, "steps")
            guard !steps.isEmpty else {
                throw SuiteProblem.invalid(path: SuiteDecoding.path(container.codingPath, "steps"), problem: "a tutorial needs at least one step")
            }
            tutorial = Tutorial(
                title: try container.required(String.self, "title"),
                materials: try container.optional([String].self, "materials") ?? [],
                steps: steps.enumerated().map { TutorialStep(number: $0 + 1, title: $1.title ?? "Step \($0 + 1)", instruction: $1.instruction) }
            )
        }
    }

    struct StepInput: Decodable {
        var title: String?
        var instruction: String

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                instruction = text
                return
            }
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["title", "instruction"])
            title = try container.optional(String.self, "title")
            instruction = try container.required(String.self, "instruction")
        }
    }

    struct Expect: Decodable {
        var schemaValid: Bool?
        var minIdeas: Int?
        var labelsValid: Bool?
        var category: GroundTruth<[String: String]>?
        var stepComplete: GroundTruth<Bool>?
        var contains: [EvalExpectations.TextMatch] = []
        var notContains: [EvalExpectations.TextMatch] = []
        var maxLatencyMs: Double?
        var maxTokens: Int?
        var maxRetries: Int?

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys([
                "schemaValid", "minIdeas", "labelsValid", "category", "stepComplete", "contains", "notContains",
                "maxLatencyMs", "maxTokens", "maxRetries",
            ])
            schemaValid = try container.optional(Bool.self, "schemaValid")
            minIdeas = try container.count("minIdeas", atLeast: 0)
            labelsValid = try container.optional(Bool.self, "labelsValid")
            category = try container.optional(GroundTruth<[String: String]>.self, "category")
            stepComplete = try container.optional(GroundTruth<Bool>.self, "stepComplete")
            contains = try container.optional([EvalExpectations.TextMatch].self, "contains") ?? []
            notContains = try container.optional([EvalExpectations.TextMatch].self, "notContains") ?? []
            maxLatencyMs = try container.positive("maxLatencyMs")
            maxTokens = try container.count("maxTokens", atLeast: 1)
            maxRetries = try container.count("maxRetries", atLeast: 0)
        }
    }

    /// An expectation written out in the suite, or the word `"manifest"`: look it up in the manifest.
    enum GroundTruth<Value: Decodable>: Decodable {
        case given(Value)
        case manifest

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self) {
                guard word == "manifest" else {
                    throw SuiteProblem.invalid(
                        path: SuiteDecoding.path(decoder.codingPath),
                        problem: "expected a value or \"manifest\", found \"\(word)\""
                    )
                }
                self = .manifest
            } else {
                self = .given(try container.decode(Value.self))
            }
        }
    }
}
