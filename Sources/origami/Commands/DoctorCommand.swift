import CraftBackends
import CraftCore
import CraftSchema
import CraftVision

/// `origami doctor`: every setting with its source, the model each mode uses, and whether each backend can answer.
enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor",
        abstract: "Show the settings, each mode's model, and check every backend.",
        discussion: """
            Settings come from flags, then the environment, then the configuration file, then defaults. The API \
            key is shown only as set or unset. Modes shows the backend and model each mode uses and where that \
            came from: --model sets every mode's model, --small-model the one of term. Classifier checks the image \
            classifier that tells a model which cannot see what each photo most resembles (ORIGAMI_CLASSIFIER names \
            its directory). Exits 69 when none of the chosen backends is available.
            """)

    static func run(_ context: CommandContext) async throws {
        let configuration = try context.configuration()
        let console = context.console
        let style = console.out
        let file = Configuration.fileURL(environment: context.environment).path
        let present = (try? context.resolve(file).checkResourceIsReachable()) ?? false
        var text = style.bold("Configuration") + " " + style.dim("(\(file)\(present ? "" : ": not present"))") + "\n"
        for entry in configuration.entries {
            let name = entry.name.padding(toLength: 19, withPad: " ", startingAt: 0)
            let value = entry.value.padding(toLength: max(entry.value.count, 30), withPad: " ", startingAt: 0)
            text += "  \(name) \(value) " + style.dim(entry.source.description) + "\n"
        }
        let modes = BackendFactory(configuration: configuration).modeModels()
        text += "\n" + style.bold("Modes") + "\n"
        for assignment in modes.assignments {
            let names = assignment.modes.map(\.rawValue).joined(separator: ", ")
            text += "  " + names.padding(toLength: 28, withPad: " ", startingAt: 0) + " "
                + assignment.backend.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                + "\(assignment.shownModel)  " + style.dim("(\(assignment.origin))") + "\n"
        }
        let reports = await BackendReport.check(configuration)
        text += "\n" + style.bold("Backends") + "\n"
        for report in reports {
            text += "  " + report.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                + (report.chosen ? "* " : "  ") + summary(report, style: style) + "\n"
            for check in report.checks {
                text += "            " + (check.passed ? style.green("✓") : style.red("✗")) + " \(check.name): \(check.detail)\n"
            }
        }
        text += style.dim("  * chosen by the backend setting") + "\n"
        let classifier = ClassifierReport.check(ClassifierFiles(environment: context.environment))
        let place = "(\(classifier.files.directory), \(classifier.files.origin))"
        text += "\n" + style.bold("Classifier") + " " + style.dim(place) + "\n"
        for check in classifier.checks {
            text += "  " + (check.passed ? style.green("✓") : style.red("✗")) + " \(check.name): \(check.detail)\n"
        }
        text += "  " + style.dim("from \(ClassifierReport.source)") + "\n"
        console.result(text)
        console.event(
            "report",
            [("configFile", .string(file)),
             ("settings", .array(configuration.entries.map { entry in
                .object([("name", .string(entry.name)), ("value", .string(entry.value)),
                         ("source", .string(entry.source.description))])
             })),
             ("modes", .array(modes.assignments.map { assignment in
                .object([("modes", .array(assignment.modes.map { .string($0.rawValue) })),
                         ("backend", .string(assignment.backend.rawValue)), ("model", .string(assignment.model)),
                         ("origin", .string(assignment.origin))])
             })),
             ("backends", .array(reports.map(json))),
             ("classifier", .object([
                ("directory", .string(classifier.files.directory)), ("origin", .string(classifier.files.origin)),
                ("usable", .bool(classifier.isUsable)), ("source", .string(ClassifierReport.source)),
                ("checks", .array(classifier.checks.map { check in
                    .object([("name", .string(check.name)), ("passed", .bool(check.passed)),
                             ("detail", .string(check.detail))])
                })),
             ]))])
        guard reports.contains(where: { $0.chosen && $0.isAvailable }) else {
            throw BackendReport.NoneAvailable(chosen: configuration.backends.value)
        }
        let available = reports.filter { $0.chosen && $0.isAvailable }.map { GeneratedContent.string($0.kind.rawValue) }
        console.event("result", [("command", .string("doctor")), ("available", .array(available))])
    }

    private static func summary(_ report: BackendReport, style: Style) -> String {
        switch report.availability {
        case .available:
            return style.green("available") + (report.capabilities.map { "  " + describe($0) } ?? "")
        case .unavailable(let reason):
            return style.red("unavailable") + ": " + reason
        }
    }

    private static func describe(_ capabilities: Capabilities) -> String {
        var parts = [
            "vision " + (capabilities.vision ? "yes" : "no")
                + (capabilities.visionSource.map { " (\($0))" } ?? ""),
            "JSON schema " + (capabilities.nativeJSONSchema ? "yes" : "no"),
        ]
        if let context = capabilities.contextSize { parts.append("context \(context)") }
        return parts.joined(separator: ", ")
    }

    private static func json(_ report: BackendReport) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("name", .string(report.kind.rawValue)), ("chosen", .bool(report.chosen)),
            ("available", .bool(report.isAvailable)),
        ]
        if case .unavailable(let reason) = report.availability { fields.append(("reason", .string(reason))) }
        if let capabilities = report.capabilities { fields.append(("capabilities", .encoding(capabilities))) }
        if !report.checks.isEmpty {
            fields.append(("checks", .array(report.checks.map { check in
                .object([("name", .string(check.name)), ("passed", .bool(check.passed)),
                         ("detail", .string(check.detail))])
            })))
        }
        return .object(fields)
    }
}
