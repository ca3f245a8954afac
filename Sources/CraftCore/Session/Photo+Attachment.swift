public import CraftBackends
public import CraftImages
public import CraftVision

extension Photo {
    /// The photo as a prompt attachment: label, sha256, the model-ready JPEG and the description, followed by what
    /// `classifier` finds it most like (see `PhotoResemblance`) when it finds anything worth naming.
    ///
    /// It lives here, not beside `Photo`, because images know no model: the transcript's `Attachment` belongs to
    /// the backends' floor, and only the session joins the two. A model that can see gets the JPEG itself; the
    /// description, with the classifier's words, is what one that cannot see is sent instead.
    public func attachment(classifier: ImageClassifier? = PhotoResemblance.shared) -> Attachment {
        let words = PhotoResemblance.words(for: self, classifier: classifier)
        let text = words.map { description + " " + $0 } ?? description
        return Attachment(label: label, sha256: sha256, mimeType: "image/jpeg", data: jpegData, description: text)
    }
}
