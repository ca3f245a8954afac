import Foundation

/// Finds straight lines across a flat object: creases, fold lines, the edges of folded layers.
///
/// A Hough transform over the lightness edges inside the object (its own outline left out), each edge pixel voting
/// only for lines along its edge direction; a peak counts as a line when edges cover most of its course through the
/// object and that course is long compared with the object. Lines between two different colours (the white back
/// of a sheet against its coloured front, a print's horizon) are left out: they are parts, not creases. So are the
/// edges of cast shadows: a line with far less light on one side (`shadowRatio`), or whose light changes past the
/// object as it does on it (`runsOn`).
///
/// Beside the creases it finds, apart, the lines that show when thin light or dark lines vote too (`ridgePixels`): a
/// fold pressed flat and lit evenly leaves its two faces in the same light, and only a line a pixel or two wide,
/// brighter or darker, shows it.
struct CreaseFinder {
    /// The lightness of a copy of the picture at `scale` times the working copy's size, lightly blurred.
    let lightness: [Float]
    /// The same lightness unblurred, for thin lines.
    let sharp: [Float]
    /// Its Sobel gradient, L* per pixel; the objects' texture is measured on it too.
    let gradient: [Float]
    let width: Int
    let height: Int
    /// How many pixels of `lightness` one pixel of the working copy spans.
    let scale: Int

    /// Edges weaker than this (Sobel, L* per pixel) do not vote.
    static let edgeFloor: Float = 2.5
    /// A line must be backed by edges along at least this share of its course through the object.
    static let coverage = 0.6
    /// A line's course through the object must be at least this share of the object's size.
    static let reach = 0.45
    /// How far from a line (working-copy pixels) its two sides' light is compared, past a soft shadow's edge.
    static let shadowReach = 8.0
    /// A line whose one side has less than this share of the other side's light (L* + 16) is a shadow's edge.
    static let shadowRatio: Float = 0.7
    /// How far past the object (a share of its size) a line is followed to see whether it runs on.
    static let runOn = 0.3
    /// The least change of light across a line (the log of one side's light over the other's, L* + 16) for it to be
    /// followed past the object, and for it to run on there (at least half the change on the object, too). A window
    /// bar's shadow on rendered photographs changed the light by 0.13–0.27 on the paper and 0.1–0.46 past it; the
    /// faces of creases by 0.04–0.2 on the paper and, past them, the table's grain and light by up to 0.06 in
    /// a stretch (a checked cloth's row of checks more; those creases' own change was under 0.1).
    static let runOnChange = 0.1
    /// The least change of light across the line past the object for it to run on there.
    static let runOnChangePast = 0.08
    /// A thin line's pixels differ from the mean of the two pixels `ridgeReach` away across it by more than this
    /// (L*). Along the flap edge of the cup rendered on a checked cloth under a ceiling panel (both faces in the
    /// same light) the difference was 2-7 at the working copy's double size, on the even faces under 0.5.
    static let ridgeFloor: Float = 1.5
    /// How far across a thin line (pixels) its sides are read: past a line a pixel or two wide.
    static let ridgeReach = 2.0
    /// Along a thin line the light changes by less than this share of the change across it.
    static let ridgeAlong: Float = 0.5
    /// The directions a thin line is looked for in (over half a turn): the line runs along the one in which the
    /// light changes least. Sixteen left the cup's flap edges spread over too many of the votes' bins to be found.
    static let ridgeDirections = 32

    /// Creates a finder over a picture `scale` times the size of the working copy.
    init(_ image: RGBImage, scale: Int) {
        width = image.width
        height = image.height
        sharp = LabPlanes.lightness(of: image)
        lightness = LabPlanes.boxBlur(sharp, width: width, height: height, radius: 1)
        gradient = LabPlanes.gradient(of: lightness, width: width, height: height)
        self.scale = scale
    }

