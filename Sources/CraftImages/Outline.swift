import Foundation

/// The outline of an object as a person would name it, decided from measured corners, straight edges and fits.
public enum Outline: Sendable, Hashable {
    /// Four straight sides at right angles, about as long as wide.
    case square
    /// Four straight sides at right angles, clearly longer than wide.
    case rectangle
    /// Three straight sides.
    case triangle
    /// A circle: no corners, as wide as tall.
    case round
    /// An ellipse: no corners, longer than wide.
    case oval
    /// At least four times as long as wide: a needle, a stick, a strip.
    case long
    /// A convex shape with this many straight sides that is none of the above (a kite, a pentagon).
    case polygon(sides: Int)
    /// None of these: concave, ragged or partly hidden.
    case irregular

    /// How much a person must say to draw it: fewer corners first, irregular last.
    var simplicity: Int {
        switch self {
        case .long: 2
        case .triangle: 3
        case .square, .rectangle: 4
        case .polygon(let sides): sides
        case .round, .oval: 7
        case .irregular: 10
        }
    }

    /// The outline as an adjective before a colour and a noun, e.g. "square", "five-sided".
    public var words: String {
        switch self {
        case .square: "square"
        case .rectangle: "rectangular"
        case .triangle: "triangular"
        case .round: "round"
        case .oval: "oval"
        case .long: "long, thin"
        case .polygon(let sides): ["four-sided", "five-sided", "six-sided"][min(2, max(0, sides - 4))]
        case .irregular: "irregular"
        }
    }
}

/// The measures an outline is named from, taken on one object's pixels.
struct OutlineMeasures {
    /// The object's pixel count.
    var area: Double
    /// The area of its convex hull (drawn through the outer corners of its pixels).
    var hullArea: Double
    /// The hull simplified to its corners (Douglas–Peucker with a tolerance of a few per cent of its size).
    var corners: [SIMD2<Double>]
    /// The smallest rectangle, at any angle, around the object: its long and short side, and the long side's angle.
    var box: (long: Double, short: Double, angle: Double)
    /// How much of the ellipse with the object's second moments the object fills and nothing else (intersection
    /// over union): near 1 for discs and ellipses, about 0.9 for a square.
    var ellipseFit: Double
    /// The convex hull itself, counter-clockwise.
    var hull: [SIMD2<Double>]

    /// Area over hull area: 1 for convex shapes, lower for notched or ragged ones.
    var solidity: Double { hullArea > 0 ? min(1, area / hullArea) : 0 }
    /// Area over the bounding box's area: 1 for rectangles, π/4 for an ellipse, ½ for a triangle.
    var rectangularity: Double { box.long * box.short > 0 ? min(1, area / (box.long * box.short)) : 0 }
    /// Long side over short side of the bounding box.
    var aspect: Double { box.short > 0 ? box.long / box.short : .infinity }
    /// Area over the area of the polygon through the corners, or the other way round, whichever is at most 1.
    var cornerFit: Double {
        let polygon = Self.polygonArea(corners)
        return polygon > 0 ? min(area / polygon, polygon / area) : 0
    }

    /// Measures the object made of `pixels` in a picture `width` pixels wide.
    init(pixels: [Int], width: Int) {
        area = Double(pixels.count)
        let set = PixelSet(pixels, width: width)
        var points: [SIMD2<Double>] = []
        var (sumX, sumY, sumXX, sumYY, sumXY) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for index in pixels {
            let (column, x, y) = (index % width, Double(index % width), Double(index / width))
            (sumX, sumY) = (sumX + x, sumY + y)
            (sumXX, sumYY, sumXY) = (sumXX + x * x, sumYY + y * y, sumXY + x * y)
            let edge =
                column == 0 || column == width - 1 || !set.contains(index - 1) || !set.contains(index + 1)
                || !set.contains(index - width) || !set.contains(index + width)
            if edge { points += [SIMD2(x, y), SIMD2(x + 1, y), SIMD2(x, y + 1), SIMD2(x + 1, y + 1)] }
        }
        let hull = Self.convexHull(points)
        hullArea = Self.polygonArea(hull)
        self.hull = hull
        corners = Self.simplified(hull, tolerance: max(1.2, 0.045 * hullArea.squareRoot()), size: hullArea.squareRoot())
        box = Self.minimumBox(hull)
        let (meanX, meanY) = (sumX / area, sumY / area)
        let (xx, yy, xy) = (sumXX / area - meanX * meanX, sumYY / area - meanY * meanY, sumXY / area - meanX * meanY)
        ellipseFit = Self.ellipseOverlap(
            set, width: width, centre: SIMD2(meanX + 0.5, meanY + 0.5), xx: xx, yy: yy, xy: xy)
    }

