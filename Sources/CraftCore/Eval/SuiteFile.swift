/// The suite file exactly as written, before paths are resolved and ground truth is looked up in the manifest.
///
/// Every object rejects keys it does not know, and every value is checked where it is read, so a problem is
/// reported with its path (`cases[3].expect.minIdeas`).
struct SuiteFile: Decodable {
    var name: String?
    var manifest: String?
    var defaults: Defaults
    var cases: [Case]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SuiteKey.self)
        try container.rejectUnknownKeys(["name", "manifest", "defaults", "cases"])
        name = try container.optional(String.self, "name")
        manifest = try container.optional(String.self, "manifest")
        defaults = try container.optional(Defaults.self, "defaults") ?? Defaults()
        cases = try container.required([Case].self, "cases")
        guard !cases.isEmpty else {
            throw SuiteProblem.invalid(path: "cases", problem: "the suite has no case; add at least one")
        }
    }

    /// Settings every case inherits.
    struct Defaults: Decodable {
        var backend: String?
        var model: String?
        var repeats: Int?
        var timeoutSeconds: Double?
        var cassette: String?

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["backend", "model", "cassette", "repeats", "timeoutSeconds"])
            cassette = try container.optional(String.self, "cassette")
            backend = try container.optional(String.self, "backend")
            model = try container.optional(String.self, "model")
            repeats = try container.count("repeats", atLeast: 1)
            timeoutSeconds = try container.positive("timeoutSeconds")
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
        var idea: String?
        var tutorial: [String]?
        var stepText: String?
        var step: Int?
        var term: String?

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["photos", "hint", "idea", "tutorial", "stepText", "step", "term"])
            photos = try container.optional([String].self, "photos") ?? []
            hint = try container.optional(String.self, "hint")
            idea = try container.optional(String.self, "idea")
            tutorial = try container.optional([String].self, "tutorial")
            stepText = try container.optional(String.self, "stepText")
            step = try container.count("step", atLeast: 1)
            term = try container.optional(String.self, "term")
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

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys([
                "schemaValid", "minIdeas", "labelsValid", "category", "stepComplete", "contains", "notContains",
                "maxLatencyMs", "maxTokens",
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
