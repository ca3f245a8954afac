public import CraftBackends
public import CraftImages
public import CraftVision

/// origami's own reading of a photo's category, from what it measured: the image classifier's likenesses and the
/// objects on the surface. It stands in for a model that cannot see.
///
/// Asked for the category from origami's description, the on-box 1.5B model answered "supplies" for every sample
/// photo (balanced accuracy 0.33), with the classifier's likenesses, with a guide naming them, and even when the
/// description ended with this reading; so a blind model is not asked, and the reading, with its reason, is shown
/// as origami's. The rules, first that applies:
/// 1. **Inspiration** when the likenesses that are scenery, living things, food, vehicles, buildings or pictures
///    (`ImageNetGroup.isScene`) add up to `sceneShare` or more: no craft material looks like a cat or a tram.
/// 2. **Inspiration** when the photo holds one large rectangle (`printShare` of the picture or more) of two or more
///    colours: a print or a photo lying on the table, where a sheet of craft paper is one colour.
/// 3. **Finished piece** when one object holds `foldedCreases` or more straight creases (a folded figure), or when
///    the likeliest class is a made piece of a craft's kind (a knitted garment, a pinwheel) at `pieceShare` or more.
/// 4. **Inspiration** when the likeliest class is an everyday object of no group (`ImageNetGroup` nil: a folding
///    chair, a drum, a shoe) at `objectShare` or more, more likely than all the rest together.
/// 5. **Inspiration** when no surface stands apart from the objects (a picture filling the frame: no objects) and
///    no likeness weighed is a craft material or a made piece at `PhotoResemblance.minimumProbability` or more: a
///    close-up of yarn or cloth is like wool or velvet, a landscape, a sky or a face like none of them.
/// 6. **Supplies** otherwise: loose materials, or a piece still being folded.
///
/// Rules 4 and 5 came from real camera photos (`scripts/real-photos`): without them a third of the animals,
/// landscapes and everyday things there read as supplies.
public struct CategoryReading: Sendable, Hashable {
    /// The category read.
    public var category: ImageCategory
    /// Why, in a clause: "the image classifier finds it most like a tabby cat (an animal)".
    public var reason: String

    /// The least summed probability of scene-like likenesses that makes a photo inspiration.
    public static let sceneShare = 0.35
    /// The least share of the picture one many-coloured rectangle covers to be read as a print.
    public static let printShare = 0.3
    /// The least number of creases on one object that makes it a folded figure.
    public static let foldedCreases = 3
    /// The least probability of a made-piece likeness that makes a photo a finished piece.
    public static let pieceShare = 0.25
    /// The least probability of an everyday object's likeness that makes a photo inspiration.
    public static let objectShare = 0.5
    /// How many likenesses are weighed.
    public static let likenessCount = 5

    /// Creates a reading from its parts.
    public init(category: ImageCategory, reason: String) {
        self.category = category
        self.reason = reason
    }

    /// Reads the photo whose scene is `scene` and whose likenesses (most probable first; empty without a
    /// classifier) are `likenesses`.
    public init(scene: PhotoScene, likenesses: [Resemblance]) {
        let weighed = likenesses.prefix(Self.likenessCount)
        let scenic = weighed.filter { ImageNetGroup(index: $0.index)?.isScene == true }
        if let first = scenic.first, scenic.map(\.probability).reduce(0, +) >= Self.sceneShare {
            let group = ImageNetGroup(index: first.index)?.rawValue ?? ""
            self.init(
                category: .inspiration, reason: "the image classifier finds it most like \(first.name) (\(group))")
            return
        }
        let objects = scene.objects
        if objects.count == 1, let print = objects.first, print.colours.count >= 2, print.share >= Self.printShare,
            print.outline == .rectangle || print.outline == .square {
            self.init(category: .inspiration, reason: "one large rectangle of several colours, like a printed picture")
            return
        }
        if let folded = objects.first(where: { $0.creases.count >= Self.foldedCreases }) {
            let count = folded.creases.count
            self.init(
                category: .finishedPiece, reason: "one \(folded.outline.words) piece with \(count) creases, folded")
            return
        }
        if let top = weighed.first, ImageNetGroup(index: top.index) == .madePiece, top.probability >= Self.pieceShare {
            self.init(
                category: .finishedPiece, reason: "the image classifier finds it most like \(top.name) (a made piece)")
            return
        }
        if let top = weighed.first, ImageNetGroup(index: top.index) == nil, top.probability >= Self.objectShare {
            self.init(category: .inspiration, reason: "the image classifier finds it most like \(top.name) (an "
                + "everyday object, no craft material)")
            return
        }
        let crafty = weighed.contains { likeness in
            likeness.probability >= PhotoResemblance.minimumProbability
                && [.craftMaterial, .madePiece].contains(ImageNetGroup(index: likeness.index))
        }
        if objects.isEmpty, !weighed.isEmpty, !crafty {
            self.init(category: .inspiration, reason: "a picture filling the frame that the image classifier finds "
                + "like no craft material")
            return
        }
        let what = switch objects.count {
        case 0: "nothing read as a finished piece or a scene"
        case 1: "one piece of material, not a folded figure"
        default: "several loose materials"
        }
        self.init(category: .supplies, reason: what)
    }

    /// The sentence for the person and the ideas prompt: "origami reads it as inspiration: …".
    public var sentence: String {
        let named = category == .finishedPiece ? "a finished piece" : category.shortName
        return "origami reads it as \(named): \(reason)."
    }

    /// The reading an attachment carries, or nil when it has none or names no category.
    public init?(_ reading: Attachment.Reading?) {
        guard let reading, let category = ImageCategory(shortName: reading.category) else { return nil }
        self.init(category: category, reason: reading.reason)
    }
}
