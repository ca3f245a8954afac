/// The broad kind of thing an ImageNet class is, where that kind tells a craft photo from the rest.
///
/// The ILSVRC-2012 classes are ordered by WordNet, so the living and natural kinds are index ranges: 0–397 animals,
/// 924–969 food (but 968, a tea cup), 970–980 landforms, 981–983 people, 984–998 plants and fungi. The made
/// objects between them (398–923) are in alphabetical order of their WordNet ids, so the vehicles, buildings,
/// things that show a picture and finished textile or folded pieces are listed here by index, picked by reading
/// the class names in the network's output order (`imagenet-classes.json`). A made object in none of these sets has
/// no group: it says nothing about whether a photo is a craft's supplies or something else.
public enum ImageNetGroup: String, Sendable, Hashable, CaseIterable {
    case animal = "an animal"
    case food = "food"
    case landscape = "a landscape"
    case person = "a person"
    case plant = "a plant"
    case vehicle = "a vehicle"
    case place = "a building or place"
    case picture = "something that shows a picture"
    /// A made piece of the kind crafts produce: a knitted garment, a quilt, a pinwheel, a soft toy.
    case madePiece = "a made piece"

    /// The group of class `index` (0…999), or nil for a made object of no telling kind.
    public init?(index: Int) {
        switch index {
        case 0...397: self = .animal
        case 968: return nil
        case 924...969: self = .food
        case 970...980: self = .landscape
        case 981...983: self = .person
        case 984...998: self = .plant
        default:
            guard let group = Self.madeObjects[index] else { return nil }
            self = group
        }
    }

    /// True for the groups that are no craft material: living things, food, scenery and pictures.
    public var isScene: Bool { self != .madePiece }

    /// The listed made objects by class index.
    static let madeObjects: [Int: ImageNetGroup] = {
        var groups: [Int: ImageNetGroup] = [:]
        for index in vehicles { groups[index] = .vehicle }
        for index in places { groups[index] = .place }
        for index in pictures { groups[index] = .picture }
        for index in madePieces { groups[index] = .madePiece }
        return groups
    }()

    /// Aircraft, boats, cars, trains, carts and bicycles (airliner 404 … yawl 914).
    static let vehicles: [Int] = [
        403, 404, 405, 407, 408, 436, 444, 450, 466, 468, 472, 484, 510, 511, 537, 547, 554, 555, 565, 569, 573,
        575, 576, 586, 595, 603, 609, 612, 625, 627, 628, 654, 656, 660, 661, 665, 670, 671, 675, 690, 705, 717,
        724, 734, 751, 757, 779, 780, 802, 803, 812, 814, 817, 820, 829, 833, 847, 864, 866, 867, 870, 871, 874,
        880, 895, 913, 914,
    ]

    /// Buildings, shops, bridges and other places (apiary 410 … yurt 915).
    static let places: [Int] = [
        410, 415, 424, 425, 437, 442, 449, 454, 460, 467, 483, 497, 498, 500, 509, 525, 536, 538, 562, 580, 582,
        624, 634, 663, 668, 698, 706, 718, 727, 743, 762, 788, 821, 825, 832, 839, 853, 858, 860, 865, 873, 888,
        900, 912, 915,
    ]

    /// Screens, pages and printed covers: what a photographed print or picture is taken for (laptop computer 620,
    /// monitor 664, television 851, website 916, comic book 917, dust jacket 921, …).
    static let pictures: [Int] = [527, 548, 598, 611, 620, 664, 681, 781, 782, 851, 916, 917, 918, 921, 922]

    /// Finished pieces of the kinds crafts make (cardigan 474, Christmas stocking 496, mitten 658, necklace 679,
    /// pinwheel 723, quilt 750, sock 806, stole 824, teddy bear 850, …).
    static let madePieces: [Int] = [474, 496, 658, 679, 723, 735, 750, 806, 824, 841, 850]
}
