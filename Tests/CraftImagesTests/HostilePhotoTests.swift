@testable import CraftImages
@testable import CraftSchema
import Foundation
import Testing

/// Hostile and odd inputs, each made by the test: every one ends in a clear `PhotoError` naming the file (or, for
/// the odd-but-valid ones, in a correct picture), and none crashes.
@Suite struct HostilePhotoTests {
    /// What a hostile input must lead to.
    enum Outcome: Sendable {
        /// This error (matched by case), with this exit status.
        case fails(CraftSchema.ExitStatus, @Sendable (PhotoError) -> Bool)
        /// A photo that passes this check.
        case decodes(@Sendable (Photo) -> Bool)
    }

    /// One hostile input: a file name, how to make it in a scratch folder, options, and the expected outcome.
    struct Case: Sendable, CustomTestStringConvertible {
        var what: String
        var file: String
        var options = PhotoOptions()
        var make: @Sendable (URL) throws -> Void
        var outcome: Outcome

        var testDescription: String { what }
    }

    static let picture = TestImages.quadrants(width: 160, height: 120)
    static let jpeg = TestImages.jpeg(picture, quality: 90)
    static let png = TestImages.png(picture)

    static func write(_ bytes: [UInt8]) -> @Sendable (URL) throws -> Void {
        { url in try Data(bytes).write(to: url) }
    }

    static let cases: [Case] =
        HostileInputs.jpegCases + HostileInputs.otherFormatCases + HostileInputs.signatureCases
        + HostileInputs.fileSystemCases

    @Test(arguments: cases)
    func hostileInputGivesItsClearOutcome(_ hostile: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("origami-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.appendingPathComponent(hostile.file).path, 0o644)
            try? FileManager.default.removeItem(at: folder)
        }
        let url = folder.appendingPathComponent(hostile.file)
        try hostile.make(url)
        let result = Result { try Photo.load(contentsOf: url, options: hostile.options) }
        switch (hostile.outcome, result) {
        case (.fails(let status, let matches), .failure(let error)):
            let photoError = try #require(error as? PhotoError, "\(error) is not a PhotoError")
            #expect(matches(photoError), "unexpected error: \(photoError)")
            #expect(photoError.exitStatus == status)
            #expect(photoError.description.hasPrefix(url.lastPathComponent + ": "), "\(photoError)")
            #expect(photoError.description.contains("; "), "the message says what to do: \(photoError)")
        case (.decodes(let check), .success(let photo)):
            #expect(check(photo), "decoded, but not as expected: \(photo.description)")
        case (.fails, .success(let photo)):
            Issue.record("expected an error, but it decoded: \(photo.description)")
        case (.decodes, .failure(let error)):
            Issue.record("expected a picture, but: \(error)")
        }
    }

    @Test func thereAreAtLeastTwentyFiveHostileInputs() {
        #expect(Self.cases.count >= 25)
    }

    // An unreadable file is checked through the built binary, as `nobody` when the tests run as root (root reads a
    // mode-000 file): ExitStatusEndToEndTests.anUnreadablePhotoExits66EvenWhenTheTestsRunAsRoot.

    @Test func errorsSpeakPlainWords() {
        #expect("\(PhotoError.truncated(file: "box.jpg", format: .jpeg))"
            == "box.jpg: the image is truncated (the file ends in the middle of the picture data); copy the photo again")
        #expect("\(PhotoError.unrecognized(file: "photo.jpg", kind: nil, leadingBytes: [0x25, 0x50, 0x44, 0x46]))"
            == "photo.jpg: not a JPEG, PNG, WebP or HEIC file (starts with 25 50 44 46); export the photo as JPEG or PNG")
        let lf: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A, 0x00]
        let damaged = "box.png: a damaged PNG file (it starts with 89 50 4E 47 0A 1A 0A 00 where a PNG starts with "
            + "89 50 4E 47 0D 0A 1A 0A: a byte lost or changed, or line endings converted by a text-mode copy); "
            + "copy the photo again as a binary file"
        #expect("\(PhotoError.damagedSignature(file: "box.png", format: .png, leadingBytes: lf))" == damaged)
        #expect(PhotoError.missing(file: "a.jpg").exitStatus == .noInput)
        #expect(PhotoError.corrupt(file: "a.jpg", format: .jpeg, detail: "x").exitStatus == .dataError)
    }
}
