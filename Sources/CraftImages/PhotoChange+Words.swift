extension PhotoChange {
    /// The change in plain words for a model that cannot see, e.g. `Measured against the earlier photo: the outline
    /// went from a triangle to a five-sided shape; it covers 24 % less of the picture; it is about as long as wide
    /// as before; one new straight crease (vertical); no new colour shows.` Said plainly when nothing changed.
    public var words: String {
        guard let after else {
            return "Measured change: none can be given, because the new photo shows no single piece on a surface."
        }
        let lead = hadEarlierPhoto ? "Measured against the earlier photo of the piece" : "No earlier photo of the "
            + "piece; measured against an unfolded sheet (four right-angled sides, no creases)"
        var parts: [String] = []
        let afterName = PhotoScene.article(PhotoScene.noun(after.outline)) + " " + PhotoScene.noun(after.outline)
        if let before {
            let beforeName = PhotoScene.article(PhotoScene.noun(before.outline)) + " " + PhotoScene.noun(before.outline)
            parts.append(outlineChanged
                ? "the outline went from \(beforeName) to \(afterName)" : "the outline is still \(afterName)")
        } else {
            parts.append("the outline is \(afterName)" + (outlineChanged ? ", no longer a plain sheet" : ""))
        }
        if let ratio = areaRatio {
            let percent = Int((abs(ratio - 1) * 100).rounded())
            parts.append(areaChanged
                ? "it covers \(percent) % \(ratio < 1 ? "less" : "more") of the picture"
                : "its area is about the same")
        }
        if let ratio = aspectRatio, let before {
            parts.append(aspectChanged
                ? "it is \(ratio > 1 ? "longer" : "squatter") (long side over short "
                    + "\(Self.decimal(before.aspect)) → \(Self.decimal(after.aspect)))"
                : "its proportions are about the same")
        }
        let creases = newCreases
        if creases.isEmpty {
            parts.append("no new straight crease")
        } else {
            let directions = PhotoScene.list(creases.map(\.direction))
            parts.append("\(PhotoScene.number(creases.count)) new straight "
                + (creases.count == 1 ? "crease" : "creases") + " (\(directions))")
        }
        if before != nil {
            let colours = newColours
            parts.append(
                colours.isEmpty ? "the same colours show (\(PhotoScene.list(after.colours)))" + besideWords
                : sharesATint ? "\(PhotoScene.list(colours)) now shows, another side of the paper"
                : sharesAColour ? "\(PhotoScene.list(colours)) now shows, but the two share only greys, which "
                    + "paper in shadow and a table can both be, so it may be another thing"
                : "none of its colours (\(PhotoScene.list(colours))) was on the earlier piece, so it may be "
                    + "another thing")
        }
        return lead + ": " + parts.joined(separator: "; ") + ". " + verdict
    }

    /// Where a colour showed before on a thing touching the earlier piece (`colouredBeside`): "; white showed
    /// before too, on a part touching the earlier piece", or nothing.
    var besideWords: String {
        let beside = colouredBeside
        guard !beside.isEmpty else { return "" }
        return "; \(PhotoScene.list(beside)) showed before too, on a part touching the earlier piece"
    }

    /// The closing sentence: a change, no change, or why what changed is not taken for a fold.
    var verdict: String {
        if isPresent { return "A change was measured." }
        guard anythingChanged else { return "No change was measured: the piece looks as before." }
        if before != nil && !sharesAColour {
            return "No fold was measured: the two photos may show different things, as they share no colour."
        }
        if before != nil && !newColours.isEmpty && !sharesATint {
            return "No fold was measured: the colour that now shows may belong to another thing, as the two photos "
                + "share only greys, and a change of size or of lines alone can come from moving the camera."
        }
        if after?.outline == .irregular || before?.outline == .irregular {
            return "No fold was measured: an irregular outline says nothing of a fold (the background or the light "
                + "can cut a piece off), and a change of size or of lines alone can come from moving the camera."
        }
        if after?.reachesEdge == true || before?.reachesEdge == true {
            return "No fold was measured: the piece reaches the edge of a photo, so part of its outline may be the "
                + "photo's edge, and a change of size or of lines alone can come from moving the camera."
        }
        if after?.blendsWithPattern == true || before?.blendsWithPattern == true {
            return "No fold was measured: the piece shares a colour with the patterned surface under it, so its "
                + "outline may take in or leave out some of the surface's cells, and a change of size or of lines "
                + "alone can come from moving the camera."
        }
        return "No fold was measured: the outline and the sides of the paper that show are as before, "
            + "and a change of size or of lines alone can come from moving the camera."
    }

    /// One decimal place.
    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
