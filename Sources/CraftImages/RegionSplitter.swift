/// Tells apart touching objects of different colours inside one connected region of the object mask: a sheet lying
/// on another, a needle across a ball of yarn, swatches of fabric overlapping. A convex region is left whole.
///
/// The region's colours are clustered, clusters on one ray from black are joined (one material, lit or shaded, as
/// the surface model treats light), and the region is cut into connected parts of one cluster each. Parts too small
/// to be an object (the stepped edges of a paper stack, the dots of a print, a shadowed fold) are then merged into
/// the neighbour they share most outline with, smallest first, so a pattern ends as one part and not as its dots.
enum RegionSplitter {
    /// A region at least this convex (area over hull area) is one object, whatever its colours: a print, a sheet
    /// folded to show both sides. Objects lying across each other leave notches where their edges cross.
    static let convexEnough = 0.955

    /// The parts of `region` (pixel indices into `planes`), largest first; one part when nothing separates.
    /// A part must cover at least `minimum` pixels and a seventh of the region to stand on its own.
    /// `colours` are planes blurred enough that a fine print's stripes or dots average into one colour; where two
    /// plain parts meet, the boundary is then redrawn on the lightly blurred `fine` planes. On a plain surface
    /// (`onPattern` false) a plain part is kept apart from a busy one it lies in (`ColourSpread`); on a patterned
    /// one, where the blends at the cells' edges leave no part of a sheet plain, it is not: there a folded sheet's
    /// coloured side stood apart from its white side on the white checks.
    static func split(
        _ region: [Int], colours planes: LabPlanes, fine: LabPlanes, minimum: Int, onPattern: Bool = false
    ) -> [[Int]] {
        guard region.count >= 2 * minimum,
            OutlineMeasures(pixels: region, width: planes.width).solidity < convexEnough
        else { return [region] }
        let groups = colourGroups(region, planes: planes)
        guard Set(region.map { groups[$0] }).count > 1 else { return [region] }
        // Connected parts of one group each, with gaps of a few pixels bridged (a needle across a ball of yarn
        // does not cut the ball in four).
        var part = [Int](repeating: -1, count: planes.count)
        var parts: [[Int]] = []
        for group in Set(region.map { groups[$0] }).sorted() {
            let members = region.filter { groups[$0] == group }
            let (bridged, x0, y0) = BinaryMask.cut(members, width: planes.width, height: planes.height, margin: 2)
            var label = [Int](repeating: -1, count: bridged.bits.count)
            for (number, component) in bridged.closed(2).regions().enumerated() {
                for index in component { label[index] = number }
            }
            var byLabel: [Int: [Int]] = [:]
            for index in members {
                byLabel[label[(index / planes.width - y0) * bridged.width + index % planes.width - x0], default: []]
                    .append(index)
            }
            for key in byLabel.keys.sorted() {
                for index in byLabel[key]! { part[index] = parts.count }
                parts.append(byLabel[key]!)
            }
        }
        guard parts.count > 1 else { return [region] }
        let colours = ColourSpread(
            parts, fine: fine, groups: onPattern ? nil : parts.map { groups[$0[0]] }, minimum: minimum)
        let kept = merged(parts, part: part, width: planes.width, height: planes.height,
                          floor: max(minimum, region.count / 7), colours: colours)
        return kept.count > 1 ? sharpened(kept, fine: fine) : kept
    }

