import Foundation

/// Long, thin things lying across each other (knitting needles, pencils, sticks, strips of paper), told apart as
/// straight strokes: a thin region that a few straight lines explain is that many thin objects, not one odd shape.
enum Strokes {
    /// The most strokes looked for in one region.
    static let most = 3
    /// A stroke must be at least this many times as long as it is thick.
    static let slenderness = 5.0
    /// Pixels within this distance of a line found by the Hough transform make its core; within twice it, the stroke.
    static let reach = 2.5

    /// The region's pixels as straight strokes (each its pixels), or nil when a few strokes do not explain it.
    static func split(_ pixels: [Int], width: Int) -> [[Int]]? {
        let points = pixels.map { SIMD2(Double($0 % width) + 0.5, Double($0 / width) + 0.5) }
        var remaining = Array(points.indices)
        var strokes: [[Int]] = []
        let angles = 90
        while strokes.count < most, Double(remaining.count) > 0.12 * Double(points.count) {
            guard let (normal, rho) = strongestLine(remaining.map { points[$0] }, angles: angles) else { break }
            let core = remaining.filter { abs(points[$0].dot(normal) - rho) <= reach }
            guard Double(core.count) >= 0.15 * Double(points.count) else { break }
            // The line refitted on its core, then everything within twice the reach of it: soft edges included.
            let line = fit(core.map { points[$0] })
            let near = remaining.filter { abs(points[$0].dot(line.normal) - line.rho) <= 2 * reach }
            let along = SIMD2(-line.normal.y, line.normal.x)
            let positions = near.map { points[$0].dot(along) }
            let length = (positions.max() ?? 0) - (positions.min() ?? 0) + 1
            guard length >= slenderness * Double(near.count) / length else { return nil }
            strokes.append(near)
            let taken = Set(near)
            remaining.removeAll { taken.contains($0) }
        }
        guard !strokes.isEmpty, Double(remaining.count) <= 0.12 * Double(points.count) else { return nil }
        // Leftover pixels (a knob, the blur where strokes cross) join the stroke whose line is nearest.
        var members = strokes
        let lines = strokes.map { fit($0.map { points[$0] }) }
        for index in remaining {
            let nearest = lines.indices.min { abs(points[index].dot(lines[$0].normal) - lines[$0].rho)
                < abs(points[index].dot(lines[$1].normal) - lines[$1].rho) }!
            members[nearest].append(index)
        }
        return members.map { $0.map { pixels[$0] } }
    }

    /// The line through most of `points` (a Hough transform over normal angle and distance, 1 pixel bins).
    private static func strongestLine(_ points: [SIMD2<Double>], angles: Int) -> (SIMD2<Double>, Double)? {
        guard !points.isEmpty else { return nil }
        let reachMax = Int(points.map { ($0 * $0).sum().squareRoot() }.max() ?? 0) + 2
        let rows = 2 * reachMax + 1
        var votes = [Int](repeating: 0, count: angles * rows)
        let normals = (0..<angles).map { bin -> SIMD2<Double> in
            let theta = Double(bin) * Double.pi / Double(angles)
            return SIMD2(cos(theta), sin(theta))
        }
        for point in points {
            for bin in 0..<angles {
                votes[bin * rows + Int(point.dot(normals[bin]).rounded()) + reachMax] += 1
            }
        }
        // Votes summed over three neighbouring distances, so a stroke a few pixels thick counts whole.
        var best = (score: 0, bin: 0, row: 0)
        for bin in 0..<angles {
            for row in 1..<(rows - 1) {
                let score = votes[bin * rows + row - 1] + votes[bin * rows + row] + votes[bin * rows + row + 1]
                if score > best.score { best = (score, bin, row) }
            }
        }
        return (normals[best.bin], Double(best.row - reachMax))
    }

    /// The least-squares line through `points`, as a unit normal and distance.
    private static func fit(_ points: [SIMD2<Double>]) -> (normal: SIMD2<Double>, rho: Double) {
        let mean = points.reduce(SIMD2<Double>(0, 0), +) / Double(max(1, points.count))
        var (xx, yy, xy) = (0.0, 0.0, 0.0)
        for point in points {
            let d = point - mean
            (xx, yy, xy) = (xx + d.x * d.x, yy + d.y * d.y, xy + d.x * d.y)
        }
        let angle = 0.5 * atan2(2 * xy, xx - yy)  // direction of the largest spread
        let normal = SIMD2(-sin(angle), cos(angle))
        return (normal, mean.dot(normal))
    }
}
