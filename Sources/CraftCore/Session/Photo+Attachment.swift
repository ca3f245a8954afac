public import CraftBackends
public import CraftImages

extension Photo {
    /// The photo as a prompt attachment: label, sha256, the model-ready JPEG and the description.
    ///
    /// It lives here, not beside `Photo`, because images know no model: the transcript's `Attachment` belongs to
    /// the backends' floor, and only the session joins the two.
    public func attachment() -> Attachment {
        Attachment(label: label, sha256: sha256, mimeType: "image/jpeg", data: jpegData, description: description)
    }
}
