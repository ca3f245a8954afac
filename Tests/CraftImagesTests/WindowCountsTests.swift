@testable import CraftImages
import CraftTesting
import Testing

/// The window counts a patterned surface's cell is searched with.
@Suite struct WindowCountsTests {
    /// The window counts the pattern's search reads at the border are the box blur's, edge pixels repeated past the
    /// picture's edge, at every window size and anywhere in the picture (corners, edges, windows wider than it).
    @Test func windowCountsAreTheBoxBlurOfTheMaskTimesTheWindow() {
        let (width, height) = (37, 23)
        var random = SplitMix(seed: 5)
        let mask = (0..<(width * height)).map { _ in random.next() % 3 == 0 }
        let counts = WindowCounts(mask, width: width, height: height)
        for radius in [0, 1, 2, 5, 11, 30] {
            let window = Float(2 * radius + 1)
            let blurred = LabPlanes.boxBlur(mask.map { $0 ? 1 : 0 }, width: width, height: height, radius: radius)
            let worst = mask.indices.map { index in
                abs(Float(counts.count(around: index, radius: radius)) - blurred[index] * window * window)
            }.max() ?? 0
            #expect(worst < 0.5, "radius \(radius): off by \(worst) pixels")
        }
    }
}
