/// What lies where in a photo: the surface, and the separate objects on it with their colour, size, position,
/// outline, texture and creases.
///
/// Measured on a copy about 320 pixels on its long side. The surface is the colour region that covers most of the
/// picture's border, with the light across it fitted as a smooth field, so that a lamp's fall-off, a soft shadow
/// or wood grain stays surface. Whatever differs from it clearly is an object; touching objects of different
/// colours are told apart by colour. Nothing is reported that was not measured: a picture with no clear surface
/// (a close-up filling the frame) has no objects.
public struct PhotoScene: Sendable, Hashable {
    /// The objects, largest first.
    public var objects: [SceneObject]
    /// The surface's colour name, or nil when no surface stands apart from the objects.
    public var surface: String?
    /// Whether the count is uncertain: some objects touch, or thin pieces were left out as too unsure to name.
    public var countIsApproximate: Bool

    /// Creates a scene from its parts.
    public init(objects: [SceneObject], surface: String?, countIsApproximate: Bool) {
        self.objects = objects
        self.surface = surface
        self.countIsApproximate = countIsApproximate
    }

    /// The long side of the copy the scene is measured on.
    static let workingSize = 320
    /// A region smaller than this share of the picture is not counted as an object.
    static let smallestObject = 0.004
    /// When the objects together cover more than this share, there is no surface to speak of.
    static let largestCover = 0.85

    /// Measures the scene in `image`.
    public init(of image: RGBImage) {
        let detailed = image.resized(toFit: 2 * Self.workingSize)
        let small = detailed.resized(toFit: Self.workingSize)
        guard small.width >= 16, small.height >= 16 else {
            self.init(objects: [], surface: nil, countIsApproximate: false)
            return
        }
        let base = LabPlanes(small)
        let planes = base.blurred(radius: 1)
        var model = SurfaceModel(planes)
        let pattern = SurfacePattern(model: model, planes: planes)
        model.mixesModes = pattern != nil
        let distance = model.distanceMap(planes)
        let mask = Self.objectMask(
            planes: planes, coarse: base.blurred(radius: Self.coarseRadius), model: model, distance: distance,
            pattern: pattern)
        let minimum = max(12, Int(Self.smallestObject * Double(planes.count)))
        // A region reaching across the whole picture (a band of another cloth, the table's edge) is not a thing on
        // the surface; many of them mean there is no one surface at all.
        let large = mask.regions().filter { $0.count >= minimum }
        let (spanning, regions) = (large.filter { Self.spans($0, planes) }, large.filter { !Self.spans($0, planes) })
        let covered = Double(regions.reduce(0) { $0 + $1.count }) / Double(planes.count)
        let across = Double(spanning.reduce(0) { $0 + $1.count }) / Double(planes.count)
        // A pattern with nothing on it is more likely a close-up of a print than a cloth under nothing.
        guard covered <= Self.largestCover, across < Self.largestBand, !model.modes.isEmpty,
            pattern == nil || !regions.isEmpty
        else {
            self.init(objects: [], surface: nil, countIsApproximate: false)
            return
        }
        let grouping = base.blurred(radius: 3)
        let measurer = SceneMeasurer(
            base: base, planes: planes, model: model, detail: CreaseFinder(detailed, scale: 2))
        var objects: [SceneObject] = []
        var touching = false
        for region in regions {
            let parts = RegionSplitter.split(
                region, colours: grouping, fine: planes, minimum: minimum, onPattern: pattern != nil)
                .filter { $0.count >= minimum }
            var found: [SceneObject] = []
            for part in parts {
                var measured = measurer.objects(part, touching: parts.count > 1)
                if pattern != nil {
                    let alike = part.filter { distance[$0] < Self.surfaceLike }.count
                    for index in measured.indices { measured[index].patternShare = Double(alike) / Double(part.count) }
                }
                found += measured
                touching = touching || measured.isEmpty
            }
            objects += Self.notingTouchingColours(found)
            touching = touching || parts.count > 1
        }
        var named: [String] = []
        for mode in 0..<(pattern == nil ? 1 : 2) {
            let name = NamedColour.nearest(to: model.colour(of: mode, underLight: model.brightestLight)).name
            if !named.contains(name) { named.append(name) }
        }
        self.init(
            objects: objects.sorted { $0.share > $1.share },
            surface: named.count > 1 ? PhotoScene.list(named) + " patterned" : named[0],
            countIsApproximate: touching)
    }

    /// `objects`, all from one region of the mask, each with the colours of the others as `touchingColours`.
    static func notingTouchingColours(_ objects: [SceneObject]) -> [SceneObject] {
        objects.indices.map { index in
            var object = objects[index]
            for other in objects.indices where other != index {
                for colour in objects[other].colours where !object.touchingColours.contains(colour) {
                    object.touchingColours.append(colour)
                }
            }
            return object
        }
    }

