/// The broad kind of thing an ImageNet class is, where that kind tells a craft photo from the rest.
///
/// The ILSVRC-2012 classes are ordered by WordNet, so the living and natural kinds are index ranges: 0–397 animals,
/// 924–969 food (but 968, a tea cup), 970–980 landforms, 981–983 people, 984–998 plants and fungi. The made
/// objects between them (398–923) are in alphabetical order of their WordNet ids, so the vehicles, buildings,
/// things that show a picture and finished textile or folded pieces are listed here by index, picked by reading
/// the class names in the network's output order (`imagenet-classes.json`). A made object in none of these sets has
/// no group: an everyday thing that is no craft's (a folding chair, a drum, a shoe).
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
    /// What a craft is made from or with, or what such things are taken for: paper goods, stationery, cloth, yarn,
    /// sewing things, small tools, the baskets and trays supplies are kept in.
    case craftMaterial = "a craft material or tool"

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
    public var isScene: Bool { self != .madePiece && self != .craftMaterial }

    /// The listed made objects by class index.
    static let madeObjects: [Int: ImageNetGroup] = {
        var groups: [Int: ImageNetGroup] = [:]
        for index in vehicles { groups[index] = .vehicle }
        for index in places { groups[index] = .place }
        for index in pictures { groups[index] = .picture }
        for index in madePieces { groups[index] = .madePiece }
        for index in craftMaterials { groups[index] = .craftMaterial }
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

    /// Craft materials and tools, and the everyday things photographed supplies are taken for (scissors read as a
    /// letter opener, can opener or corkscrew; a crochet hook as a hook; pins as nails; craft sticks as matchsticks
    /// or wooden spoons; cloth as a towel, curtain or rug): paper and stationery (ring binder 446, carton 478,
    /// envelope 549, packet 692, paper towel 700, pencil case 709, sharpener 710, pens 418 and 563, paintbrush 696,
    /// quill 749, eraser 767, ruler 769, toilet paper 999), sewing and knitting things (can opener 473, corkscrew
    /// 512, hook 600, letter opener 623, safety pin 772, nail 677, sewing machine 786, spindle 816, thimble 855,
    /// hair clip 584, buckle 464, chain 488, coil 506, knot 616, wool 911, Band-Aid 419), tools (tool kit 477,
    /// hammer 587, screwdriver 784, drill 740, block plane 726, screw 783, potter's wheel 739), cloth (apron 411,
    /// bath towel 434, bib 443, dishcloth 533, doormat 539, handkerchief 591, pillow 721, prayer rug 741, sarong
    /// 775, curtains 794 and 854, velvet 885, window shade 905, chain mail 490, mosquito net 669, window screen 904,
    /// feather boa 552), holders (hamper 588, shopping basket 790, tray 868, plastic bag 728) and sticks (matchstick
    /// 644, wooden spoon 910).
    static let craftMaterials: [Int] = [
        446, 478, 549, 692, 700, 709, 710, 418, 563, 696, 749, 767, 769, 999, 473, 512, 600, 623, 772, 677, 786, 816,
        855, 584, 464, 488, 506, 616, 911, 419, 477, 587, 784, 740, 726, 783, 739, 411, 434, 443, 533, 539, 591, 721,
        741, 775, 794, 854, 885, 905, 490, 669, 904, 552, 588, 790, 868, 728, 644, 910,
    ]
}