    /// The outline these measures make.
    var outline: Outline {
        if solidity < 0.82 { return .irregular }
        if aspect >= 4, rectangularity >= 0.7 { return .long }
        if corners.count == 3, cornerFit >= 0.9 { return .triangle }
        if corners.count == 4, rectangularity >= 0.85 { return aspect <= 1.25 ? .square : .rectangle }
        if ellipseFit >= 0.93, corners.count >= 5 || rectangularity < 0.82 { return aspect <= 1.2 ? .round : .oval }
        if (4...6).contains(corners.count), cornerFit >= 0.93, solidity >= 0.92 {
            return .polygon(sides: corners.count)
        }
        return .irregular
    }

    /// How far the most bowed of the hull's sides at least `shortest` of the outline long bows out: the deepest
    /// point of the hull between two of its sharp corners, from the straight line joining them, over that line's
    /// length (0 for straight sides; 0.5 for a half disc's arc). A fold leaves straight edges; the rim of a pocket
    /// opened into a cup or a box is curved (on the sample cup the opened rim measured 0.11, every flat step 0.04 at
    /// most; on rendered photos of it, 0.09–0.13). A short side is a rounded corner. The hull is walked in
    /// `bulgeSamples` equal steps; a sharp corner turns by `sharpCorner`° or more between the stretches of
    /// `bulgeReach` steps before and after it. Zero when fewer than two corners are sharp (a disc or an ellipse has
    /// no sides to bow).
    func bow(sidesOfAtLeast shortest: Double) -> Double {
        let count = Self.bulgeSamples
        guard hull.count >= 3 else { return 0 }
        let lengths = hull.indices.map { (hull[($0 + 1) % hull.count] - hull[$0]).length }
        let perimeter = lengths.reduce(0, +)
        guard perimeter > 0 else { return 0 }
        var points: [SIMD2<Double>] = []
        var (edge, walked) = (0, 0.0)
        for index in 0..<count {
            let target = perimeter * Double(index) / Double(count)
            while edge < hull.count - 1, walked + lengths[edge] < target {
                (walked, edge) = (walked + lengths[edge], edge + 1)
            }
            let along = lengths[edge] > 0 ? (target - walked) / lengths[edge] : 0
            points.append(hull[edge] + (hull[(edge + 1) % hull.count] - hull[edge]) * along)
        }
        let reach = Self.bulgeReach
        let turns = (0..<count).map { index -> Double in
            let incoming = points[index] - points[(index - reach + count) % count]
            let outgoing = points[(index + reach) % count] - points[index]
            let cosine = incoming.dot(outgoing) / max(1e-9, incoming.length * outgoing.length)
            return acos(max(-1, min(1, cosine))) * 180 / .pi
        }
        let corners = (0..<count).filter { index in
            turns[index] >= Self.sharpCorner && turns[index] >= turns[(index + count - 1) % count]
                && turns[index] > turns[(index + 1) % count]
        }
        guard corners.count >= 2 else { return 0 }
        var deepest = 0.0
        for (position, corner) in corners.enumerated() {
            let next = corners[(position + 1) % corners.count]
            guard Double((next - corner + count) % count) >= shortest * Double(count) else { continue }
            let (start, chord) = (points[corner], points[next] - points[corner])
            let span = max(1e-9, chord.length)
            var (index, depth) = (corner, 0.0)
            while index != next {
                let offset = points[index] - start
                depth = max(depth, abs(chord.x * offset.y - chord.y * offset.x) / span)
                index = (index + 1) % count
            }
            deepest = max(deepest, depth / span)
        }
        return deepest
    }

