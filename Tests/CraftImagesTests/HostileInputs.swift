@testable import CraftSchema
@testable import CraftImages
import Foundation

/// The hostile inputs of `HostilePhotoTests`, grouped by what they attack.
enum HostileInputs {
    typealias Case = HostilePhotoTests.Case
    static let jpeg = HostilePhotoTests.jpeg
    static let png = HostilePhotoTests.png
    static let write = HostilePhotoTests.write

    /// The offset of the first baseline frame header (FF C0) of a TurboJPEG-made file.
    static func sofOffset(_ bytes: [UInt8]) -> Int {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
    }

    static func patched(_ bytes: [UInt8], at offset: Int, _ values: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<(offset + values.count), with: values)
        return copy
    }

    static func scanOffset(_ bytes: [UInt8]) -> Int {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
    }

    static let jpegCases: [Case] = [
        Case(what: "JPEG cut at 60 %", file: "cut.jpg", make: write(Array(jpeg.prefix(jpeg.count * 6 / 10))),
             outcome: .fails(.dataError) { if case .truncated = $0 { true } else { false } }),
        Case(what: "JPEG cut just after the scan header", file: "scan.jpg",
             make: write(Array(jpeg.prefix(scanOffset(jpeg) + 14))),
             outcome: .fails(.dataError) { if case .truncated = $0 { true } else { false } }),
        Case(what: "JPEG cut inside its headers", file: "head.jpg", make: write(Array(jpeg.prefix(40))),
             outcome: .fails(.dataError) { if case .truncated = $0 { true } else { false } }),
        Case(what: "JPEG header claiming 60000×60000", file: "huge.jpg",
             make: write(patched(jpeg, at: sofOffset(jpeg) + 5, [0xEA, 0x60, 0xEA, 0x60])),
             outcome: .fails(.dataError) { $0 == .tooManyPixels(file: "huge.jpg", width: 60000, height: 60000, budget: 100_000_000) }),
        Case(what: "JPEG header claiming 0×0", file: "zero.jpg",
             make: write(patched(jpeg, at: sofOffset(jpeg) + 5, [0, 0, 0, 0])),
             outcome: .fails(.dataError) { if case .invalidHeader = $0 { true } else { false } }),
        Case(what: "JPEG start marker followed by garbage", file: "soi.jpg",
             make: write([0xFF, 0xD8, 0xFF] + (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
             outcome: .fails(.dataError) { if case .invalidHeader = $0 { true } else { false } }),
        Case(what: "12-bit JPEG", file: "deep.jpg", make: write(patched(jpeg, at: sofOffset(jpeg) + 4, [12])),
             outcome: .fails(.dataError) { if case .corrupt = $0 { true } else { false } }),
        Case(what: "JPEG with damaged entropy data", file: "scrambled.jpg",
             make: write(patched(jpeg, at: scanOffset(jpeg) + 20, [UInt8](repeating: 0xFF, count: 1) + [0xC4, 0x00, 0x01])),
             outcome: .fails(.dataError) { if case .corrupt = $0 { true } else if case .truncated = $0 { true } else { false } }),
        Case(what: "CMYK JPEG (handled: inks converted to RGB)", file: "cmyk.jpg",
             make: write(TestImages.cmykJPEG(width: 64, height: 48)),
             outcome: .decodes { $0.analysis.colours.first?.name == "red" && $0.width == 64 }),
        Case(what: "JPEG with EXIF pointing past its end (handled: upright)", file: "badexif.jpg",
             make: write(TestImages.jpegWithBrokenEXIF(HostilePhotoTests.picture)),
             outcome: .decodes { $0.orientation == 1 && ($0.width, $0.height) == (160, 120) }),
        Case(what: "JPEG with extraneous bytes before the end marker (a harmless warning)", file: "camera.jpg",
             make: write(Array(jpeg.dropLast(2)) + [0x00, 0x12, 0x34, 0xFF, 0xD9]),
             outcome: .decodes { ($0.width, $0.height) == (160, 120) }),
        Case(what: "JPEG with trailing data after the end marker", file: "trailer.jpg",
             make: write(jpeg + Array("MakerNotes trailing block".utf8)),
             outcome: .decodes { ($0.width, $0.height) == (160, 120) }),
        Case(what: "JPEG over a small pixel budget", file: "budget.jpg", options: PhotoOptions(pixelBudget: 10_000),
             make: write(jpeg),
             outcome: .fails(.dataError) { $0 == .tooManyPixels(file: "budget.jpg", width: 160, height: 120, budget: 10_000) }),
    ]

    static let otherFormatCases: [Case] = [
        Case(what: "0-byte file", file: "empty.jpg", make: write([]), outcome: .fails(.dataError) { $0 == .empty(file: "empty.jpg") }),
        Case(what: "garbage with a .jpg name", file: "noise.jpg",
             make: write((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) | 0x80 }),
             outcome: .fails(.dataError) { if case .unrecognized(_, nil, _) = $0 { true } else { false } }),
        Case(what: "PDF renamed .jpg", file: "scan.pdf.jpg", make: write(Array("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF\n".utf8)),
             outcome: .fails(.dataError) { if case .unrecognized(_, "a PDF document", _) = $0 { true } else { false } }),
        Case(what: "GIF renamed .jpg", file: "anim.jpg", make: write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]),
             outcome: .fails(.dataError) { if case .unrecognized(_, "a GIF image", _) = $0 { true } else { false } }),
        Case(what: "SVG renamed .png", file: "drawing.png", make: write(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)),
             outcome: .fails(.dataError) { if case .unrecognized(_, "an SVG or XML text file", _) = $0 { true } else { false } }),
        Case(what: "PNG bomb claiming 30000×30000", file: "bomb.png", make: write(TestImages.pngHeaderOnly(width: 30000, height: 30000)),
             outcome: .fails(.dataError) { $0 == .tooManyPixels(file: "bomb.png", width: 30000, height: 30000, budget: 100_000_000) }),
        Case(what: "PNG with a 0-pixel width", file: "thin.png", make: write(TestImages.pngHeaderOnly(width: 0, height: 10)),
             outcome: .fails(.dataError) { if case .invalidHeader = $0 { true } else { false } }),
        Case(what: "PNG cut in half", file: "half.png", make: write(Array(png.prefix(png.count / 2))),
             outcome: .fails(.dataError) { if case .truncated = $0 { true } else if case .corrupt = $0 { true } else { false } }),
        Case(what: "PNG with damaged image data", file: "crc.png",
             make: write(patched(png, at: png.count - 30, [0xDE, 0xAD, 0xBE, 0xEF])),
             outcome: .fails(.dataError) { if case .corrupt = $0 { true } else { false } }),
        Case(what: "16-bit PNG (handled: reduced to 8 bits)", file: "deep.png",
             make: write(TestImages.png(HostilePhotoTests.picture, sixteenBit: true)),
             outcome: .decodes { $0.format == .png && $0.analysis.colours.count >= 3 }),
        Case(what: "animated WebP (handled: first frame)", file: "moving.webp",
             make: write(TestImages.animatedWebP([HostilePhotoTests.picture, RGBImage(width: 160, height: 120, filledWith: (0, 0, 0))])),
             outcome: .decodes { $0.format == .webp && !$0.analysis.colours.contains { $0.name == "black" } }),
        Case(what: "WebP cut in half", file: "half.webp", make: write(Array(TestImages.webp(HostilePhotoTests.picture, lossless: false).prefix(200))),
             outcome: .fails(.dataError) { if case .truncated = $0 { true } else { false } }),
        Case(what: "WebP container with a garbage body", file: "riff.webp",
             make: write(Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBP".utf8) + Array("XXXX".utf8) + [UInt8](repeating: 7, count: 92)),
             outcome: .fails(.dataError) { if case .invalidHeader = $0 { true } else if case .truncated = $0 { true } else { false } }),
        Case(what: "WebP header claiming a 16384×16384 canvas", file: "canvas.webp",
             make: write(TestImages.webpCanvasOnly(width: 16384, height: 16384)),
             outcome: .fails(.dataError) { if case .tooManyPixels(_, 16384, 16384, _) = $0 { true } else { false } }),
        Case(what: "HEIC brand with garbage boxes", file: "fake.heic",
             make: write([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [UInt8](repeating: 0x41, count: 300)),
             outcome: .fails(.dataError) { if case .invalidHeader = $0 { true } else if case .truncated = $0 { true } else { false } }),
        // libheif's HEVC encoder makes the HEIC; without one, the committed sample photo is cut instead, so the case
        // never degrades into an empty file.
        Case(what: "HEIC cut in half", file: "half.heic",
             make: { url in
                 let sample = SamplePhotosTests.folder.appendingPathComponent("paper-crane.heic")
                 let heic = try TestImages.heic(HostilePhotoTests.picture) ?? Array(Data(contentsOf: sample))
                 try Data(heic.prefix(heic.count / 2)).write(to: url)
             },
             outcome: .fails(.dataError) { $0 == .truncated(file: "half.heic", format: .heic) }),
    ]

    /// Each byte pair `from` in `bytes` replaced by `to`, as a text-mode copy converts line endings.
    static func replacing(_ from: [UInt8], with to: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: from) {
                out += to
                index += from.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// A file of `format` whose signature `damage` spoiled: refused as a damaged file of that format, its first
    /// bytes named.
    static func damaged(_ what: String, _ file: String, _ format: PhotoFormat, _ bytes: [UInt8], shown: Int) -> Case {
        Case(what: what, file: file, make: write(bytes), outcome: .fails(.dataError) {
            $0 == .damagedSignature(file: file, format: format, leadingBytes: Array(bytes.prefix(shown)))
        })
    }

    static let signatureCases: [Case] = {
        let webp = TestImages.webp(HostilePhotoTests.picture)
        return [
            damaged("PNG whose CR LF became LF in a text-mode copy", "lf.png", .png,
                    replacing([0x0D, 0x0A], with: [0x0A], in: png), shown: 8),
            damaged("PNG whose LF became CR LF in a text-mode copy", "crlf.png", .png,
                    replacing([0x0A], with: [0x0D, 0x0A], in: png), shown: 8),
            damaged("PNG that lost a signature byte", "lost.png", .png,
                    Array(png[0..<2] + png[3...]), shown: 8),
            damaged("PNG whose first byte lost its high bit", "seven.png", .png, patched(png, at: 0, [0x09]), shown: 8),
            damaged("JPEG whose start marker is one byte off", "off.jpg", .jpeg, patched(jpeg, at: 1, [0xD9]),
                    shown: 4),
            damaged("JPEG that lost its first byte", "lost.jpg", .jpeg, Array(jpeg.dropFirst()), shown: 4),
            damaged("WebP whose WEBP tag is one byte off", "tag.webp", .webp, patched(webp, at: 11, [0x51]), shown: 12),
            damaged("WebP that lost a byte of its size", "size.webp", .webp, Array(webp[0..<5] + webp[6...]),
                    shown: 12),
        ]
    }()

    static let fileSystemCases: [Case] = [
        Case(what: "a directory", file: "folder.jpg",
             make: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
             outcome: .fails(.noInput) { $0 == .isDirectory(file: "folder.jpg") }),
        Case(what: "a missing file", file: "gone.jpg", make: { _ in }, outcome: .fails(.noInput) { $0 == .missing(file: "gone.jpg") }),
        Case(what: "a symlink loop", file: "loop.jpg",
             make: { url in
                 let other = url.deletingLastPathComponent().appendingPathComponent("other.jpg")
                 try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: other.path)
                 try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: url.path)
             },
             outcome: .fails(.noInput) { $0 == .symlinkLoop(file: "loop.jpg") }),
        Case(what: "a dangling symlink", file: "dangling.jpg",
             make: { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/nonexistent/origami/x.jpg") },
             outcome: .fails(.noInput) { $0 == .missing(file: "dangling.jpg") }),
        Case(what: "a symlink to /dev/zero", file: "zero.jpg",
             make: { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/dev/zero") },
             outcome: .fails(.noInput) { $0 == .notRegularFile(file: "zero.jpg", kind: "a device") }),
        Case(what: "a named pipe", file: "pipe.jpg", make: { url in _ = mkfifo(url.path, 0o644) },
             outcome: .fails(.noInput) { $0 == .notRegularFile(file: "pipe.jpg", kind: "a pipe") }),
        Case(what: "a path through a regular file", file: "file.jpg",
             make: { url in
                 let plain = url.deletingLastPathComponent().appendingPathComponent("plain.jpg")
                 try Data(jpeg).write(to: plain)
                 try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: plain.path + "/inner.jpg")
             },
             outcome: .fails(.noInput) { $0 == .missing(file: "file.jpg") }),
        Case(what: "a file over the size cap", file: "large.jpg", options: PhotoOptions(maximumFileBytes: 1000),
             make: write(jpeg),
             outcome: .fails(.dataError) { if case .fileTooLarge(_, _, 1000) = $0 { true } else { false } }),
    ]
}
