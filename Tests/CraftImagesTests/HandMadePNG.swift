/// PNG files written byte by byte, without libpng: any colour type and bit depth, Adam7-interlaced or not, the
/// image data in stored (uncompressed) deflate blocks. The image tests use them to check libpng's reading against
/// pictures whose samples they know exactly, such as the 16-bit interlaced ones Debian 12's libpng misreads.
enum HandMadePNG {
    /// Channels per pixel of PNG colour types 0 (grey), 2 (RGB), 4 (grey and alpha) and 6 (RGBA).
    static func channels(colourType: UInt8) -> Int {
        [0: 1, 2: 3, 4: 2, 6: 4][colourType]!
    }

    /// A 16-bit PNG of `samples` (row by row, `channels` a pixel), interlaced with Adam7 when `interlaced`.
    static func sixteenBit(
        width: Int, height: Int, colourType: UInt8, samples: [UInt16], interlaced: Bool
    ) -> [UInt8] {
        let channels = channels(colourType: colourType)
        precondition(samples.count == width * height * channels)
        func row(_ y: Int, _ xs: StrideTo<Int>) -> [UInt8] {
            // Filter type 0 (none), then each sample big-endian.
            var bytes: [UInt8] = [0]
            for x in xs {
                for sample in samples[((y * width + x) * channels)..<((y * width + x + 1) * channels)] {
                    bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
                }
            }
            return bytes
        }
        var raw: [UInt8] = []
        let passes = interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]
        for pass in passes where pass.x < width && pass.y < height {
            for y in stride(from: pass.y, to: height, by: pass.dy) {
                raw += row(y, stride(from: pass.x, to: width, by: pass.dx))
            }
        }
        let header = bigEndian(width) + bigEndian(height) + [16, colourType, 0, 0, interlaced ? 1 : 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestImages.chunk("IHDR", header)
            + TestImages.chunk("IDAT", zlibStored(raw)) + TestImages.chunk("IEND", [])
    }

    /// The seven Adam7 passes: first column and row, and the steps between them.
    static let adam7 = [
        (x: 0, y: 0, dx: 8, dy: 8), (x: 4, y: 0, dx: 8, dy: 8), (x: 0, y: 4, dx: 4, dy: 8), (x: 2, y: 0, dx: 4, dy: 4),
        (x: 0, y: 2, dx: 2, dy: 4), (x: 1, y: 0, dx: 2, dy: 2), (x: 0, y: 1, dx: 1, dy: 2),
    ]

    /// A zlib stream holding `data` in stored deflate blocks, with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = end - start
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(Int(b << 16 | a))
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) }
    }
}