    /// The hull is walked in this many equal steps to find its corners and how far its sides bow.
    static let bulgeSamples = 200
    /// A corner's turn is measured between the stretches of this many steps on either side of it (1.5 % of the
    /// outline each).
    static let bulgeReach = 3
    /// A corner turning by at least this many degrees ends a side; an arc turns gently, a few degrees a step. At
    /// 35° the blunt corners of a rendered cup's flat steps (a kite seen slanted) went uncounted, and the side across
    /// them "bowed" by 0.2–0.5 on 28 of the 150 flat photos; at 20°, by 0.08 or more on 8 of them.
    static let sharpCorner = 20.0

    /// Andrew's monotone chain, counter-clockwise in picture coordinates, without repeated or collinear points.
    static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let sorted = Array(Set(points)).sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Double>] = []
        for point in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 {
                lower.removeLast()
            }
            lower.append(point)
        }
        var upper: [SIMD2<Double>] = []
        for point in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 {
                upper.removeLast()
            }
            upper.append(point)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The area of a simple polygon (shoelace formula).
    static func polygonArea(_ polygon: [SIMD2<Double>]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for index in polygon.indices {
            let (a, b) = (polygon[index], polygon[(index + 1) % polygon.count])
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// A closed polygon reduced to the vertices that stick out more than `tolerance` (Douglas–Peucker, started at
    /// the two vertices farthest apart), then without corners that turn by less than 20°.
    /// `size` is the square root of the polygon's area: edges under an eighth of it are merged into one corner.
    static func simplified(_ polygon: [SIMD2<Double>], tolerance: Double, size: Double = 0) -> [SIMD2<Double>] {
        guard polygon.count > 3 else { return polygon }
        var (first, second, farthest) = (0, 0, 0.0)
        for i in polygon.indices {
            for j in polygon.indices where j > i {
                let distance = (polygon[i] - polygon[j]).length
                if distance > farthest { (first, second, farthest) = (i, j, distance) }
            }
        }
        func chain(_ from: Int, _ to: Int) -> [SIMD2<Double>] {
            var points = [polygon[from]]
            var index = from
            while index != to {
                index = (index + 1) % polygon.count
                points.append(polygon[index])
            }
            return points
        }
        func reduce(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
            guard points.count > 2 else { return points }
            let (a, b) = (points[0], points[points.count - 1])
            let direction = b - a
            let span = max(1e-9, direction.length)
            var (best, bestDistance) = (0, 0.0)
            for index in 1..<(points.count - 1) {
                let offset = points[index] - a
                let distance = abs(direction.x * offset.y - direction.y * offset.x) / span
                if distance > bestDistance { (best, bestDistance) = (index, distance) }
            }
            guard bestDistance > tolerance else { return [a, b] }
            return reduce(Array(points[...best])).dropLast() + reduce(Array(points[best...]))
        }
        var corners = Array(reduce(chain(first, second)).dropLast()) + Array(reduce(chain(second, first)).dropLast())
        var changed = true
        while changed, corners.count > 3 {
            changed = false
            for index in corners.indices {
                let previous = corners[(index + corners.count - 1) % corners.count]
                let next = corners[(index + 1) % corners.count]
                let (incoming, outgoing) = (corners[index] - previous, next - corners[index])
                let cosine = incoming.dot(outgoing) / max(1e-9, incoming.length * outgoing.length)
                if cosine > cos(20 * Double.pi / 180) {
                    corners.remove(at: index)
                    changed = true
                    break
                }
            }
        }
        return withoutSlightCorners(mergingShortEdges(corners, shortest: max(2.2 * tolerance, 0.13 * size)))
    }

    /// A polygon without the corners whose triangle with their two neighbours holds under 4 % of its area, the
    /// slightest first (Visvalingam's measure): a crumb stuck to an edge is not a corner of the object.
    static func withoutSlightCorners(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var corners = polygon
        let total = polygonArea(polygon)
        while corners.count > 3 {
            let count = corners.count
            let weights = corners.indices.map { index in
                polygonArea([corners[(index + count - 1) % count], corners[index], corners[(index + 1) % count]])
            }
            guard let slightest = weights.indices.min(by: { weights[$0] < weights[$1] }),
                weights[slightest] < 0.04 * total
            else { break }
            corners.remove(at: slightest)
        }
        return corners
    }

    /// A polygon whose edges shorter than `shortest` are each replaced by one corner where the edges on either
    /// side meet: a corner cut off or rounded by blur is one corner, not two.
    static func mergingShortEdges(_ polygon: [SIMD2<Double>], shortest: Double) -> [SIMD2<Double>] {
        var corners = polygon
        while corners.count > 3 {
            let count = corners.count
            guard let index = corners.indices.min(by: {
                (corners[($0 + 1) % count] - corners[$0]).length < (corners[($1 + 1) % count] - corners[$1]).length
            }), (corners[(index + 1) % count] - corners[index]).length < shortest else { break }
            let (before, a) = (corners[(index + count - 1) % count], corners[index])
            let (b, after) = (corners[(index + 1) % count], corners[(index + 2) % count])
            let (d1, d2) = (a - before, after - b)
            let denominator = d1.x * d2.y - d1.y * d2.x
            var meeting = (a + b) / 2
            if abs(denominator) > 1e-9 {
                let t = ((b.x - before.x) * d2.y - (b.y - before.y) * d2.x) / denominator
                let candidate = before + d1 * t
                if (candidate - meeting).length < 2 * shortest { meeting = candidate }
            }
            corners[index] = meeting
            corners.remove(at: (index + 1) % count)
        }
        return corners
    }

    /// The smallest-area rectangle around a convex polygon: one of its sides lies along an edge of the polygon.
    static func minimumBox(_ hull: [SIMD2<Double>]) -> (long: Double, short: Double, angle: Double) {
        var best = (long: 0.0, short: 0.0, angle: 0.0, area: Double.infinity)
        for index in hull.indices {
            let edge = hull[(index + 1) % hull.count] - hull[index]
            let span = edge.length
            guard span > 1e-9 else { continue }
            let (u, v) = (edge / span, SIMD2(-edge.y, edge.x) / span)
            var (minU, maxU, minV, maxV) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for point in hull {
                let (pu, pv) = (point.dot(u), point.dot(v))
                (minU, maxU, minV, maxV) = (min(minU, pu), max(maxU, pu), min(minV, pv), max(maxV, pv))
            }
            let (along, across) = (maxU - minU, maxV - minV)
            if along * across < best.area {
                let angle = along >= across ? atan2(u.y, u.x) : atan2(v.y, v.x)
                best = (max(along, across), min(along, across), angle, along * across)
            }
        }
        return (best.long, best.short, best.angle)
    }

    /// Intersection over union of the pixels in `set` and the ellipse with the same second moments.
    static func ellipseOverlap(
        _ set: PixelSet, width: Int, centre: SIMD2<Double>, xx: Double, yy: Double, xy: Double
    ) -> Double {
        let determinant = xx * yy - xy * xy
        guard determinant > 1e-9 else { return 0 }
        // A filled ellipse's covariance is a quarter of its semi-axes squared: inside when dᵀ Σ⁻¹ d ≤ 4.
        let (ixx, iyy, ixy) = (yy / determinant, xx / determinant, -xy / determinant)
        let largest = (xx + yy) / 2 + (((xx - yy) / 2) * ((xx - yy) / 2) + xy * xy).squareRoot()
        let reach = Int(2 * largest.squareRoot()) + 2
        var (both, ellipse) = (0, 0)
        let (cx, cy) = (Int(centre.x), Int(centre.y))
        for y in (cy - reach)...(cy + reach) {
            for x in (cx - reach)...(cx + reach) {
                let (dx, dy) = (Double(x) + 0.5 - centre.x, Double(y) + 0.5 - centre.y)
                guard dx * dx * ixx + 2 * dx * dy * ixy + dy * dy * iyy <= 4 else { continue }
                ellipse += 1
                if x >= 0, x < width, y >= 0, set.contains(y * width + x) { both += 1 }
            }
        }
        return Double(both) / Double(max(1, ellipse + set.count - both))
    }
}
