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
/// Deterministic: the same picture always gives the same palette (a fixed-seed k-means++ start). Clusters that
/// get the same name are merged, so a table lit unevenly is one "light brown", not two.
public enum Palette {
    /// Up to `maximumCount` named colours, largest share first, each covering at least `minimumShare`.
    public static func dominantColours(
        in image: RGBImage, maximumCount: Int = 5, minimumShare: Double = 0.03, clusters: Int = 7
    ) -> [PaletteColour] {
        guard image.width > 0, image.height > 0 else { return [] }
        let sample = image.resized(toFit: 128)
        var points: [LabColour] = []
        points.reserveCapacity(sample.width * sample.height)
        for index in stride(from: 0, to: sample.pixels.count, by: 3) {
            points.append(LabColour(red: sample.pixels[index], green: sample.pixels[index + 1], blue: sample.pixels[index + 2]))
        }
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

    /// Lloyd's k-means with a k-means++ start from a fixed seed; returns the centres and how many points each has.
    static func kMeans(_ points: [LabColour], k: Int, iterations: Int = 25) -> (centres: [LabColour], counts: [Int]) {
        guard !points.isEmpty else { return ([], []) }
        var random = SplitMix(seed: 0x0516_A31)
        var centres = [points[Int(random.next() % UInt64(points.count))]]
        var nearest = points.map { $0.squaredDistance(to: centres[0]) }
        while centres.count < min(k, points.count) {
            let total = nearest.reduce(0, +)
            guard total > 0 else { break }
            var target = Double(random.next() % 1_000_000) / 1_000_000 * total
            var chosen = points.count - 1
            for (index, distance) in nearest.enumerated() {
                target -= distance
                if target <= 0 {
                    chosen = index
                    break
                }
            }
            centres.append(points[chosen])
            for (index, point) in points.enumerated() {
                nearest[index] = min(nearest[index], point.squaredDistance(to: points[chosen]))
            }
        }
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

/// A tiny deterministic random number generator (SplitMix64), so k-means starts the same way every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
