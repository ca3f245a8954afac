public import CraftSchema

/// Why a photo could not be read or decoded.
///
/// Every case names the file (its last path component) so the one line the CLI prints is enough to act on.
/// Problems reaching the file end the process with `.noInput` (66); problems with its content with `.dataError` (65).
public enum PhotoError: Error, Sendable, Equatable {
    // MARK: Reaching the file
    /// Nothing exists at the path.
    case missing(file: String)
    /// The path names a directory.
    case isDirectory(file: String)
    /// The path names something that is not a regular file (a device, a pipe, a socket).
    case notRegularFile(file: String, kind: String)
    /// The file exists but cannot be opened or read; `reason` is the system's words.
    case unreadable(file: String, reason: String)
    /// Symbolic links in the path point at each other in a circle.
    case symlinkLoop(file: String)

    // MARK: The file's content
    /// The file is larger than the configured cap.
    case fileTooLarge(file: String, bytes: Int, limit: Int)
    /// The file holds no bytes at all.
    case empty(file: String)
    /// The content is not any image format origami reads; `kind` names what it looks like, when known.
    case unrecognized(file: String, kind: String?, leadingBytes: [UInt8])
    /// The content is meant to be `format` but its signature is damaged: a byte lost or changed, or line endings
    /// converted by a text-mode copy.
    case damagedSignature(file: String, format: PhotoFormat, leadingBytes: [UInt8])
    /// The header is damaged, or says the picture has no width or height.
    case invalidHeader(file: String, format: PhotoFormat, detail: String)
    /// The header claims more pixels than the budget allows; nothing was allocated.
    case tooManyPixels(file: String, width: Int, height: Int, budget: Int)
    /// The file ends in the middle of the picture data.
    case truncated(file: String, format: PhotoFormat)
    /// The picture data is damaged; `detail` is the decoder's words.
    case corrupt(file: String, format: PhotoFormat, detail: String)
}

extension PhotoError: ExitStatusProviding {
    /// `.noInput` when the file cannot be reached, `.dataError` when its content is wrong.
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .isDirectory, .notRegularFile, .unreadable, .symlinkLoop: .noInput
        case .fileTooLarge, .empty, .unrecognized, .damagedSignature, .invalidHeader, .tooManyPixels, .truncated,
            .corrupt:
            .dataError
        }
    }

    /// The file name the error is about.
    public var file: String {
        switch self {
        case .missing(let file), .isDirectory(let file), .notRegularFile(let file, _), .unreadable(let file, _),
            .symlinkLoop(let file), .fileTooLarge(let file, _, _), .empty(let file), .unrecognized(let file, _, _),
            .damagedSignature(let file, _, _), .invalidHeader(let file, _, _), .tooManyPixels(let file, _, _, _),
            .truncated(let file, _), .corrupt(let file, _, _):
            file
        }
    }
}

extension PhotoError: CustomStringConvertible {
    /// One line: the file name, what is wrong, and what to do about it.
    public var description: String {
        switch self {
        case .missing(let file):
            "\(file): no such file; check the path and the spelling"
        case .isDirectory(let file):
            "\(file): is a folder, not a photo; name the photo files inside it (for example \(file)/*.jpg)"
        case .notRegularFile(let file, let kind):
            "\(file): is \(kind), not a photo file; save the photo to a regular file and pass that"
        case .unreadable(let file, let reason):
            "\(file): cannot be read (\(reason)); check the file's permissions"
        case .symlinkLoop(let file):
            "\(file): the symbolic links in this path point at each other in a loop; fix or remove the link"
        case .fileTooLarge(let file, let bytes, let limit):
            "\(file): the file is \(Self.megabytes(bytes)), more than the \(Self.megabytes(limit)) origami accepts; "
                + "export a smaller copy of the photo"
        case .empty(let file):
            "\(file): the file is empty (0 bytes); copy the photo again"
        case .unrecognized(let file, let kind, let leading):
            "\(file): not a JPEG, PNG, WebP or HEIC file"
                + (kind.map { " (it looks like \($0))" } ?? " (starts with \(Self.hex(leading)))")
                + "; export the photo as JPEG or PNG"
        case .damagedSignature(let file, let format, let leading):
            "\(file): a damaged \(format.name) file (it starts with \(Self.hex(leading)) where a \(format.name) starts "
                + "with \(format.signature): a byte lost or changed, or line endings converted by a text-mode copy); "
                + "copy the photo again as a binary file"
        case .invalidHeader(let file, let format, let detail):
            "\(file): the \(format.name) header is damaged (\(detail)); open the photo in an editor and save it again"
        case .tooManyPixels(let file, let width, let height, let budget):
            "\(file): the picture claims \(width)×\(height) pixels, more than the \(Self.megapixels(budget)) "
                + "origami decodes; export a smaller copy of the photo"
        case .truncated(let file, _):
            "\(file): the image is truncated (the file ends in the middle of the picture data); copy the photo again"
        case .corrupt(let file, let format, let detail):
            "\(file): the \(format.name) picture data is damaged (\(detail)); open it in an editor and save it again"
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.isEmpty ? "nothing" : bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }

    private static func megapixels(_ pixels: Int) -> String {
        "\(pixels / 1_000_000) megapixels"
    }
}
