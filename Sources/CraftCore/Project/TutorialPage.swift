import CraftImages
public import CraftSchema
public import Foundation

/// The project's current tutorial as one self-contained HTML page (`origami status --html FILE`): its idea, the
/// materials, each step with its progress photos and its latest feedback, the current step marked — the tutorial a
/// crafter keeps or prints. Only that tutorial's progress is on it; the project's other tutorials keep theirs.
///
/// Nothing is fetched when the page is opened: the style is inline and the photos are upright JPEG thumbnails in
/// data URIs. A photo whose file is gone, or no longer the one that was checked (its sha256 differs), is named
/// with the reason instead of shown.
public enum TutorialPage {
    /// Reads a progress photo for the page: the thumbnail's JPEG bytes, or why there is none.
    public typealias Thumbnailer = @Sendable (Project.PhotoRecord, URL) -> Result<Data, ThumbnailProblem>

    /// Why a photo is not on the page.
    public enum ThumbnailProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file is not there any more.
        case missing
        /// The file is there but is not the photo that was checked.
        case changed
        /// The file cannot be decoded.
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "the file is gone"
            case .changed: "the file changed since it was checked"
            case .unreadable(let why): "cannot be read: \(why)"
            }
        }
    }

    /// Thumbnails from origami's photo pipeline: upright, at most 320 pixels on the long side, JPEG quality 75,
    /// only when the file still has the sha256 recorded for it.
    public static let standardThumbnailer: Thumbnailer = { record, url in
        guard FileManager.default.fileExists(atPath: url.path) else { return .failure(.missing) }
        do {
            let photo = try Photo.load(contentsOf: url, options: PhotoOptions(maximumDimension: 320, jpegQuality: 75))
            guard photo.sha256 == record.sha256 else { return .failure(.changed) }
            return .success(photo.jpegData)
        } catch {
            return .failure(.unreadable(String(describing: error)))
        }
    }

    /// The page for `project`'s current tutorial, whose relative photo paths are resolved against `root`.
    public static func render(_ project: Project, root: URL, thumbnail: Thumbnailer = standardThumbnailer) -> String {
        guard let progress = project.currentTutorial else {
            let title = "origami project"
            return page(
                title: title,
                body: "<header><p class=\"kicker\">origami tutorial</p><h1>\(title)</h1></header>\n"
                + "<p class=\"empty\">There is no tutorial yet: run <code>origami tutorial</code>.</p>\n")
        }
        let tutorial = progress.tutorial
        let title = tutorial.title
        var body = "<header><p class=\"kicker\">origami tutorial \(progress.number)</p><h1>\(HTML.escape(title))</h1>"
        if !progress.idea.description.isEmpty {
            body += "<p class=\"idea\">\(HTML.escape(progress.idea.description))</p>"
        }
        body += "</header>\n"
        let count = tutorial.steps.count
        let state = progress.isFinished
            ? "All \(count) steps are done."
            : "Step \(progress.currentStep) of \(count) is the current one."
        body += "<p class=\"progress\">\(state)</p>\n"
        if !tutorial.materials.isEmpty {
            body += "<section class=\"materials\"><h2>Materials</h2><ul>"
                + tutorial.materials.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul></section>\n"
        }
        body += "<ol class=\"steps\">\n"
        for (index, step) in tutorial.steps.enumerated() {
            body += stepSection(
                number: index + 1, step: step, progress: progress, project: project, root: root, thumbnail: thumbnail)
        }
        body += "</ol>\n"
        return page(title: title, body: body)
    }

    /// Writes the page for `project` to `file` (replacing it in one rename).
    public static func write(_ project: Project, root: URL, to file: URL) throws(WriteError) {
        do {
            try Data(render(project, root: root).utf8).write(to: file, options: .atomic)
        } catch {
            let reason = (error as? CocoaError).map { error in
                switch error.code {
                case .fileWriteNoPermission: "permission denied"
                case .fileNoSuchFile, .fileWriteInvalidFileName: "no such directory"
                case .fileWriteOutOfSpace: "no space left"
                default: "\(error.code.rawValue)"
                }
            } ?? "\(error)"
            throw WriteError(file: file.path, reason: reason)
        }
    }

    /// The page could not be written.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible, ExitStatusProviding {
        /// The file named on the command line.
        public var file: String
        /// Why, in a few words.
        public var reason: String

        /// Creates the error for `file`.
        public init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }

        public var description: String {
            "\(file): cannot write the page (\(reason)); check the directory exists and is writable"
        }

        /// 73: the output file cannot be created.
        public var exitStatus: ExitStatus { .cannotCreate }
    }

    private static func stepSection(
        number: Int, step: TutorialStep, progress: TutorialProgress, project: Project, root: URL,
        thumbnail: Thumbnailer
    ) -> String {
        let state = number < progress.currentStep ? "done" : number == progress.currentStep ? "current" : "todo"
        let badge = ["done": "done", "current": "current step", "todo": ""][state] ?? ""
        var html = "<li class=\"step \(state)\"><h2><span class=\"number\">\(number)</span> "
            + HTML.escape(step.title) + (badge.isEmpty ? "" : " <span class=\"badge\">\(badge)</span>") + "</h2>"
        html += "<p>\(HTML.escape(step.instruction))</p>"
        let photos = project.photos(ofStep: number, in: progress)
        if !photos.isEmpty {
            html += "<div class=\"photos\">"
            for record in photos {
                let url = record.path.hasPrefix("/")
                    ? URL(fileURLWithPath: record.path) : root.appendingPathComponent(record.path)
                let caption = "<figcaption>\(HTML.escape(record.label))</figcaption>"
                switch thumbnail(record, url) {
                case .success(let jpeg):
                    html += "<figure><img alt=\"progress photo \(HTML.escape(record.label))\" "
                        + "src=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\">\(caption)</figure>"
                case .failure(let problem):
                    html += "<figure class=\"missing\"><div>\(HTML.escape(record.path)): "
                        + "\(HTML.escape(problem.description))</div>\(caption)</figure>"
                }
            }
            html += "</div>"
        }
        if let last = progress.feedback(ofStep: number).last {
            html += feedback(last, stepIsDone: state == "done")
        }
        return html + "</li>\n"
    }

    private static func feedback(_ record: Project.Feedback, stepIsDone: Bool) -> String {
        var html = "<div class=\"feedback\"><h3>Latest feedback</h3>"
        if let note = record.note { html += "<p class=\"note\">You said: “\(HTML.escape(note))”</p>" }
        html += "<p>\(HTML.escape(record.feedback.observation))</p>"
        for section in record.feedback.sections {
            html += "<h4>\(HTML.escape(section.title))</h4><p>\(HTML.escape(section.body))</p>"
        }
        let verdict: String
        if record.isStepComplete {
            verdict = "Complete" + (record.feedback.completionMessage.map { ": " + $0 } ?? ".")
        } else if record.unconfirmedCompletion == true {
            verdict = "The model thought it done, but it could not see the photo; not counted."
        } else {
            verdict = stepIsDone ? "Not complete at that check; the step was marked done since." : "Not complete yet."
        }
        html += "<p class=\"verdict\">\(HTML.escape(verdict))</p>"
        html += "<p class=\"aside\">\(HTML.escape(seen(record)))</p>"
        return html + "</div>"
    }

    /// What the model had at this check: the photo itself, or origami's words (with the measured change or the
    /// person's note).
    private static func seen(_ record: Project.Feedback) -> String {
        if record.decidedByMeasurement == true {
            return "Done on origami's measurement: the model cannot see and did not call the step done, but the "
                + "measured change and the piece's outline (its shape, or the curved rim of an opened piece) both fit "
                + "the step."
        }
        return switch record.evidence {
        case .photo: "The model saw the photo."
        case .change: "Judged from origami's description of the photo and the change measured since the earlier one; "
            + "the model cannot see."
        case .note: "Judged from your note and origami's description of the photo; the model cannot see."
        case .description, nil: record.modelSawPhotos
            ? "The model saw the photo." : "Judged from origami's description of the photo; the model cannot see."
        }
    }

    private static func page(title: String, body: String) -> String {
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            + "<title>\(HTML.escape(title))</title><style>\(style)</style></head>\n<body>\n\(body)</body></html>\n"
    }

    private static let style = """
        body{font:16px/1.5 Georgia,serif;margin:0 auto;max-width:860px;padding:24px;color:#2b2b2b;background:#fffdf8}
        header{border-bottom:2px solid #d9cdb4;margin-bottom:12px}.kicker{font:13px system-ui,sans-serif;\
        letter-spacing:.08em;text-transform:uppercase;color:#8a7a5a;margin:0}h1{margin:4px 0 8px}
        .idea{color:#555;margin-top:0}.progress{font:14px system-ui,sans-serif;color:#555}
        .materials ul{columns:2;margin:4px 0}h2{font-size:19px;margin:4px 0}
        ol.steps{list-style:none;padding:0}li.step{border:1px solid #e4dccb;border-left:6px solid #cfc3a8;\
        border-radius:4px;padding:8px 16px;margin:12px 0;background:#fff;break-inside:avoid}
        li.done{border-left-color:#3f8f50}li.current{border-left-color:#d08a1c;background:#fffaf0}
        .number{display:inline-block;min-width:1.6em}.badge{font:12px system-ui,sans-serif;color:#fff;\
        background:#d08a1c;padding:2px 7px;border-radius:3px;vertical-align:middle}li.done .badge{background:#3f8f50}
        .photos{display:flex;flex-wrap:wrap;gap:10px;margin:8px 0}figure{margin:0;width:200px}
        figure img{max-width:200px;max-height:200px;border-radius:3px;border:1px solid #ccc;display:block}
        figure.missing div{width:200px;height:120px;background:#f0ece3;color:#777;font-size:13px;display:flex;\
        align-items:center;justify-content:center;text-align:center;padding:6px;box-sizing:border-box}
        figcaption{font:11px system-ui,sans-serif;color:#666}.feedback{border-top:1px dashed #ddd;margin-top:8px}
        h3{font-size:15px;margin:8px 0 2px}h4{font-size:14px;margin:6px 0 0}.feedback p{margin:2px 0 6px}
        .verdict{font-weight:600}.aside,.note{font-size:14px;color:#666}
        @media print{body{background:#fff}li.step{background:#fff}}
        """
}

/// Text made safe for HTML.
package enum HTML {
    /// Text safe in HTML content and attribute values.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
