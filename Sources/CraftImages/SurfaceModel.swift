/// The surface a photo's objects lie on (a table, a cloth), learnt from the picture's border, and how far each
/// pixel's colour is from it.
///
/// Colours are compared as vectors (L* + 16, a*, b*): dimming a colour by a factor in linear light scales this
/// vector by the factor's cube root, so a shadow or a dim corner of the table lies on the same ray from black as
/// the lit table, and only the distance off that ray (a different hue or saturation) or a brightness outside what
/// light and shadow explain marks an object. The light itself is a smooth field fitted to the surface's pixels
/// (a quadratic in x and y: lamp fall-off, vignette, a gradient across the table), so a table darker on one side
/// is still one table.
struct SurfaceModel {
    /// The surface's colours as (L* + 16, a*, b*) under the average light, the most common first.
    private(set) var modes: [SIMD3<Float>] = []
    /// The share of the border band each mode covers.
    private(set) var shares: [Float] = []
    /// The light field's coefficients over (1, u, v, u², v², uv), with u and v from -0.5 to 0.5 across the picture.
    private(set) var light: [Float] = [1, 0, 0, 0, 0, 0]
    let width: Int
    let height: Int
    /// Whether a mix of two surface colours is surface too: on a patterned surface (`SurfacePattern`) the camera
    /// blends neighbouring cells at every edge between them.
    var mixesModes = false

    /// A pixel this much darker than the lit surface (as a factor on the colour vector) still counts as surface in
    /// shadow: 0.55 is about a sixth of the light.
    static let shadowFloor: Float = 0.55
    /// A pixel this much brighter than the fitted light is no longer surface: white paper on a pale table.
    static let brightCeiling: Float = 1.07

    /// Learns the surface from the border band of `planes` (lightly blurred), then refits the light on every pixel
    /// that the first model calls surface.
    init(_ planes: LabPlanes) {
        width = planes.width
        height = planes.height
        let band = max(2, min(width, height) / 30)
        var border: [Int] = []
        for y in 0..<height {
            for x in 0..<width where x < band || y < band || x >= width - band || y >= height - band {
                border.append(y * width + x)
            }
        }
        findModes(planes, border)
        fitLight(planes, samples: border)
        let distances = distanceMap(planes)
        let surface = stride(from: 0, to: planes.count, by: 3).filter { distances[$0] < 4 }
        if surface.count > planes.count / 20 { fitLight(planes, samples: surface) }
    }

    /// The colour vector of pixel `index`.
    static func vector(_ planes: LabPlanes, _ index: Int) -> SIMD3<Float> {
        SIMD3(planes.l[index] + 16, planes.a[index], planes.b[index])
    }

    /// The light factor at column `x`, row `y`.
    func light(x: Int, y: Int) -> Float {
        let u = (Float(x) + 0.5) / Float(width) - 0.5
        let v = (Float(y) + 0.5) / Float(height) - 0.5
        return light[0] + light[1] * u + light[2] * v + light[3] * u * u + light[4] * v * v + light[5] * u * v
    }

    /// How far each pixel is from the surface, in L*a*b* units: the distance from its colour to the nearest
    /// surface colour, scaled by the light there and by any shadow between `shadowFloor` and `brightCeiling`.
    func distanceMap(_ planes: LabPlanes) -> [Float] {
        var out = [Float](repeating: 0, count: planes.count)
        guard !modes.isEmpty else { return out }
        for index in out.indices { out[index] = nearestMode(planes, index).distance }
        return out
    }

    /// Each pixel's nearest surface colour (an index into `modes`), or -1 where none is within `limit`.
    func nearestModes(_ planes: LabPlanes, limit: Float = 8) -> [Int8] {
        (0..<planes.count).map { index in
            let (mode, distance) = nearestMode(planes, index)
            return distance < limit ? Int8(mode) : -1
        }
    }

    /// The surface colour nearest pixel `index` and its distance (see `distanceMap`).
    private func nearestMode(_ planes: LabPlanes, _ index: Int) -> (mode: Int, distance: Float) {
        let p = Self.vector(planes, index)
        let lit = light(x: index % width, y: index / width)
        var best = (mode: 0, squared: Float.infinity)
        for (number, mode) in modes.enumerated() {
            let expected = mode * lit
            let fit = (p * expected).sum() / (expected * expected).sum()
            let scale = min(Self.brightCeiling, max(Self.shadowFloor, fit))
            let residual = p - expected * scale
            let squared = (residual * residual).sum()
            if squared < best.squared { best = (number, squared) }
        }
        // Where two colours of a pattern meet (the edge of a check) the camera mixes them: a pixel on the line
        // between two of them, as lit here, is surface too, and belongs to the nearer.
        guard mixesModes else { return (best.mode, best.squared.squareRoot()) }
        for first in modes.indices {
            for second in modes.indices where second > first {
                let (a, b) = (modes[first] * lit, modes[second] * lit)
                let along = b - a
                let t = min(1, max(0, ((p - a) * along).sum() / max(1e-6, (along * along).sum())))
                let residual = p - (a + along * t)
                let squared = (residual * residual).sum()
                if squared < best.squared { best = (t < 0.5 ? first : second, squared) }
            }
        }
        return (best.mode, best.squared.squareRoot())
    }

    /// The strongest light the field gives anywhere in the picture (sampled on a 9 × 9 grid).
    var brightestLight: Float {
        var best: Float = 0
        for row in 0...8 {
            for column in 0...8 { best = max(best, light(x: column * (width - 1) / 8, y: row * (height - 1) / 8)) }
        }
        return best
    }

