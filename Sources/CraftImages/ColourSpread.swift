/// The mean colour of each part of a region, and the plain colours among them, while `RegionSplitter` merges the
/// parts, so that a plain object lying inside a busy patch of the surface (a sheet of paper in the sheen of a
/// varnished table, which the surface model could not call table) is not taken for a dot of that patch.
struct ColourSpread {
    /// Per part: pixel count and the sum of the colour vectors (L* + 16, a*, b* on the lightly blurred planes).
    private var counts: [Float]
    private var sums: [SIMD3<Float>]

    /// A part whose colours lie within this distance of their mean (root mean square, L*a*b* units) is plain: one
    /// sheet, one colour, under one light.
    static let plainSpread: Float = 8
    /// How far a plain colour must lie from the mean colour of a neighbour that holds none to stand apart from it.
    static let apart: Float = 30

    /// How many times the smallest object a plain colour covers at least, over all its parts, to stand apart: a
    /// strip of shadow along a sheet's edge is less.
    static let anchorSize = 4

    /// Per part, the mean colours of the plain colours it holds: colours that are plain and of `anchorSize` smallest
    /// objects or more in the region (a sheet, or one side of one). A part keeps them when it takes in another.
    private var anchors: [[SIMD3<Float>]]
    /// The smallest object, in pixels: a part smaller than this never stands apart (it would be dropped, not kept).
    private let minimum: Float

    /// The statistics of `parts` on `fine`; `groups` gives each part's colour group (`RegionSplitter.colourGroups`),
    /// nil where no part is to stand apart.
    init(_ parts: [[Int]], fine: LabPlanes, groups: [Int]?, minimum: Int) {
        counts = parts.map { Float($0.count) }
        sums = parts.map { $0.reduce(SIMD3<Float>(0, 0, 0)) { $0 + SurfaceModel.vector(fine, $1) } }
        self.minimum = Float(minimum)
        guard let groups else {
            anchors = parts.map { _ in [] }
            return
        }
        // A colour is judged over all its parts: a sheet cut in two by a crease or a flap is two parts of one group.
        let squares = parts.map { part in
            part.reduce(Float(0)) { total, index in
                let vector = SurfaceModel.vector(fine, index)
                return total + (vector * vector).sum()
            }
        }
        var plainGroups: [Int: SIMD3<Float>] = [:]
        let (counts, sums) = (counts, sums)
        for group in Set(groups) {
            let members = groups.indices.filter { groups[$0] == group }
            let count = members.reduce(Float(0)) { $0 + counts[$1] }
            let mean = members.reduce(SIMD3<Float>(0, 0, 0)) { $0 + sums[$1] } / count
            let square = members.reduce(Float(0)) { $0 + squares[$1] } / count
            let spread = max(0, square - (mean * mean).sum()).squareRoot()
            if count >= Float(Self.anchorSize * minimum), spread < Self.plainSpread { plainGroups[group] = mean }
        }
        anchors = groups.map { plainGroups[$0].map { [$0] } ?? [] }
    }

    /// The mean colour of part `id`.
    func mean(_ id: Int) -> SIMD3<Float> { sums[id] / max(1, counts[id]) }

    /// Whether part `id` is a plain thing of its own beside `neighbour`, not a speck of its texture: it holds a plain
    /// colour far from the neighbour's mean colour, and the neighbour holds none. Two such parts side by side merge as
    /// they always did (the two sides of one folded sheet are both plain and both unlike the sheen around them).
    func standsApart(_ id: Int, from neighbour: Int) -> Bool {
        guard anchors[neighbour].isEmpty, counts[id] >= minimum else { return false }
        let other = mean(neighbour)
        return anchors[id].contains { colour in
            let difference = colour - other
            return (difference * difference).sum().squareRoot() >= Self.apart
        }
    }

    /// Counts part `id`'s pixels as `target`'s from now on.
    mutating func join(_ id: Int, into target: Int) {
        counts[target] += counts[id]
        sums[target] += sums[id]
        anchors[target] += anchors[id]
    }
}
