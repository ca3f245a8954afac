public import CraftBackends
public import CraftImages
public import CraftVision

extension Photo {
    /// The photo as a prompt attachment: label, sha256, the model-ready JPEG and the description, followed by what
    /// `classifier` finds it most like (see `PhotoResemblance`) when it finds anything worth naming, and, apart from
    /// the description, origami's reading of its category with the reason (see `CategoryReading`).
    ///
    /// It lives here, not beside `Photo`, because images know no model: the transcript's `Attachment` belongs to
    /// the backends' floor, and only the session joins the two. A model that can see gets the JPEG itself; the
    /// description, with the classifier's words, is what one that cannot see is sent instead; brainstorm adds the
    /// readings (see `CraftPrompts.ideas(hint:photos:)`).
    public func attachment(classifier: ImageClassifier? = PhotoResemblance.shared) -> Attachment {
        let likenesses = classifier?.resemblances(of: square, count: CategoryReading.likenessCount) ?? []
        let reading = CategoryReading(scene: analysis.scene, likenesses: likenesses)
        let words = PhotoResemblance.words(likenesses)
        let text = words.map { description + " " + $0 } ?? description
        return Attachment(
            label: label, sha256: sha256, mimeType: "image/jpeg", data: jpegData, description: text,
            reading: Attachment.Reading(category: reading.category.shortName, reason: reading.reason, likeness: words))
    }
}