    /// The surface's main colour under `light` (1 is the average light of the border).
    func colour(underLight light: Float) -> LabColour {
        colour(of: 0, underLight: light)
    }

    /// Surface colour number `mode` (most common first) under `light`.
    func colour(of mode: Int, underLight light: Float) -> LabColour {
        let vector = (modes.indices.contains(mode) ? modes[mode] : SIMD3(16, 0, 0)) * light
        return LabColour(l: Double(vector.x - 16), a: Double(vector.y), b: Double(vector.z))
    }

    /// Clusters the band's colours (lightness weighted half, since light varies), merges clusters on one ray from
    /// black (the same surface lit differently), and keeps those covering a fifth of the band, or the largest.
    private mutating func findModes(_ planes: LabPlanes, _ border: [Int]) {
        let points = stride(from: 0, to: border.count, by: 3).map { position in
            let index = border[position]
            return LabColour(l: Double(planes.l[index]) / 2, a: Double(planes.a[index]), b: Double(planes.b[index]))
        }
        let (centres, counts) = Palette.kMeans(points, k: 5, iterations: 12)
        var found: [(vector: SIMD3<Float>, count: Int)] = []
        for (centre, count) in zip(centres, counts) where count > 0 {
            found.append((SIMD3(Float(centre.l * 2 + 16), Float(centre.a), Float(centre.b)), count))
        }
        found.sort { $0.count > $1.count }
        var merged: [(vector: SIMD3<Float>, count: Int)] = []
        for cluster in found {
            if let index = merged.firstIndex(where: { Self.offRay(cluster.vector, from: $0.vector) < 6 }) {
                let total = Float(merged[index].count + cluster.count)
                merged[index].vector = (merged[index].vector * Float(merged[index].count)
                    + cluster.vector * Float(cluster.count)) / total
                merged[index].count += cluster.count
            } else {
                merged.append(cluster)
            }
        }
        found = merged.sorted { $0.count > $1.count }
        let total = Float(max(1, points.count))
        let kept = found.enumerated().filter { $0.offset == 0 || Float($0.element.count) / total >= 0.2 }.map(\.element)
        modes = kept.map(\.vector)
        shares = kept.map { Float($0.count) / total }
    }

    /// How far `vector` lies off the ray from black through `mode`, in L*a*b* units.
    static func offRay(_ vector: SIMD3<Float>, from mode: SIMD3<Float>) -> Float {
        let scale = (vector * mode).sum() / max(1e-6, (mode * mode).sum())
        let residual = vector - mode * scale
        return (residual * residual).sum().squareRoot()
    }

    /// Fits the light field to the pixels in `samples` that lie near a mode's ray, by least squares on the factor
    /// each needs, twice: the second time without the pixels far below the first fit (shadows).
    private mutating func fitLight(_ planes: LabPlanes, samples: [Int]) {
        var observations: [(u: Float, v: Float, factor: Float)] = []
        for index in samples {
            let p = Self.vector(planes, index)
            guard let mode = modes.min(by: { Self.offRay(p, from: $0) < Self.offRay(p, from: $1) }),
                Self.offRay(p, from: mode) < 8
            else { continue }
            let (x, y) = (index % width, index / width)
            let factor = (p * mode).sum() / (mode * mode).sum()
            observations.append(((Float(x) + 0.5) / Float(width) - 0.5, (Float(y) + 0.5) / Float(height) - 0.5, factor))
        }
        guard observations.count >= 12 else { return }
        for pass in 0..<2 {
            let used = pass == 0 ? observations : observations.filter { $0.factor > predicted($0.u, $0.v) - 0.06 }
            guard used.count >= 12, let fitted = Self.leastSquares(used) else { return }
            light = fitted
        }
    }

    private func predicted(_ u: Float, _ v: Float) -> Float {
        light[0] + light[1] * u + light[2] * v + light[3] * u * u + light[4] * v * v + light[5] * u * v
    }

    /// The quadratic through the observations by the normal equations (Gaussian elimination with pivoting).
    static func leastSquares(_ observations: [(u: Float, v: Float, factor: Float)]) -> [Float]? {
        // 6 rows of 6 coefficients and the right-hand side, summed in scratch memory (no copy-on-write checks).
        var matrix = withUnsafeTemporaryAllocation(of: Double.self, capacity: 48) { scratch -> [Double] in
            scratch.initialize(repeating: 0)
            for observation in observations {
                let (u, v, factor) = (Double(observation.u), Double(observation.v), Double(observation.factor))
                (scratch[42], scratch[43], scratch[44]) = (1, u, v)
                (scratch[45], scratch[46], scratch[47]) = (u * u, v * v, u * v)
                for row in 0..<6 {
                    let term = scratch[42 + row]
                    for column in 0..<6 { scratch[row * 7 + column] += term * scratch[42 + column] }
                    scratch[row * 7 + 6] += term * factor
                }
            }
            return Array(scratch[0..<42])
        }
        for column in 0..<6 {
            guard let pivot = (column..<6).max(by: { abs(matrix[$0 * 7 + column]) < abs(matrix[$1 * 7 + column]) }),
                abs(matrix[pivot * 7 + column]) > 1e-9
            else { return nil }
            for entry in 0..<7 { matrix.swapAt(column * 7 + entry, pivot * 7 + entry) }
            for row in 0..<6 where row != column {
                let factor = matrix[row * 7 + column] / matrix[column * 7 + column]
                for entry in column..<7 { matrix[row * 7 + entry] -= factor * matrix[column * 7 + entry] }
            }
        }
        return (0..<6).map { Float(matrix[$0 * 7 + 6] / matrix[$0 * 7 + $0]) }
    }
}
