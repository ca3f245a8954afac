// Files that are one of the four formats with a damaged signature: a byte lost or changed, or line endings
// converted by a text-mode transfer. They deserve "a damaged PNG", not "not a PNG".

extension PhotoFormat {
    /// The signature a file of this format starts with, as hex bytes for messages (`..` where any byte goes).
    public var signature: String {
        switch self {
        case .jpeg: "FF D8 FF"
        case .png: "89 50 4E 47 0D 0A 1A 0A"
        case .webp: "52 49 46 46 .. .. .. .. 57 45 42 50"
        case .heic: ".. .. .. .. 66 74 79 70"
        }
    }

    /// How many leading bytes to show beside `signature`.
    var signatureLength: Int {
        switch self {
        case .jpeg: 4
        case .png: 8
        case .webp, .heic: 12
        }
    }

    /// The format `bytes` were meant to be when their signature is damaged, or nil when they look like no photo.
    ///
    /// Only for bytes `detect` refuses. A PNG is recognised by the letters `PNG` after its first byte or by its
    /// `IHDR` chunk within a few bytes of its place; a JPEG by a start marker one byte off followed by a marker, or
    /// by its `JFIF` or `Exif` header near the start; a WebP by `RIFF` and `WEBP` with one of them one byte off
    /// or shifted by a byte.
    public static func damaged<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PhotoFormat? where Bytes.Index == Int {
        let head = Array(bytes.prefix(32))
        if looksLikePNG(head) { return .png }
        if looksLikeJPEG(head) { return .jpeg }
        if looksLikeWebP(head) { return .webp }
        return nil
    }

    private static func looksLikePNG(_ head: [UInt8]) -> Bool {
        if head.count >= 4, Array(head[1..<4]) == Array("PNG".utf8) { return true }
        if offByOne(head, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { return true }
        // IHDR's type sits at offset 12; a lost or doubled byte moves it by a little.
        return (8...16).contains { offset in occurs("IHDR", in: head, at: offset) }
    }

    private static func looksLikeJPEG(_ head: [UInt8]) -> Bool {
        if head.count >= 4, offByOne(head, [0xFF, 0xD8, 0xFF], at: 0), isMarker(head[3]) { return true }
        return (4...8).contains { offset in
            occurs("JFIF\u{0}", in: head, at: offset) || occurs("Exif\u{0}", in: head, at: offset)
        }
    }

    private static func looksLikeWebP(_ head: [UInt8]) -> Bool {
        let riff = Array("RIFF".utf8)
        let webp = Array("WEBP".utf8)
        if offByOne(head, riff, at: 0), head.count >= 12, Array(head[8..<12]) == webp { return true }
        if head.starts(with: riff), offByOne(head, webp, at: 8) { return true }
        let nearlyRIFF = head.starts(with: riff) || offByOne(head, riff, at: 0)
        return nearlyRIFF && [7, 9].contains { occurs("WEBP", in: head, at: $0) }
    }

    /// Whether `head` holds `expected` at `offset` with exactly one byte different.
    private static func offByOne(_ head: [UInt8], _ expected: [UInt8], at offset: Int) -> Bool {
        guard head.count >= offset + expected.count else { return false }
        return zip(head[offset...], expected).filter { $0 != $1 }.count == 1
    }

    /// Whether `head` holds the ASCII `text` at `offset`.
    private static func occurs(_ text: String, in head: [UInt8], at offset: Int) -> Bool {
        let bytes = Array(text.utf8)
        return head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
    }

    /// The second byte of a JPEG marker that can follow the start of image: APPn, a table, a frame, a comment.
    private static func isMarker(_ byte: UInt8) -> Bool {
        (0xE0...0xEF).contains(byte) || (0xC0...0xC4).contains(byte) || byte == 0xDB || byte == 0xFE
    }
}
