/// How many pixels of a mask lie in a square window around any pixel, from running totals (a summed-area table),
/// counting the window as `LabPlanes.boxBlur` averages it: a window reaching past the picture's edge repeats the edge
/// pixels. `count(around:radius:)` over the window's side squared is the blur of the mask at that pixel.
struct WindowCounts {
    private let width: Int
    private let height: Int
    /// The pixels set in rows 0..<y and columns 0..<x, at `y * (width + 1) + x`.
    private let totals: [Int32]

    init(_ mask: [Bool], width: Int, height: Int) {
        self.width = width
        self.height = height
        var totals = [Int32](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row: Int32 = 0
            for x in 0..<width {
                row += mask[y * width + x] ? 1 : 0
                totals[(y + 1) * (width + 1) + x + 1] = totals[y * (width + 1) + x + 1] + row
            }
        }
        self.totals = totals
    }

    /// The pixels set in rows `top...bottom` and columns `left...right` (all within the picture).
    private func rectangle(_ top: Int, _ bottom: Int, _ left: Int, _ right: Int) -> Int {
        let stride = width + 1
        let sum = totals[(bottom + 1) * stride + right + 1] - totals[top * stride + right + 1]
            - totals[(bottom + 1) * stride + left] + totals[top * stride + left]
        return Int(sum)
    }

    /// The pixels set in the window of `radius` around pixel `index`, edge pixels repeated past the picture's edge.
    func count(around index: Int, radius: Int) -> Int {
        let (x, y) = (index % width, index / width)
        let (top, bottom) = (max(0, y - radius), min(height - 1, y + radius))
        let (left, right) = (max(0, x - radius), min(width - 1, x + radius))
        // How many times the first and last row and column repeat past the edge.
        let (above, below) = (max(0, radius - y), max(0, y + radius - (height - 1)))
        let (before, after) = (max(0, radius - x), max(0, x + radius - (width - 1)))
        var sum = rectangle(top, bottom, left, right)
        sum += above * rectangle(0, 0, left, right) + below * rectangle(height - 1, height - 1, left, right)
        sum += before * rectangle(top, bottom, 0, 0) + after * rectangle(top, bottom, width - 1, width - 1)
        sum += above * before * rectangle(0, 0, 0, 0) + above * after * rectangle(0, 0, width - 1, width - 1)
        sum += below * before * rectangle(height - 1, height - 1, 0, 0)
            + below * after * rectangle(height - 1, height - 1, width - 1, width - 1)
        return sum
    }
}
