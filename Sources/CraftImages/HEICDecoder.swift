import CImageLibs

/// HEIC / HEIF decoding through libheif (HEVC via libde265), as iPhones write it.
///
/// libheif applies the container's own rotation and mirroring (`irot`, `imir`), so the picture comes out upright
/// and the orientation reported is 1. The primary image's size is checked against the pixel budget before
/// decoding, and libheif's own size limit is set to the same budget.
enum HEICDecoder {
    /// The decoded, already upright primary image.
    static func decode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(PhotoError) -> DecodedPicture {
        guard let context = heif_context_alloc() else {
            throw .corrupt(file: name, format: .heic, detail: "the HEIC decoder could not start")
        }
        defer { heif_context_free(context) }
        let side = Int32(min(Double(Int32.max), Double(pixelBudget).squareRoot().rounded(.up)))
        heif_context_set_maximum_image_size_limit(context, side)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(PhotoError) -> DecodedPicture in
            try check(heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil), name)
            var handle: OpaquePointer? = nil
            try check(heif_context_get_primary_image_handle(context, &handle), name)
            guard let handle else { throw .invalidHeader(file: name, format: .heic, detail: "it has no primary image") }
            defer { heif_image_handle_release(handle) }
            let (width, height) = (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
            guard width > 0, height > 0 else {
                throw .invalidHeader(file: name, format: .heic, detail: "it gives a size of \(width)×\(height)")
            }
            guard width * height <= pixelBudget else {
                throw .tooManyPixels(file: name, width: width, height: height, budget: pixelBudget)
            }
            let alpha = heif_image_handle_has_alpha_channel(handle) != 0
            var decoded: OpaquePointer? = nil
            try check(
                heif_decode_image(
                    handle, &decoded, heif_colorspace_RGB,
                    alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil),
                name, decoding: true)
            guard let decoded else { throw .corrupt(file: name, format: .heic, detail: "no picture was decoded") }
            defer { heif_image_release(decoded) }
            var stride: Int32 = 0
            let planeWidth = Int(heif_image_get_width(decoded, heif_channel_interleaved))
            let planeHeight = Int(heif_image_get_height(decoded, heif_channel_interleaved))
            guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
                planeWidth > 0, planeHeight > 0, planeWidth * planeHeight <= pixelBudget
            else {
                throw .corrupt(file: name, format: .heic, detail: "the decoded picture has no pixels")
            }
            let rows = UnsafeBufferPointer(start: plane, count: Int(stride) * planeHeight)
            let image =
                alpha
                ? RGBImage.compositingOverWhite(
                    rgba: rows, width: planeWidth, height: planeHeight, rowStride: Int(stride))
                : packed(rows, width: planeWidth, height: planeHeight, stride: Int(stride))
            return DecodedPicture(image: image, originalWidth: width, originalHeight: height, orientation: 1)
        }
    }

    private static func packed(_ rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let source = UnsafeBufferPointer(rebasing: rows[(y * stride)..<(y * stride + width * 3)])
                _ = UnsafeMutableBufferPointer(rebasing: target[(y * width * 3)..<((y + 1) * width * 3)])
                    .initialize(from: source)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ error: heif_error, _ name: String, decoding: Bool = false) throws(PhotoError) {
        guard error.code != heif_error_Ok else { return }
        let words = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        if error.subcode == heif_suberror_End_of_data { throw .truncated(file: name, format: .heic) }
        if error.code == heif_error_Memory_allocation_error || words.lowercased().contains("security limit") {
            throw .invalidHeader(file: name, format: .heic, detail: "it claims a picture larger than origami decodes")
        }
        throw decoding
            ? .corrupt(file: name, format: .heic, detail: words)
            : .invalidHeader(file: name, format: .heic, detail: words)
    }
}