    /// The parts with every pixel within three of another part given to the part whose mean colour on `fine` is
    /// nearest, when both parts are plain (the coarse colours blur the boundary between two sheets by a few pixels).
    static func sharpened(_ parts: [[Int]], fine: LabPlanes) -> [[Int]] {
        let (width, height) = (fine.width, fine.height)
        var label = [Int](repeating: -1, count: fine.count)
        var means: [SIMD3<Float>] = []
        var plain: [Bool] = []
        for (number, part) in parts.enumerated() {
            for index in part { label[index] = number }
            let mean = part.reduce(SIMD3<Float>(0, 0, 0)) { $0 + SurfaceModel.vector(fine, $1) } / Float(part.count)
            let spread = part.reduce(Float(0)) {
                let d = SurfaceModel.vector(fine, $1) - mean
                return $0 + (d * d).sum()
            } / Float(part.count)
            means.append(mean)
            plain.append(spread.squareRoot() < 12)
        }
        var result = parts.map { _ in [Int]() }
        for (number, part) in parts.enumerated() {
            for index in part {
                let (x, y) = (index % width, index / width)
                var best = (part: number, distance: Float.infinity)
                for ny in max(0, y - 3)...min(height - 1, y + 3) {
                    for nx in max(0, x - 3)...min(width - 1, x + 3) {
                        let other = label[ny * width + nx]
                        guard other >= 0, plain[other], plain[number] else { continue }
                        let d = SurfaceModel.vector(fine, index) - means[other]
                        if (d * d).sum() < best.distance { best = (other, (d * d).sum()) }
                    }
                }
                result[best.part].append(index)
            }
        }
        return result.filter { !$0.isEmpty }.sorted { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
    }

    /// Each pixel's colour group (-1 outside the region): k-means on (L*/2, a*, b*), then clusters on one ray from
    /// black joined.
    static func colourGroups(_ region: [Int], planes: LabPlanes) -> [Int] {
        let step = max(1, region.count / 3000)
        let points = stride(from: 0, to: region.count, by: step).map { position in
            let index = region[position]
            return LabColour(l: Double(planes.l[index]) / 2, a: Double(planes.a[index]), b: Double(planes.b[index]))
        }
        let (centres, counts) = Palette.kMeans(points, k: 7, iterations: 10)
        let vectors = centres.map { SIMD3(Float($0.l * 2 + 16), Float($0.a), Float($0.b)) }
        var group = Array(vectors.indices)
        let order = vectors.indices.sorted { counts[$0] > counts[$1] }
        for (rank, index) in order.enumerated() {
            for earlier in order[..<rank] where group[earlier] == earlier {
                let (a, b) = (vectors[index], vectors[earlier])
                let ratio = (a * b).sum() / max(1e-6, (b * b).sum())
                let tolerance = max(9, 0.12 * (b * b).sum().squareRoot())
                if (0.55...1.8).contains(ratio), SurfaceModel.offRay(a, from: b) < tolerance {
                    group[index] = earlier
                    break
                }
            }
        }
        var groups = [Int](repeating: -1, count: planes.count)
        for index in region {
            let colour = LabColour(
                l: Double(planes.l[index]) / 2, a: Double(planes.a[index]), b: Double(planes.b[index]))
            var (best, bestDistance) = (0, Double.infinity)
            for (candidate, centre) in centres.enumerated() {
                let distance = colour.squaredDistance(to: centre)
                if distance < bestDistance { (best, bestDistance) = (candidate, distance) }
            }
            groups[index] = group[best]
        }
        return groups
    }

    /// Merges every part under `floor` pixels into the neighbour it shares the most outline with, smallest first;
    /// then every part enclosed by one larger neighbour (most of its outline against it: the blobs of a print, a
    /// strip of paper edges along a stack) into that neighbour. A part that `colours` says stands apart from a
    /// neighbour never goes into it; a small one then goes into the neighbour it shares most outline with among the
    /// others.
    private static func merged(
        _ parts: [[Int]], part: [Int], width: Int, height: Int, floor: Int, colours: ColourSpread
    ) -> [[Int]] {
        var colours = colours
        var owner = Array(parts.indices)
        func root(_ id: Int) -> Int {
            var id = id
            while owner[id] != id { id = owner[id] }
            return id
        }
        var sizes = parts.map(\.count)
        var outline = [Int](repeating: 0, count: parts.count)
        var borders = [[Int: Int]](repeating: [:], count: parts.count)
        for (id, members) in parts.enumerated() {
            for index in members {
                let (x, y) = (index % width, index / width)
                for (next, inside) in [(index + 1, x + 1 < width), (index + width, y + 1 < height),
                                       (index - 1, x > 0), (index - width, y > 0)] {
                    let other = inside ? part[next] : -1
                    guard other != id else { continue }
                    outline[id] += 1
                    if other >= 0 { borders[id][other, default: 0] += 1 }
                }
            }
        }
        func absorb(_ id: Int, into target: Int) {
            owner[id] = target
            sizes[target] += sizes[id]
            outline[target] += outline[id] - 2 * (borders[id][target] ?? 0)
            for (other, shared) in borders[id] where other != target {
                borders[target][other, default: 0] += shared
                borders[other][id] = nil
                borders[other][target, default: 0] += shared
            }
            borders[target][id] = nil
            borders[id] = [:]
            colours.join(id, into: target)
        }
        func strongestNeighbour(_ id: Int, among allowed: (Int) -> Bool = { _ in true }) -> (id: Int, shared: Int)? {
            borders[id].filter { allowed($0.key) }
                .max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }.map { ($0.key, $0.value) }
        }
        for id in parts.indices.sorted(by: { sizes[$0] < sizes[$1] }) where sizes[id] < floor {
            if let neighbour = strongestNeighbour(id, among: { !colours.standsApart(id, from: $0) }) {
                absorb(id, into: neighbour.id)
            }
        }
        var changed = true
        while changed {
            changed = false
            for id in parts.indices.sorted(by: { sizes[$0] < sizes[$1] }) where owner[id] == id {
                guard let neighbour = strongestNeighbour(id) else { continue }
                guard sizes[id] < sizes[neighbour.id], Double(neighbour.shared) >= enclosed * Double(outline[id]),
                    !colours.standsApart(id, from: neighbour.id)
                else { continue }
                absorb(id, into: neighbour.id)
                changed = true
            }
        }
        var result: [Int: [Int]] = [:]
        for (id, members) in parts.enumerated() { result[root(id), default: []] += members }
        return result.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
    }

    /// A part with at least this share of its outline against one neighbour lies within it.
    static let enclosed = 0.55
}
