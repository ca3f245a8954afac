import Foundation

/// The drawn scenes the description tests use, each with what it is known to show.
extension TestScene {
    /// The corners of a rectangle `size` wide and high around `centre`, turned by `angle` radians.
    static func rectangle(_ centre: SIMD2<Double>, _ size: SIMD2<Double>, angle: Double = 0) -> [SIMD2<Double>] {
        let (c, s) = (cos(angle), sin(angle))
        return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { corner in
            let local = SIMD2(corner.0 * size.x, corner.1 * size.y)
            return centre + SIMD2(local.x * c - local.y * s, local.x * s + local.y * c)
        }
    }

    static let skyBlue: Colour = (135, 200, 235)
    static let red: Colour = (220, 40, 50)
    static let yellow: Colour = (250, 210, 40)
    static let green: Colour = (40, 150, 70)
    static let teal: Colour = (0, 128, 128)
    static let cream: Colour = (245, 238, 215)

    /// One light-blue rectangle, turned a little, in the middle of a grey table.
    static let oneRectangle = TestScene(items: [
        Item(shape: .polygon(rectangle(SIMD2(320, 240), SIMD2(270, 170), angle: 0.17)), colour: skyBlue)
    ])

    /// A red square in the upper left, a yellow square on the right, a green disc at the bottom.
    static let squaresAndCircle = TestScene(items: [
        Item(shape: .polygon(rectangle(SIMD2(150, 130), SIMD2(130, 130), angle: 0.3)), colour: red),
        Item(shape: .polygon(rectangle(SIMD2(500, 210), SIMD2(120, 120), angle: -0.1)), colour: yellow),
        Item(shape: .ellipse(centre: SIMD2(300, 360), radii: SIMD2(75, 75)), colour: green),
    ])

    /// A teal triangle, point up, in the middle.
    static let triangle = TestScene(items: [
        Item(shape: .polygon([SIMD2(320, 90), SIMD2(500, 380), SIMD2(140, 380)]), colour: teal)
    ])

    /// A cream square sheet with a darker straight line across it from `from` to `to` (nil: no line).
    static func sheet(crease: (SIMD2<Double>, SIMD2<Double>)?) -> TestScene {
        TestScene(
            items: [
                Item(shape: .polygon(rectangle(SIMD2(320, 240), SIMD2(300, 300))), colour: cream,
                     lines: crease.map { [$0] } ?? [])
            ],
            table: (110, 115, 120))
    }

    /// A ball of strands, like yarn, on the left.
    static let yarnBall = TestScene(items: [
        Item(shape: .ellipse(centre: SIMD2(180, 240), radii: SIMD2(130, 130)), colour: (220, 110, 80), fill: .fibres)
    ])

    /// A square of navy and cream stripes, like printed fabric.
    static let stripedPatch = TestScene(
        items: [
            Item(shape: .polygon(rectangle(SIMD2(330, 240), SIMD2(260, 260), angle: 0.1)), colour: (20, 30, 110),
                 fill: .stripes((245, 240, 220), period: 14, angle: 0.1))
        ], table: (150, 150, 150))
}
