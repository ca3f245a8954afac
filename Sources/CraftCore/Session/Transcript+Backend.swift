public import CraftBackends

/// How the session turns its transcript into what a particular backend is sent.
extension Transcript {
    /// The transcript as a backend with or without vision should see it.
    ///
    /// With vision, photos stay attachments (the backend introduces each by its label). Without vision, or when
    /// the photo's bytes were not kept, each photo becomes a text segment with its description under its label.
    ///
    /// A model that can see is never told it cannot: an earlier photo whose bytes the project file did not keep is
    /// referred to by its label, as shown earlier, with origami's description. That costs 56–133 tokens for the
    /// sample photos where attaching it again would cost the image's tokens (972 for a 1024×768 photo on
    /// Qwen2.5-VL, 28-pixel patches) on every later request, and the model's own analysis of it is in the
    /// conversation already.
    public func prepared(forVision vision: Bool) -> Transcript {
        Transcript(
            entries: entries.map { entry in
                guard case .prompt(let prompt) = entry else { return entry }
                return .prompt(
                    Prompt(
                        prompt.segments.flatMap { segment -> [Prompt.Segment] in
                            guard case .image(let photo) = segment else { return [segment] }
                            if vision, photo.data != nil { return [segment] }
                            return [.text(Self.standIn(for: photo, vision: vision))]
                        }))
            })
    }

    /// Whether any prompt of the transcript carries a photo.
    public var hasPhotos: Bool {
        entries.contains { entry in
            if case .prompt(let prompt) = entry { !prompt.attachments.isEmpty } else { false }
        }
    }

    /// The transcript with every photo's bytes dropped (labels, digests and descriptions kept), small enough for
    /// the project file; a later request describes such photos in words.
    public func droppingImageData() -> Transcript {
        Transcript(
            entries: entries.map { entry in
                guard case .prompt(let prompt) = entry else { return entry }
                return .prompt(
                    Prompt(
                        prompt.segments.map { segment in
                            guard case .image(var photo) = segment else { return segment }
                            photo.data = nil
                            return .image(photo)
                        }))
            })
    }

    /// The text sent instead of a photo: to a model that cannot see, or, for a photo whose bytes were not kept,
    /// to one that can.
    static func standIn(for photo: Attachment, vision: Bool = false) -> String {
        let description = photo.description ?? "no description is available (sha256 \(photo.sha256.prefix(12)))"
        let body = description.hasPrefix(photo.label) ? description : "\(photo.label): \(description)"
        if vision { return "[A photo shown earlier; its image is not kept, so origami describes it] \(body)" }
        return "[The model cannot see this photo; origami describes it] \(body)"
    }

    /// Whether the transcript already holds an answer that followed exactly this schema.
    func hasAnswer(followingSchemaDigest digest: String) -> Bool {
        entries.contains { entry in
            if case .response(let response) = entry { response.schemaDigest == digest } else { false }
        }
    }
}
