extension String {
    /// The text wrapped at spaces so no line passes `width` columns (unless one word does), each line indented
    /// by `indent` spaces; line breaks in the text are kept.
    func wrapped(indent: Int, width: Int) -> String {
        let prefix = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, indent + line.count + 1 + word.count > width {
                    lines.append(prefix + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(prefix + line)
        }
        return lines.joined(separator: "\n")
    }
}
