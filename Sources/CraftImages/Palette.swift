/// One dominant colour of a picture: its name, the share of the picture it covers, and its average colour.
public struct PaletteColour: Sendable, Hashable {
    /// The nearest common colour name.
    public var name: String
    /// The fraction of the picture's pixels in this colour, 0…1.
    public var share: Double
    /// The average colour of those pixels.
    public var lab: LabColour
}

/// Finds a picture's dominant colours by k-means in L*a*b* and names them.
///
/// Deterministic: k-means starts from the most common colour and then, greedily, from the colour that is both
/// common and far from those chosen, so a small object in a colour of its own (a teal cup on a brown table) gets
/// a cluster instead of being averaged away. Pixels are sampled on a grid, not averaged, so fine patterns (red and
/// white gingham) keep their true colours. Clusters that get the same name are merged.
public enum Palette {
    /// Up to `maximumCount` named colours, largest share first, each covering at least `minimumShare`.
    public static func dominantColours(
        in image: RGBImage, maximumCount: Int = 5, minimumShare: Double = 0.02, clusters: Int = 8
    ) -> [PaletteColour] {
        guard image.width > 0, image.height > 0 else { return [] }
        let points = samples(of: image, target: 16_384)
        let (centres, counts) = kMeans(points, k: clusters)
        var byName: [String: (count: Int, l: Double, a: Double, b: Double)] = [:]
        for (centre, count) in zip(centres, counts) where count > 0 {
            let name = NamedColour.nearest(to: centre).name
            var entry = byName[name] ?? (0, 0, 0, 0)
            entry.count += count
            entry.l += centre.l * Double(count)
            entry.a += centre.a * Double(count)
            entry.b += centre.b * Double(count)
            byName[name] = entry
        }
        let total = Double(points.count)
        var colours: [PaletteColour] = []
        for (name, entry) in byName {
            let n = Double(entry.count)
            let average = LabColour(l: entry.l / n, a: entry.a / n, b: entry.b / n)
            colours.append(PaletteColour(name: name, share: n / total, lab: average))
        }
        colours.sort { $0.share != $1.share ? $0.share > $1.share : $0.name < $1.name }
        let kept = colours.filter { $0.share >= minimumShare }
        return Array((kept.isEmpty ? Array(colours.prefix(1)) : kept).prefix(maximumCount))
    }

    /// About `target` pixels taken on an even grid, as L*a*b*.
    static func samples(of image: RGBImage, target: Int) -> [LabColour] {
        let step = max(1, Int((Double(image.width * image.height) / Double(target)).squareRoot().rounded()))
        var points: [LabColour] = []
        points.reserveCapacity((image.width / step + 1) * (image.height / step + 1))
        for y in stride(from: step / 2, to: image.height, by: step) {
            for x in stride(from: step / 2, to: image.width, by: step) {
                let (red, green, blue) = image.pixel(x: x, y: y)
                points.append(LabColour(red: red, green: green, blue: blue))
            }
        }
        return points
    }

    /// Starting centres: the means of coarse L*a*b* cells holding at least 0.2 % of the points, the most
    /// populous first, then each time the one with the largest count × squared distance to the centres so far.
    static func seeds(_ points: [LabColour], k: Int) -> [LabColour] {
        struct Cell: Hashable { var l: Int, a: Int, b: Int }
        var cells: [Cell: (count: Int, l: Double, a: Double, b: Double)] = [:]
        for point in points {
            let key = Cell(l: Int((point.l / 8).rounded(.down)), a: Int((point.a / 10).rounded(.down)),
                           b: Int((point.b / 10).rounded(.down)))
            var cell = cells[key] ?? (0, 0, 0, 0)
            cell.count += 1
            cell.l += point.l
            cell.a += point.a
            cell.b += point.b
            cells[key] = cell
        }
        let floor = max(1, points.count / 500)
        let candidates = cells.values.filter { $0.count >= floor }
            .map { (count: Double($0.count), mean: LabColour(l: $0.l / Double($0.count), a: $0.a / Double($0.count), b: $0.b / Double($0.count))) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : ($0.mean.l, $0.mean.a, $0.mean.b) < ($1.mean.l, $1.mean.a, $1.mean.b) }
        guard let first = candidates.first else { return points.isEmpty ? [] : [points[0]] }
        var centres = [first.mean]
        while centres.count < k {
            var best: (score: Double, mean: LabColour)? = nil
            for candidate in candidates {
                let nearest = centres.map { candidate.mean.squaredDistance(to: $0) }.min() ?? 0
                let score = candidate.count * nearest
                if score > (best?.score ?? 0) { best = (score, candidate.mean) }
            }
            guard let best else { break }
            centres.append(best.mean)
        }
        return centres
    }

    /// Lloyd's k-means from `seeds`; returns the centres and how many points each has.
    static func kMeans(_ points: [LabColour], k: Int, iterations: Int = 25) -> (centres: [LabColour], counts: [Int]) {
        guard !points.isEmpty else { return ([], []) }
        var centres = seeds(points, k: k)
        var assignment = [Int](repeating: -1, count: points.count)
        var counts = [Int](repeating: 0, count: centres.count)
        for _ in 0..<iterations {
            var changed = false
            var sums = [(l: Double, a: Double, b: Double)](repeating: (0, 0, 0), count: centres.count)
            counts = [Int](repeating: 0, count: centres.count)
            for (index, point) in points.enumerated() {
                var best = 0
                var bestDistance = Double.infinity
                for (candidate, centre) in centres.enumerated() {
                    let distance = point.squaredDistance(to: centre)
                    if distance < bestDistance {
                        best = candidate
                        bestDistance = distance
                    }
                }
                if assignment[index] != best {
                    assignment[index] = best
                    changed = true
                }
                counts[best] += 1
                sums[best].l += point.l
                sums[best].a += point.a
                sums[best].b += point.b
            }
            for index in centres.indices where counts[index] > 0 {
                let n = Double(counts[index])
                centres[index] = LabColour(l: sums[index].l / n, a: sums[index].a / n, b: sums[index].b / n)
            }
            if !changed { break }
        }
        return (centres, counts)
    }
}
