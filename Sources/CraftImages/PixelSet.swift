/// Membership of pixel indices in one object, by a yes/no grid over the object's bounding box.
struct PixelSet {
    private let bits: [Bool]
    private let (left, top, columns, rows, width): (Int, Int, Int, Int, Int)
    let count: Int

    init(_ pixels: [Int], width: Int) {
        let xs = pixels.map { $0 % width }
        let ys = pixels.map { $0 / width }
        left = xs.min() ?? 0
        top = ys.min() ?? 0
        columns = (xs.max() ?? 0) - left + 1
        rows = (ys.max() ?? 0) - top + 1
        self.width = width
        count = pixels.count
        var bits = [Bool](repeating: false, count: columns * rows)
        for (x, y) in zip(xs, ys) { bits[(y - top) * columns + x - left] = true }
        self.bits = bits
    }

    /// Whether the pixel at `index` (row-major in a picture `width` wide) belongs; indices off the picture do not.
    func contains(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        let (x, y) = (index % width - left, index / width - top)
        return x >= 0 && y >= 0 && x < columns && y < rows && bits[y * columns + x]
    }
}
