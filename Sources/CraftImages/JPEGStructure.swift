/// What the marker segments before a JPEG's picture data say: the frame header (size, components, precision)
/// and the EXIF orientation.
///
/// TurboJPEG reads the frame header too, but it answers 0×0 "successfully" for garbage; this walk is the
/// independent check that a frame header exists at all, and the only place that finds the APP1 EXIF block.
public struct JPEGStructure: Sendable, Equatable {
    /// The frame header (SOFn) values, when one was found before the picture data.
    public struct Frame: Sendable, Equatable {
        /// Width in pixels as the header states it.
        public var width: Int
        /// Height in pixels as the header states it.
        public var height: Int
        /// Colour components: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK.
        public var components: Int
        /// Bits per sample (8 for nearly every photo; 12 is rare and not decoded).
        public var precision: Int
        /// The SOF marker's low nibble (0 baseline, 1 extended, 2 progressive, 3 lossless, …).
        public var process: Int
    }

    /// The first frame header, or nil when none came before the picture data (or the file ended first).
    public var frame: Frame?
    /// The EXIF orientation (1…8), or nil when there is no valid tag.
    public var orientation: Int?
    /// Whether an Adobe APP14 segment was seen; CMYK JPEGs written by Adobe software store inverted inks.
    public var hasAdobeMarker = false
    /// Whether the walk reached the start of the picture data (SOS) with every segment intact.
    public var reachedScan = false
    /// Whether the bytes ran out in the middle of the segments (a file cut short), rather than being malformed.
    public var endedEarly = false

    /// Walks the segments of `bytes`, which must start with the JPEG start-of-image marker; never throws or traps.
    public init(scanning bytes: [UInt8]) {
        let reader = ByteReader(bytes[...])
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var at = 2
        defer { if !reachedScan && at + 1 >= bytes.count { endedEarly = true } }
        while at + 1 < bytes.count {
            guard bytes[at] == 0xFF else { return }
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                at += 2
                continue
            }
            if marker == 0xD9 || marker < 0xC0 { return }
            guard at + 4 <= bytes.count else {
                endedEarly = true
                return
            }
            guard let length = reader.uint16(at: at + 2, bigEndian: true).map(Int.init), length >= 2 else { return }
            let start = at + 4
            let end = at + 2 + length
            guard end <= bytes.count else {
                endedEarly = true
                return
            }
            let segment = bytes[start..<end]
            switch marker {
            case 0xDA:
                reachedScan = true
                return
            case 0xE1 where orientation == nil && segment.starts(with: EXIFOrientation.exifPrefix):
                orientation = EXIFOrientation.fromTIFF(segment)
            case 0xEE where segment.starts(with: Array("Adobe".utf8)):
                hasAdobeMarker = true
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC && frame == nil:
                let fields = ByteReader(segment)
                guard fields.count >= 6, let height = fields.uint16(at: 1, bigEndian: true),
                    let width = fields.uint16(at: 3, bigEndian: true)
                else { return }
                frame = Frame(
                    width: Int(width), height: Int(height), components: Int(fields[5]),
                    precision: Int(fields[0]), process: Int(marker & 0x0F))
            default:
                break
            }
            at = end
        }
    }
}
