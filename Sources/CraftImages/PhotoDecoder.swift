/// A picture as a decoder hands it over: pixels (possibly DCT-scaled, not yet oriented), the size the file
/// states, and the EXIF orientation still to apply (1 when upright or when the container applied it).
struct DecodedPicture: Sendable {
    var image: RGBImage
    var originalWidth: Int
    var originalHeight: Int
    var orientation: Int
}

/// Picks the decoder by the file's content and runs it; the one switch over formats.
enum PhotoDecoder {
    /// The format of `bytes` and its decoded picture, or the error that names `name` and says what is wrong.
    static func decode(_ bytes: [UInt8], name: String, options: PhotoOptions) throws(PhotoError)
        -> (format: PhotoFormat, picture: DecodedPicture)
    {
        guard !bytes.isEmpty else { throw .empty(file: name) }
        guard let format = PhotoFormat.detect(bytes) else {
            if let meant = PhotoFormat.damaged(bytes) {
                let leading = Array(bytes.prefix(meant.signatureLength))
                throw .damagedSignature(file: name, format: meant, leadingBytes: leading)
            }
            throw .unrecognized(file: name, kind: PhotoFormat.describeOther(bytes), leadingBytes: Array(bytes.prefix(4)))
        }
        let budget = options.pixelBudget
        let picture: DecodedPicture
        switch format {
        case .jpeg:
            picture = try JPEGCodec.decode(bytes, name: name, targetDimension: options.maximumDimension, pixelBudget: budget)
        case .png:
            picture = try PNGDecoder.decode(bytes, name: name, pixelBudget: budget)
        case .webp:
            picture = try WebPDecoder.decode(bytes, name: name, pixelBudget: budget)
        case .heic:
            picture = try HEICDecoder.decode(bytes, name: name, pixelBudget: budget)
        }
        return (format, picture)
    }
}