    /// A pixel nearer than this to a surface colour (L*a*b* units, the object mask's weak threshold) is of the
    /// surface's colour.
    static let surfaceLike: Float = 5

    /// Regions reaching across the picture covering this share of it leave no one surface to describe.
    static let largestBand = 0.2

    /// Whether the region touches two opposite edges of the picture.
    static func spans(_ region: [Int], _ planes: LabPlanes) -> Bool {
        let edges = edgesReached(by: region, width: planes.width, height: planes.height)
        return (edges.left && edges.right) || (edges.top && edges.bottom)
    }

    /// Which edges of a picture `width` by `height` the pixels of `region` touch.
    static func edgesReached(by region: [Int], width: Int, height: Int)
        -> (left: Bool, right: Bool, top: Bool, bottom: Bool)
    {
        var edges = (left: false, right: false, top: false, bottom: false)
        for index in region {
            let (x, y) = (index % width, index / width)
            if x == 0 { edges.left = true }
            if x == width - 1 { edges.right = true }
            if y == 0 { edges.top = true }
            if y == height - 1 { edges.bottom = true }
        }
        return edges
    }

    /// Objects smaller than this share of the picture are not searched for creases.
    static let creaseFloor = 0.015

    /// The blur radius at which a pattern's stripes or dots average into one colour.
    static let coarseRadius = 4

    /// Where the objects are: pixels clearly off the surface, with weaker evidence kept where it touches strong
    /// evidence, specks removed and holes filled. A pattern whose light part matches the surface (cream stripes on
    /// a cream cloth) still differs from it on average, so the same test on a coarse blur, against a surface model
    /// of its own and shrunk back by the blur's reach, adds the pattern's area. On a surface that is itself a
    /// pattern too coarse for that blur (a checked cloth) the blur only finds the middles of its cells; there an
    /// area of one of its colours too large to be part of the pattern is an object instead (`SurfacePattern`):
    /// white paper on the white checks.
    static func objectMask(
        planes: LabPlanes, coarse: LabPlanes, model: SurfaceModel, distance: [Float], pattern: SurfacePattern? = nil
    ) -> BinaryMask {
        let (width, height) = (planes.width, planes.height)
        var mask = BinaryMask.hysteresis(distance, width: width, height: height, low: 5, high: 13)
        if let pattern {
            // The surface's own pattern is coarser than the blur, so the blur says nothing; its cells say it.
            let minimum = max(12, Int(Self.smallestObject * Double(planes.count)))
            let areas = pattern.uniformAreas(model: model, planes: planes, minimum: minimum)
            for index in mask.bits.indices where areas.bits[index] { mask.bits[index] = true }
        } else {
            let broad = BinaryMask.hysteresis(
                SurfaceModel(coarse).distanceMap(coarse), width: width, height: height, low: 7, high: 11)
                .eroded(coarseRadius)
            for index in mask.bits.indices where broad.bits[index] { mask.bits[index] = true }
        }
        return mask.opened(1).closed(1).fillingHoles()
    }
}

extension PhotoScene {
    /// The piece a progress photo is taken of: the object a person frames, which lies flat like paper and near the
    /// middle of the picture. Among the flat objects (all objects when none is flat) it is the one whose share,
    /// weighed by `centreWeight`, is largest. The largest object alone is often something else on a real table: a
    /// patch of varnish lit by a lamp, which reads as finely textured, or a spare sheet or a phone at the edge of
    /// the frame (seen on rendered photographs of the paper cup, `scripts/make-rendered-folds`). Nil without objects.
    public var piece: SceneObject? {
        let flat = objects.filter { $0.texture == .flat }
        return (flat.isEmpty ? objects : flat).max { Self.framedWeight($0) < Self.framedWeight($1) }
    }

    /// An object's share weighed by how near the centre of the picture it lies.
    static func framedWeight(_ object: SceneObject) -> Double {
        object.share * centreWeight(object.centre)
    }

    /// 1 for a centre within `centralReach` of the picture's middle (in fractions of its sides), falling linearly
    /// to `edgeWeight` at `edgeReach` and beyond: an object at the frame's edge counts a quarter as much.
    static func centreWeight(_ centre: SIMD2<Double>) -> Double {
        let offset = centre - SIMD2(0.5, 0.5)
        let distance = (offset * offset).sum().squareRoot()
        let along = min(1, max(0, (distance - centralReach) / (edgeReach - centralReach)))
        return 1 - along * (1 - edgeWeight)
    }

    /// How far from the middle an object's centre may lie and count fully.
    static let centralReach = 0.2
    /// How far from the middle an object's centre counts only `edgeWeight`.
    static let edgeReach = 0.5
    /// What an object at the edge counts, relative to one in the middle.
    static let edgeWeight = 0.25
}
