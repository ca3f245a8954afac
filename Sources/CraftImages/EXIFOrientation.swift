/// Finds the EXIF orientation tag (0x0112) of a photo: 1 means upright, 2…8 say how the stored pixels must be
/// mirrored or turned to show the picture as the camera saw it.
///
/// A small parser of its own: it reads only the first image directory of the TIFF structure, checks every offset
/// against the bytes it has, and answers nil (treated as upright) for anything malformed rather than failing.
public enum EXIFOrientation {
    /// The orientation stored in a TIFF-structured EXIF block (with or without the `Exif\0\0` prefix), or nil.
    public static func fromTIFF(_ bytes: ArraySlice<UInt8>) -> Int? {
        var tiff = bytes
        if tiff.starts(with: exifPrefix) { tiff = tiff.dropFirst(exifPrefix.count) }
        let reader = ByteReader(tiff)
        guard reader.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (reader[0], reader[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        guard reader.uint16(at: 2, bigEndian: bigEndian) == 42,
            let directory = reader.uint32(at: 4, bigEndian: bigEndian).map(Int.init),
            let entries = reader.uint16(at: directory, bigEndian: bigEndian)
        else { return nil }
        for entry in 0..<Int(entries) {
            let at = directory + 2 + entry * 12
            guard let tag = reader.uint16(at: at, bigEndian: bigEndian) else { return nil }
            guard tag == 0x0112 else { continue }
            let type = reader.uint16(at: at + 2, bigEndian: bigEndian)
            let value: Int? =
                switch type {
                case 3: reader.uint16(at: at + 8, bigEndian: bigEndian).map(Int.init)
                case 4: reader.uint32(at: at + 8, bigEndian: bigEndian).map(Int.init)
                default: nil
                }
            guard let value, (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }

    /// The orientation in a PNG's `eXIf` chunk (read before the image data), or nil.
    public static func inPNG(_ bytes: [UInt8]) -> Int? {
        let reader = ByteReader(bytes[...])
        var at = 8
        while let length = reader.uint32(at: at, bigEndian: true).map(Int.init), at + 12 + length <= reader.count {
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "eXIf" { return fromTIFF(bytes[(at + 8)..<(at + 8 + length)]) }
            if type == "IDAT" || type == "IEND" { return nil }
            at += 12 + length
        }
        return nil
    }

    /// The orientation in a WebP file's `EXIF` chunk, or nil.
    public static func inWebP(_ bytes: [UInt8]) -> Int? {
        let reader = ByteReader(bytes[...])
        var at = 12
        while let size = reader.uint32(at: at + 4, bigEndian: false).map(Int.init), at + 8 + size <= reader.count {
            if bytes[at..<(at + 4)].elementsEqual("EXIF".utf8) { return fromTIFF(bytes[(at + 8)..<(at + 8 + size)]) }
            at += 8 + size + (size & 1)
        }
        return nil
    }

    static let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
}

/// Bounds-checked reads of big- or little-endian integers from a slice, indexed from the slice's start.
struct ByteReader {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    subscript(offset: Int) -> UInt8 {
        bytes[bytes.startIndex + offset]
    }

    func uint16(at offset: Int, bigEndian: Bool) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        let (a, b) = (UInt16(self[offset]), UInt16(self[offset + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int, bigEndian: Bool) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        let values = (0..<4).map { UInt32(self[offset + $0]) }
        return bigEndian
            ? values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
            : values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
    }
}
