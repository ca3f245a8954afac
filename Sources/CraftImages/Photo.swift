import CraftSchema
public import Foundation

/// Limits and sizes for loading a photo.
public struct PhotoOptions: Sendable, Hashable {
    /// The long side of the model-ready picture, in pixels; larger photos are scaled down, smaller ones kept.
    public var maximumDimension: Int
    /// Files larger than this many bytes are refused without being read.
    public var maximumFileBytes: Int
    /// Pictures whose header claims more pixels than this are refused before any pixel memory is allocated.
    public var pixelBudget: Int
    /// The JPEG quality (1…100) of the model-ready picture.
    public var jpegQuality: Int

    /// Creates options; the defaults suit phone photos up to 100 megapixels and 100 MB.
    public init(
        maximumDimension: Int = 1024, maximumFileBytes: Int = 100_000_000, pixelBudget: Int = 100_000_000,
        jpegQuality: Int = 85
    ) {
        self.maximumDimension = maximumDimension
        self.maximumFileBytes = maximumFileBytes
        self.pixelBudget = pixelBudget
        self.jpegQuality = jpegQuality
    }
}

/// A photo read from disk and made ready for a model: upright, at most `maximumDimension` pixels on its long side,
/// re-encoded as JPEG, with a description in words for models that cannot see.
public struct Photo: Sendable, Hashable {
    /// Where the photo was read from.
    public let url: URL
    /// The hex sha256 of the original file's bytes.
    public let sha256: String
    /// The stable label models refer to the photo by, e.g. `Photo_3fa2c1`.
    public let label: String
    /// The format found in the file's content (whatever its name says).
    public let format: PhotoFormat
    /// The width the file states, before orientation and resizing.
    public let originalWidth: Int
    /// The height the file states, before orientation and resizing.
    public let originalHeight: Int
    /// The width of the model-ready picture (upright, resized).
    public let width: Int
    /// The height of the model-ready picture (upright, resized).
    public let height: Int
    /// The EXIF orientation that was applied (1…8; 1 when none, and for HEIC, which applies its own).
    public let orientation: Int
    /// The model-ready picture as JPEG.
    public let jpegData: Data
    /// What lies on the surface (objects, outlines, creases, texture) and the picture's colours, measured on the
    /// model-ready picture.
    public let analysis: PhotoAnalysis
    /// The text stand-in for models that cannot see: the label, the size, then the objects on the surface, each with
    /// colour, outline, place, share, texture and creases, e.g. `Photo_2436c7 (1024×768, landscape): about four
    /// objects, some touching, on a tan surface: a coral and brown round shape in the centre (11 %), finely
    /// textured; a navy round shape in the upper right (4 %), finely textured; a silver long, thin piece in the centre
    /// (1 %); …`. A close-up with no surface gets the picture's colours and texture as a whole instead.
    public let description: String
    /// The centre square of the model-ready picture at 224×224 pixels, for an image classifier to look at.
    public let square: RGBImage

    /// The side of `square`, the input size of ImageNet classifiers.
    public static let squareSide = 224

    /// Reads, checks, decodes, orients, resizes, re-encodes and describes the photo at `url`.
    public static func load(contentsOf url: URL, options: PhotoOptions = .init()) throws -> Photo {
        let bytes = try PhotoFile.read(url, limit: options.maximumFileBytes)
        return try Photo(bytes: bytes, url: url, options: options)
    }

    /// Decodes a photo already in memory; `url` names it in errors and in the result.
    public init(bytes: [UInt8], url: URL, options: PhotoOptions = .init()) throws {
        let name = url.lastPathComponent
        guard bytes.count <= options.maximumFileBytes else {
            throw PhotoError.fileTooLarge(file: name, bytes: bytes.count, limit: options.maximumFileBytes)
        }
        let (hash, decoded) = inParallel(
            { SHA256.hex(of: bytes) },
            { Result { () throws(PhotoError) in try Self.uprightPicture(bytes, name: name, options: options) } })
        let (format, picture, upright) = try decoded.get()
        let (jpeg, (analysis, square)) = inParallel(
            { JPEGCodec.encode(upright, quality: options.jpegQuality) },
            { (PhotoAnalysis(of: upright), upright.centreSquare(side: Self.squareSide)) })
        self.url = url
        self.sha256 = hash
        self.label = Self.label(forSHA256: sha256)
        self.format = format
        self.originalWidth = picture.originalWidth
        self.originalHeight = picture.originalHeight
        self.width = upright.width
        self.height = upright.height
        self.orientation = picture.orientation
        self.jpegData = Data(jpeg)
        self.analysis = analysis
        self.description = analysis.sentence(label: label, width: upright.width, height: upright.height)
        self.square = square
    }

    /// Decodes `bytes` and returns the picture resized and turned upright, before JPEG re-encoding.
    static func uprightPicture(_ bytes: [UInt8], name: String, options: PhotoOptions) throws(PhotoError)
        -> (format: PhotoFormat, picture: DecodedPicture, upright: RGBImage)
    {
        let (format, picture) = try PhotoDecoder.decode(bytes, name: name, options: options)
        let upright = picture.image.resized(toFit: options.maximumDimension).applyingOrientation(picture.orientation)
        return (format, picture, upright)
    }

    /// The stable label for a photo whose original bytes have the given hex sha256.
    public static func label(forSHA256 sha256: String) -> String {
        "Photo_" + sha256.prefix(6).lowercased()
    }
}
