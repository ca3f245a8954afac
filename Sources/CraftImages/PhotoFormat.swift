/// The image formats origami reads, recognised by their content rather than by the file name.
public enum PhotoFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// JPEG (JFIF or EXIF), the format of most cameras.
    case jpeg
    /// PNG, typical of screenshots.
    case png
    /// WebP, still or animated (the first frame is used).
    case webp
    /// HEIC / HEIF, the format of iPhones.
    case heic

    /// The name people know the format by.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heic: "HEIC"
        }
    }

    /// The format of `bytes`, judged from its first bytes, or nil when it is none of the four.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PhotoFormat? where Bytes.Index == Int {
        let head = Array(bytes.prefix(16))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if let brand = isoBrand(head), heifBrands.contains(brand) { return .heic }
        return nil
    }

    /// What `bytes` look like when they are not a photo origami reads, in words (`"a PDF document"`), or nil.
    public static func describeOther<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? where Bytes.Index == Int {
        let head = Array(bytes.prefix(64))
        let signatures: [(prefix: [UInt8], kind: String)] = [
            (Array("%PDF".utf8), "a PDF document"),
            (Array("GIF8".utf8), "a GIF image"),
            ([0x49, 0x49, 0x2A, 0x00], "a TIFF image"),
            ([0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"),
            (Array("BM".utf8), "a BMP image"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
            ([0x1F, 0x8B], "a gzip archive"),
            (Array("RIFF".utf8), "a RIFF file that is not WebP (audio or video)"),
            ([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20], "a JPEG 2000 image"),
            ([0x7F, 0x45, 0x4C, 0x46], "a program (ELF executable)"),
        ]
        for signature in signatures where head.starts(with: signature.prefix) {
            return signature.kind
        }
        if let brand = isoBrand(head) {
            return brand == "avif" || brand == "avis" ? "an AVIF image" : "a video or other MP4-family file"
        }
        let text = String(decoding: head.prefix(32), as: UTF8.self).lowercased()
        if text.contains("<svg") || text.hasPrefix("<?xml") { return "an SVG or XML text file" }
        if !head.isEmpty, head.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) }) {
            return "a text file"
        }
        return nil
    }

    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    /// The major brand of an ISO base media file (`ftyp` box first), or nil.
    private static func isoBrand(_ head: [UInt8]) -> String? {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        return String(decoding: head[8..<12], as: UTF8.self)
    }
}
