@testable import CraftBackends
@testable import CraftCore
@testable import CraftImages
import CraftTesting
import Foundation
import Testing

@Suite struct PhotoAttachmentTests {
    @Test func anAttachmentCarriesThePhotosLabelHashJPEGAndDescription() throws {
        let url = PackageRoot.url.appendingPathComponent("SamplePhotos/paper-warm.jpg")
        let photo = try Photo.load(contentsOf: url)
        let attachment = photo.attachment()
        #expect(attachment.label == photo.label && attachment.sha256 == photo.sha256)
        #expect(attachment.label == Photo.label(forSHA256: photo.sha256))
        #expect(attachment.mimeType == "image/jpeg" && attachment.data == photo.jpegData)
        // The classifier's likeness, when it is installed, follows origami's own description.
        let described = try #require(attachment.description)
        let rest = described.dropFirst(photo.description.count)
        #expect(described.hasPrefix(photo.description))
        #expect(rest.isEmpty || rest.hasPrefix(" An image classifier that knows everyday objects"), "\(rest)")
    }
}
