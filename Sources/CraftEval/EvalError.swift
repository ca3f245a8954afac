public import CraftSchema

/// Everything that stops an eval run before or after its cases: a suite or manifest that cannot be read or makes
/// no sense, a report that cannot be written, a gate that failed.
///
/// A case that errors is not one of these: it becomes a failed case carrying its error, and the run goes on.
public enum EvalError: Error, Sendable, Hashable {
    // MARK: The suite file

    /// The suite, manifest or report file does not exist or cannot be read.
    case missingFile(file: String, role: String, detail: String)
    /// The file is not JSON at all.
    case notJSON(file: String, detail: String)
    /// A key holds a value of the wrong kind or out of range; `path` is e.g. `cases[2].expect.minIdeas`.
    case invalidValue(file: String, path: String, problem: String)
    /// A key that the format does not know (often a typo).
    case unknownKey(file: String, path: String, known: [String])
    /// A key the format needs is absent.
    case missingKey(file: String, path: String)
    /// A photo named by a case does not exist.
    case missingPhoto(file: String, path: String, photo: String)
    /// The suite asks for ground truth from the manifest for a photo the manifest does not describe.
    case notInManifest(file: String, path: String, photo: String, manifest: String)

    // MARK: Running

    /// `--filter` or `--only-failing` left no case to run.
    case noCases(file: String, reason: String)
    /// A report could not be written.
    case cannotWrite(file: String, detail: String)

    // MARK: Merging shards

    /// A report given to `--merge` was not written with `--shard`.
    case notAShard(file: String)
    /// Two reports differ in what they ran: `field` is e.g. the suite or the prompt version.
    case mismatchedReports(file: String, other: String, field: String, value: String, otherValue: String)
    /// The same shard, or the same run, appears in more than one report.
    case duplicateInMerge(what: String, files: [String])
    /// Shards or runs of the suite are in no report given.
    case missingFromMerge(what: String, missing: [String])

    // MARK: Gates

    /// One or more gates failed; each string names the gate, the measured value and the bound.
    case gatesFailed([String])
    /// With `--baseline`: one or more figures fell below the baseline's by more than the margin.
    case fellBelowBaseline([String])
}

extension EvalError: ExitStatusProviding {
    /// The exit status for this error (see `ExitStatus`): 66 for a missing file, 65 for a file that is not JSON,
    /// 78 for a suite that is JSON but wrong, 65 for shard reports that do not merge,
    /// 73 for a report that cannot be written, 100 for a failed gate.
    public var exitStatus: ExitStatus {
        switch self {
        case .missingFile, .missingPhoto: .noInput
        case .notJSON: .dataError
        case .invalidValue, .unknownKey, .missingKey, .notInManifest, .noCases: .configuration
        case .cannotWrite: .cannotCreate
        case .notAShard, .mismatchedReports, .duplicateInMerge, .missingFromMerge: .dataError
        case .gatesFailed, .fellBelowBaseline: .gateFailed
        }
    }
}

extension EvalError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingFile(let file, let role, let detail):
            "\(file): cannot read the \(role) (\(detail)); check the path"
        case .notJSON(let file, let detail):
            "\(file): not valid JSON (\(detail)); fix the syntax"
        case .invalidValue(let file, let path, let problem):
            "\(file): \(path): \(problem)"
        case .unknownKey(let file, let path, let known):
            "\(file): \(path): unknown key; expected one of \(known.joined(separator: ", "))"
        case .missingKey(let file, let path):
            "\(file): \(path): missing; add it"
        case .missingPhoto(let file, let path, let photo):
            "\(file): \(path): photo \(photo) does not exist; paths are relative to the suite file"
        case .notInManifest(let file, let path, let photo, let manifest):
            "\(file): \(path): asks for the manifest's ground truth, but \(manifest) does not describe \(photo); "
                + "add the photo to the manifest or give the expectation in the suite"
        case .noCases(let file, let reason):
            "\(file): no case to run (\(reason))"
        case .cannotWrite(let file, let detail):
            "\(file): cannot write the report (\(detail)); check the folder exists and is writable"
        case .notAShard(let file):
            "\(file): not a shard's report (it has no \"shard\"); "
                + "pass the --json-report files of runs made with --shard"
        case .mismatchedReports(let file, let other, let field, let value, let otherValue):
            "cannot merge \(file) and \(other): they differ in \(field) (\(value) vs \(otherValue)); "
                + "merge only the shards of one run of one suite"
        case .duplicateInMerge(let what, let files):
            "cannot merge: \(what) appears in \(files.joined(separator: " and ")); pass each shard's report once"
        case .missingFromMerge(let what, let missing):
            "cannot merge: \(what) missing (\(missing.prefix(10).joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "") + "); pass every shard's report"
        case .gatesFailed(let failures):
            "eval gate failed:\n" + failures.map { "  - \($0)" }.joined(separator: "\n")
        case .fellBelowBaseline(let failures):
            "eval figures fell below the baseline:\n" + failures.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}