    /// The creases of the object `mask` (in working-copy pixels; `inner` is it shrunk by two pixels, so the
    /// outline's own edge is left out), whose colours are read from `colours`, and apart from them the lines found
    /// when thin lines vote too (`faint`). The object's inside and edges are gathered once for both.
    func lines(in mask: BinaryMask, inner: BinaryMask, colours: LabPlanes) -> (creases: [Crease], faint: [Crease]) {
        // Inside pixels at this scale, away from the outline.
        var inside = [Bool](repeating: false, count: width * height)
        var (sumX, sumY, count) = (0.0, 0.0, 0.0)
        var sample: [SIMD2<Double>] = []
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = (min(mask.width - 1, x / scale), min(mask.height - 1, y / scale))
                guard inner.bits[sy * mask.width + sx] else { continue }
                inside[y * width + x] = true
                (sumX, sumY, count) = (sumX + Double(x), sumY + Double(y), count + 1)
                if x % 3 == 0, y % 3 == 0 { sample.append(SIMD2(Double(x), Double(y))) }
            }
        }
        guard count > 400 else { return ([], []) }
        let object = Object(
            mask: mask, inside: inside, sample: sample, centre: SIMD2(sumX / count, sumY / count),
            size: (Double(mask.count) * Double(scale * scale)).squareRoot())
        let edges = edgePixels(inside)
        let ridges = ridgePixels(inside)
        let onRidge = Set(ridges.map { $0.y * width + $0.x })
        let faint = edges.filter { !onRidge.contains($0.y * width + $0.x) } + ridges
        return (strongest(edges, of: object, colours: colours), strongest(faint, of: object, colours: colours))
    }

    /// What `lines(in:inner:colours:)` gathers of an object once: its mask, its inside pixels at this scale, every
    /// third of them as a sample, its centre and size.
    private struct Object {
        let mask: BinaryMask
        let inside: [Bool]
        let sample: [SIMD2<Double>]
        let centre: SIMD2<Double>
        let size: Double
    }

    /// The strongest lines (at most three) that `edges` vote for across `object` and that hold up as creases.
    private func strongest(
        _ edges: [(x: Int, y: Int, direction: Double)], of object: Object, colours: LabPlanes
    ) -> [Crease] {
        let (mask, inside, sample) = (object.mask, object.inside, object.sample)
        let (centre, size) = (object.centre, object.size)
        let diagonal = Int((Double(width * width + height * height)).squareRoot()) + 1
        let angles = 90
        var votes = [Int](repeating: 0, count: angles * (2 * diagonal + 1))
        let cosines = (0..<angles).map { cos(Double($0) * Double.pi / Double(angles)) }
        let sines = (0..<angles).map { sin(Double($0) * Double.pi / Double(angles)) }
        for edge in edges {
            let normal = Int((edge.direction / Double.pi * Double(angles)).rounded())
            for offset in -3...3 {
                let bin = ((normal + offset) % angles + angles) % angles
                let rho = Int((Double(edge.x) * cosines[bin] + Double(edge.y) * sines[bin]).rounded()) + diagonal
                votes[bin * (2 * diagonal + 1) + rho] += 1
            }
        }
        var isEdge = [Bool](repeating: false, count: width * height)
        for edge in edges { isEdge[edge.y * width + edge.x] = true }
        var found: [(bin: Int, rho: Int, crease: Crease)] = []
        // Shadows' edges: their near twins in the votes are the same edge, and are passed over too.
        var shadows: [(bin: Int, rho: Int)] = []
        let minimumVotes = Int(Self.reach * Self.coverage * size)
        let ranked = votes.indices.filter { votes[$0] >= minimumVotes }.sorted { votes[$0] > votes[$1] }
        for cell in ranked.prefix(200) {
            let (bin, rho) = (cell / (2 * diagonal + 1), cell % (2 * diagonal + 1) - diagonal)
            let taken: [(bin: Int, rho: Int)] = found.map { ($0.bin, $0.rho) } + shadows
            let near = taken.contains { other in
                // Across the 0°/180° seam a line's distance changes sign.
                let wraps = abs(other.bin - bin) > angles / 2
                let apart = wraps ? angles - abs(other.bin - bin) : abs(other.bin - bin)
                return apart <= 6 && Double(abs(other.rho - (wraps ? -rho : rho))) <= 0.12 * size
            }
            guard !near, found.count < 3, Self.dividesWell(sample, bin: bin, rho: rho, angles: angles),
                let crease = verify(bin: bin, rho: rho, angles: angles, inside: inside, isEdge: isEdge,
                                    centre: centre, size: size, colours: colours)
            else { continue }
            if runsOn(bin: bin, rho: rho, angles: angles, mask: mask, size: size) {
                shadows.append((bin, rho))
            } else {
                found.append((bin, rho, crease))
            }
        }
        return found.map(\.crease)
    }

    /// Whether the line leaves at least an eighth of the object on each side: a crease runs across the object, the
    /// stepped edges of a stack or a rim along its outline do not.
    static func dividesWell(_ sample: [SIMD2<Double>], bin: Int, rho: Int, angles: Int) -> Bool {
        let theta = Double(bin) * Double.pi / Double(angles)
        let normal = SIMD2(cos(theta), sin(theta))
        let above = sample.reduce(0) { $0 + ($1.dot(normal) > Double(rho) ? 1 : 0) }
        let smaller = min(above, sample.count - above)
        return Double(smaller) >= Double(sample.count) / 8
    }

    /// Whether the line runs on past the object at either end: a cast shadow's edge (a window bar's across the paper
    /// and the table both) rather than a crease, which ends at the object's outline. Across a shadow's edge the light
    /// falls in about the same proportion past the object as on it, on the same side; across a crease it changes on
    /// the object only, and the table's grain or checks past it average out. Each end is followed for `runOn` of the
    /// object's size, a few pixels clear of the outline.
    func runsOn(bin: Int, rho: Int, angles: Int, mask: BinaryMask, size: Double) -> Bool {
        let theta = Double(bin) * Double.pi / Double(angles)
        let normal = SIMD2(cos(theta), sin(theta))
        let along = SIMD2(-normal.y, normal.x)
        let foot = normal * Double(rho)
        let probe = normal * (3 * Double(scale))
        func inPicture(_ point: SIMD2<Double>) -> Bool {
            point.x >= 0 && point.y >= 0 && point.x < Double(width) && point.y < Double(height)
        }
        func onObject(_ point: SIMD2<Double>) -> Bool {
            let (x, y) = (Int(point.x) / scale, Int(point.y) / scale)
            guard x >= 0, y >= 0, x < mask.width, y < mask.height else { return false }
            return mask.bits[y * mask.width + x]
        }
        /// The light (L* + 16) a few pixels to each side of the line at `point`, when the point and both sides
        /// are in the picture and all on the object or all off it, as `on` says.
        func sides(at point: SIMD2<Double>, on: Bool) -> SIMD2<Double>? {
            let (one, other) = (point + probe, point - probe)
            guard inPicture(one), inPicture(other), onObject(one) == on, onObject(other) == on, onObject(point) == on
            else { return nil }
            let light = { (p: SIMD2<Double>) in Double(self.lightness[Int(p.y) * self.width + Int(p.x)]) + 16 }
            return SIMD2(light(one), light(other))
        }
        /// How the light changes across the line over `samples`: the log of one side's total over the other's.
        func change(_ samples: [SIMD2<Double>]) -> Double {
            let total = samples.reduce(SIMD2<Double>.zero, +)
            return log(total.x / total.y)
        }
        let span = Double(width + height)
        var (onIt, first, last) = ([SIMD2<Double>](), Double.infinity, -Double.infinity)
        for t in stride(from: -span, through: span, by: 1) where inPicture(foot + along * t) {
            guard onObject(foot + along * t) else { continue }
            (first, last) = (min(first, t), max(last, t))
            if let light = sides(at: foot + along * t, on: true) { onIt.append(light) }
        }
        guard !onIt.isEmpty else { return false }
        let across = change(onIt)
        guard abs(across) >= Self.runOnChange else { return false }
        let (clear, length) = (3.0 * Double(scale), Self.runOn * size)
        return [(last + clear, 1.0), (first - clear, -1.0)].contains { start, direction in
            let past = stride(from: 0, through: length, by: 1).compactMap { distance in
                sides(at: foot + along * (start + direction * distance), on: false)
            }
            guard Double(past.count) >= 0.5 * length else { return false }
            let beyond = change(past)
            return beyond * across > 0 && abs(beyond) >= max(0.5 * abs(across), Self.runOnChangePast)
        }
    }

    /// The direction of the lightness gradient (Sobel) at pixel `i`, not on the picture's border: 0…π.
    private func direction(at i: Int) -> Double {
        let (up, down, l) = (i - width, i + width, lightness)
        let gx = (l[up + 1] + 2 * l[i + 1] + l[down + 1]) - (l[up - 1] + 2 * l[i - 1] + l[down - 1])
        let gy = (l[down - 1] + 2 * l[down] + l[down + 1]) - (l[up - 1] + 2 * l[up] + l[up + 1])
        var direction = atan2(Double(gy), Double(gx))
        if direction < 0 { direction += Double.pi }
        return direction >= Double.pi ? direction - Double.pi : direction
    }

    /// The edge pixels inside the object, with the direction of their gradient (0…π).
    private func edgePixels(_ inside: [Bool]) -> [(x: Int, y: Int, direction: Double)] {
        var edges: [(x: Int, y: Int, direction: Double)] = []
        guard width >= 3, height >= 3 else { return edges }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) where inside[y * width + x] {
                let i = y * width + x
                guard gradient[i] > Self.edgeFloor else { continue }
                edges.append((x, y, direction(at: i)))
            }
        }
        return edges
    }

    /// The pixels inside the object on a thin light or dark line, with the direction of the line's normal (0…π):
    /// across the line the pixel differs from its two neighbours `ridgeReach` away by more than `ridgeFloor`, along
    /// it by less than `ridgeAlong` of that. The line runs in the one of `ridgeDirections` in which the light changes
    /// least, read between pixels. (A pixel that is an edge too votes with the line's direction: across a thin
    /// line the gradient's direction is noise.)
    private func ridgePixels(_ inside: [Bool]) -> [(x: Int, y: Int, direction: Double)] {
        let reach = Self.ridgeReach
        let margin = Int(reach) + 1
        guard width > 2 * margin, height > 2 * margin else { return [] }
        let steps = (0..<Self.ridgeDirections).map { step in
            let angle = Double(step) * Double.pi / Double(Self.ridgeDirections)
            return SIMD2(cos(angle) * reach, sin(angle) * reach)
        }
        return sharp.withUnsafeBufferPointer { light in
            /// The light at a point between pixels, read from the four around it.
            func between(_ point: SIMD2<Double>) -> Float {
                let (x, y) = (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
                let (fx, fy) = (Float(point.x) - Float(x), Float(point.y) - Float(y))
                let i = y * width + x
                return (light[i] * (1 - fx) + light[i + 1] * fx) * (1 - fy)
                    + (light[i + width] * (1 - fx) + light[i + width + 1] * fx) * fy
            }
            var found: [(x: Int, y: Int, direction: Double)] = []
            var changes = [Float](repeating: 0, count: steps.count)
            let (square, half) = (Int(reach), steps.count / 2)
            for y in margin..<(height - margin) {
                for x in margin..<(width - margin) where inside[y * width + x] {
                    let i = y * width + x
                    // A quick look along the rows and columns first: most of a flat face changes in neither.
                    let centre = 2 * light[i]
                    let rows = abs(light[i + square] + light[i - square] - centre)
                    let columns = abs(light[i + square * width] + light[i - square * width] - centre)
                    guard max(rows, columns) > Self.ridgeFloor else { continue }
                    let point = SIMD2(Double(x), Double(y))
                    for (index, step) in steps.enumerated() {
                        changes[index] = light[i] - (between(point + step) + between(point - step)) / 2
                    }
                    let along = changes.indices.min { abs(changes[$0]) < abs(changes[$1]) }!
                    let normal = (along + half) % steps.count
                    guard abs(changes[normal]) > Self.ridgeFloor,
                        abs(changes[along]) < Self.ridgeAlong * abs(changes[normal])
                    else { continue }
                    found.append((x, y, Double(normal) * Double.pi / Double(steps.count)))
                }
            }
            return found
        }
    }

    /// The crease along the line with normal angle `bin` and distance `rho`, if edges back most of its course
    /// through the object, the course is long enough, and both sides have the same colour.
    private func verify(
        bin: Int, rho: Int, angles: Int, inside: [Bool], isEdge: [Bool], centre: SIMD2<Double>, size: Double,
        colours: LabPlanes
    ) -> Crease? {
        let theta = Double(bin) * Double.pi / Double(angles)
        let normal = SIMD2(cos(theta), sin(theta))
        let along = SIMD2(-normal.y, normal.x)
        let foot = normal * Double(rho)
        var (course, backed) = (0, 0)
        var sides: [SIMD3<Float>] = [.zero, .zero]
        var sideCounts = [0, 0]
        var light: [Float] = [0, 0]
        let span = Double(width + height)
        var t = -span
        while t <= span {
            defer { t += 1 }
            let point = foot + along * t
            let (x, y) = (Int(point.x.rounded()), Int(point.y.rounded()))
            guard x >= 1, y >= 1, x < width - 1, y < height - 1, inside[y * width + x] else { continue }
            course += 1
            let at = y * width + x
            let hit = isEdge[at] || isEdge[at + 1] || isEdge[at - 1] || isEdge[at + width] || isEdge[at - width]
            if hit { backed += 1 }
            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                let far = point + normal * (sign * Self.shadowReach * Double(scale))
                let (fx, fy) = (Int(far.x) / scale, Int(far.y) / scale)
                if fx >= 0, fy >= 0, fx < colours.width, fy < colours.height {
                    light[side] += colours.l[fy * colours.width + fx] + 16
                }
                let probe = point + normal * (sign * 3 * Double(scale))
                let (px, py) = (Int(probe.x) / scale, Int(probe.y) / scale)
                guard px >= 0, py >= 0, px < colours.width, py < colours.height else { continue }
                let index = py * colours.width + px
                sides[side] += SIMD3(colours.l[index], colours.a[index], colours.b[index])
                sideCounts[side] += 1
            }
        }
        guard course > 0, Double(course) >= Self.reach * size, Double(backed) >= Self.coverage * Double(course),
            sideCounts[0] > 0, sideCounts[1] > 0
        else { return nil }
        // A cast shadow's edge (a window bar's across the paper in low sun) has the paper's colour on both sides,
        // one of them in a fraction of the light; the two faces of a fold in the same light differ far less.
        guard min(light[0], light[1]) >= Self.shadowRatio * max(light[0], light[1]) else { return nil }
        let (first, second) = (sides[0] / Float(sideCounts[0]), sides[1] / Float(sideCounts[1]))
        let colourA = LabColour(l: Double(first.x), a: Double(first.y), b: Double(first.z))
        let colourB = LabColour(l: Double(second.x), a: Double(second.y), b: Double(second.z))
        let (rayA, rayB) = (SIMD3(first.x + 16, first.y, first.z), SIMD3(second.x + 16, second.y, second.z))
        guard NamedColour.nearest(to: colourA).name == NamedColour.nearest(to: colourB).name
            || SurfaceModel.offRay(rayA, from: rayB) < 8
        else { return nil }
        var angle = (theta + Double.pi / 2) * 180 / Double.pi
        if angle >= 180 { angle -= 180 }
        let offset = abs(centre.dot(normal) - Double(rho))
        return Crease(angle: angle, throughMiddle: offset < 0.1 * size, extent: Double(course) / size)
    }
}
