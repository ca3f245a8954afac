@testable import CraftImages
import CraftTesting
import Foundation
import Testing

/// Drawn pictures with known answers for the scene analysis: shapes on a table, and the things a camera adds to
/// them (uneven light, a soft shadow, wood grain, a busy table, a red-and-cream checked cloth, sensor noise, JPEG,
/// a phone held sideways).
struct TestScene {
    typealias Colour = (Double, Double, Double)

    /// How an item's inside is painted.
    enum Fill {
        case plain
        /// Stripes of the second colour, `period` pixels apart, at `angle` radians.
        case stripes(Colour, period: Double, angle: Double)
        /// Short curved strands of a lighter and a darker shade, like yarn.
        case fibres
    }

    /// The outline of an item, in pixels of the picture.
    enum Shape {
        case polygon([SIMD2<Double>])
        case ellipse(centre: SIMD2<Double>, radii: SIMD2<Double>)

        func contains(_ point: SIMD2<Double>) -> Bool {
            switch self {
            case .ellipse(let centre, let radii):
                let d = (point - centre) / radii
                return (d * d).sum() <= 1
            case .polygon(let corners):
                var inside = false
                for index in corners.indices {
                    let (a, b) = (corners[index], corners[(index + 1) % corners.count])
                    if (a.y > point.y) != (b.y > point.y), point.x < a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                        inside.toggle()
                    }
                }
                return inside
            }
        }

        var bounds: (SIMD2<Double>, SIMD2<Double>) {
            switch self {
            case .ellipse(let centre, let radii): (centre - radii, centre + radii)
            case .polygon(let corners):
                (SIMD2(corners.map(\.x).min()!, corners.map(\.y).min()!),
                 SIMD2(corners.map(\.x).max()!, corners.map(\.y).max()!))
            }
        }
    }

    /// One thing on the table; `lines` are darker straight lines across it (creases), from one point to another,
    /// or with `pressedFlat` lines a pixel wide and a little lighter than the paper: a fold pressed flat in even
    /// light, its two faces in the same light.
    struct Item {
        var shape: Shape
        var colour: Colour
        var fill: Fill = .plain
        var lines: [(SIMD2<Double>, SIMD2<Double>)] = []
        var pressedFlat = false
    }

    var items: [Item]
    var table: Colour = (128, 128, 128)
    var width = 640
    var height = 480

    /// The scene drawn with the given nuisance (`.jpeg` and `.sideways` only change how the picture is stored).
    func image(_ nuisance: Nuisance = .none) -> RGBImage {
        var canvas = [Double](repeating: 0, count: width * height * 3)
        var random = SplitMix(seed: 11)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        for y in 0..<height {
            for x in 0..<width {
                var colour = table
                if nuisance == .woodGrain {
                    let grain = 0.86 + 0.1 * sin((Double(y) + 9 * sin(Double(x) / 70)) / 2.2) + 0.04 * unit()
                    colour = (200 * grain, 156 * grain, 105 * grain)
                    if y % 96 < 2 { colour = (colour.0 * 0.6, colour.1 * 0.6, colour.2 * 0.6) }
                }
                if nuisance == .checkedCloth {
                    // Checks 36 pixels wide, turned a little: crimson, unlike any item, and cream like the sheet.
                    let (u, v) = (Double(x) * 0.98 - Double(y) * 0.2, Double(x) * 0.2 + Double(y) * 0.98)
                    let odd = (Int((u + 1000) / 36) + Int((v + 1000) / 36)) % 2 == 1
                    colour = odd ? (170, 30, 60) : (242, 236, 220)
                }
                put(&canvas, x, y, colour, 1)
            }
        }
        if nuisance == .busyTable { scatter(&canvas, unit) }
        if nuisance == .dropShadow { castShadows(&canvas) }
        for item in items { draw(item, on: &canvas, unit) }
        if nuisance == .lightGradient || nuisance == .sensorNoise {
            for y in 0..<height {
                for x in 0..<width {
                    let (u, v) = (Double(x) / Double(width), Double(y) / Double(height))
                    let light = nuisance == .lightGradient ? 1.12 - 0.5 * u - 0.1 * v : 1
                    let noise = nuisance == .sensorNoise ? { (unit() + unit() + unit() - 1.5) * 14 } : { 0.0 }
                    for channel in 0..<3 {
                        let index = (y * width + x) * 3 + channel
                        canvas[index] = canvas[index] * light + noise()
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: canvas.map { UInt8(max(0, min(255, $0.rounded()))) })
    }

    /// The file bytes a camera would have written: PNG, or JPEG for `.jpeg`, or a JPEG stored turned a quarter
    /// left with EXIF orientation 6 for `.sideways`.
    func file(_ nuisance: Nuisance = .none) -> [UInt8] {
        let picture = image(nuisance)
        switch nuisance {
        case .jpeg: return TestImages.jpeg(picture, quality: 70)
        case .sideways: return TestImages.jpeg(picture.applyingOrientation(8), quality: 90, orientation: 6)
        default: return TestImages.png(picture)
        }
    }

    /// What origami makes of the scene with a nuisance, through the whole photo pipeline.
    func analysed(_ nuisance: Nuisance = .none) throws -> Photo {
        try Photo(bytes: file(nuisance), url: URL(fileURLWithPath: "scene.png"))
    }

    private func put(_ canvas: inout [Double], _ x: Int, _ y: Int, _ colour: Colour, _ cover: Double) {
        let index = (y * width + x) * 3
        canvas[index] = canvas[index] * (1 - cover) + colour.0 * cover
        canvas[index + 1] = canvas[index + 1] * (1 - cover) + colour.1 * cover
        canvas[index + 2] = canvas[index + 2] * (1 - cover) + colour.2 * cover
    }

    /// Paints one item with 2 × 2 samples a pixel, so its edges are soft like a photo's.
    private func draw(_ item: Item, on canvas: inout [Double], _ unit: () -> Double) {
        let (low, high) = item.shape.bounds
        let strands: [[SIMD2<Double>]] = {
            guard case .fibres = item.fill else { return [] }
            return (0..<Int((high - low).x * (high - low).y / 30)).map { _ in
                var point = low + SIMD2(unit(), unit()) * (high - low)
                var angle = unit() * 2 * .pi
                let bend = (unit() - 0.5) * 0.4
                return (0..<14).map { _ in
                    defer { point += SIMD2(cos(angle), sin(angle)); angle += bend }
                    return point
                }
            }
        }()
        var shade = [Int: Double]()
        for (number, strand) in strands.enumerated() {
            for point in strand { shade[Int(point.y) * width + Int(point.x)] = number % 2 == 0 ? 1.3 : 0.65 }
        }
        for y in max(0, Int(low.y) - 1)...min(height - 1, Int(high.y) + 1) {
            for x in max(0, Int(low.x) - 1)...min(width - 1, Int(high.x) + 1) {
                var cover = 0.0
                for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
                where item.shape.contains(SIMD2(Double(x) + dx, Double(y) + dy)) { cover += 0.25 }
                guard cover > 0 else { continue }
                let point = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                var colour = item.colour
                switch item.fill {
                case .plain: break
                case .stripes(let other, let period, let angle):
                    let along = point.x * cos(angle) + point.y * sin(angle)
                    if along.truncatingRemainder(dividingBy: period) < period / 2 { colour = other }
                case .fibres:
                    let factor = shade[y * width + x] ?? 1
                    colour = (min(255, colour.0 * factor), min(255, colour.1 * factor), min(255, colour.2 * factor))
                }
                let (reach, shade) = item.pressedFlat ? (0.6, 1.12) : (1.6, 0.72)
                for (from, to) in item.lines where Self.distance(point, from, to) < reach {
                    colour = (min(255, colour.0 * shade), min(255, colour.1 * shade), min(255, colour.2 * shade))
                }
                put(&canvas, x, y, colour, cover)
            }
        }
    }

    static func distance(_ point: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let direction = b - a
        let t = max(0, min(1, ((point - a) * direction).sum() / (direction * direction).sum()))
        let offset = point - (a + direction * t)
        return (offset * offset).sum().squareRoot()
    }

    /// A soft shadow of every item, cast down and to the right, darkening the table by up to half.
    private func castShadows(_ canvas: inout [Double]) {
        var cover = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where items.contains(where: { $0.shape.contains(SIMD2(Double(x - 14), Double(y - 18))) })
            {
                cover[y * width + x] = 1
            }
        }
        for _ in 0..<3 { cover = Self.boxBlur(cover, width: width, height: height, radius: 5) }
        for index in cover.indices {
            for channel in 0..<3 { canvas[index * 3 + channel] *= 1 - 0.5 * cover[index] }
        }
    }

    /// Small things of many colours all over the table, 2 to 7 pixels across: beads, crumbs, snippets.
    private func scatter(_ canvas: inout [Double], _ unit: () -> Double) {
        let colours: [Colour] = [
            (200, 60, 50), (40, 90, 170), (230, 200, 60), (60, 140, 80), (240, 240, 235), (30, 30, 30),
        ]
        for _ in 0..<260 {
            let centre = SIMD2(unit() * Double(width), unit() * Double(height))
            let radius = 1 + unit() * 2.5
            let colour = colours[Int(unit() * Double(colours.count)) % colours.count]
            for y in max(0, Int(centre.y - radius))...min(height - 1, Int(centre.y + radius)) {
                for x in max(0, Int(centre.x - radius))...min(width - 1, Int(centre.x + radius)) {
                    let d = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - centre
                    if (d * d).sum() <= radius * radius { put(&canvas, x, y, colour, 1) }
                }
            }
        }
    }

    static func boxBlur(_ plane: [Double], width: Int, height: Int, radius: Int) -> [Double] {
        LabPlanes.boxBlur(plane.map { Float($0) }, width: width, height: height, radius: radius).map { Double($0) }
    }
}

/// What a camera adds to a drawn scene.
enum Nuisance: String, CaseIterable, CustomTestStringConvertible {
    case none, lightGradient, dropShadow, woodGrain, busyTable, checkedCloth, sensorNoise, jpeg, sideways

    var testDescription: String { rawValue }
}
