/// A yes/no value per pixel (an object's pixels, the surface's pixels) with the few operations the scene analysis
/// needs: thresholds with hysteresis, erosion and dilation, hole filling and connected regions.
struct BinaryMask: Equatable {
    let width: Int
    let height: Int
    var bits: [Bool]

    init(width: Int, height: Int, bits: [Bool]) {
        precondition(bits.count == width * height, "mask size mismatch")
        self.width = width
        self.height = height
        self.bits = bits
    }

    init(width: Int, height: Int) {
        self.init(width: width, height: height, bits: [Bool](repeating: false, count: width * height))
    }

    /// Pixels at or above `high`, grown through neighbours at or above `low`: weak evidence counts only when it
    /// touches strong evidence, so noise stays out and soft edges stay in.
    static func hysteresis(_ values: [Float], width: Int, height: Int, low: Float, high: Float) -> BinaryMask {
        var mask = BinaryMask(width: width, height: height)
        var stack = values.indices.filter { values[$0] >= high }
        for index in stack { mask.bits[index] = true }
        while let index = stack.popLast() {
            mask.forEachNeighbour(of: index, diagonal: true) { next in
                if !mask.bits[next], values[next] >= low {
                    mask.bits[next] = true
                    stack.append(next)
                }
            }
        }
        return mask
    }

    var count: Int { bits.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Calls `body` with the index of each neighbour inside the picture (4 or 8 of them).
    @inline(__always)
    func forEachNeighbour(of index: Int, diagonal: Bool, _ body: (Int) -> Void) {
        let (x, y) = (index % width, index / width)
        let (left, right, up, down) = (x > 0, x < width - 1, y > 0, y < height - 1)
        if left { body(index - 1) }
        if right { body(index + 1) }
        if up { body(index - width) }
        if down { body(index + width) }
        guard diagonal else { return }
        if left && up { body(index - width - 1) }
        if right && up { body(index - width + 1) }
        if left && down { body(index + width - 1) }
        if right && down { body(index + width + 1) }
    }

    /// The mask shrunk by `radius` pixels (a square neighbourhood): a pixel stays only if all around it inside the
    /// picture are set, so an object cut by the picture's edge is not eaten away from that edge.
    func eroded(_ radius: Int) -> BinaryMask {
        guard radius > 0 else { return self }
        return BinaryMask(width: width, height: height, bits: grown(radius, from: false).map { !$0 })
    }

    /// The mask grown by `radius` pixels (a square neighbourhood).
    func dilated(_ radius: Int) -> BinaryMask {
        guard radius > 0 else { return self }
        return BinaryMask(width: width, height: height, bits: grown(radius, from: true))
    }

    /// Whether each pixel lies within `radius` (a square neighbourhood) of a pixel whose bit is `value`: a sweep
    /// each way across every row, then each way down every column, remembering where `value` was last seen.
    private func grown(_ radius: Int, from value: Bool) -> [Bool] {
        var across = [Bool](repeating: false, count: bits.count)
        var out = [Bool](repeating: false, count: bits.count)
        bits.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { target in
                for row in stride(from: 0, to: source.count, by: width) {
                    var last = -radius - 1
                    for x in 0..<width {
                        if source[row + x] == value { last = x }
                        target[row + x] = x - last <= radius
                    }
                    var next = width + radius
                    for x in stride(from: width - 1, through: 0, by: -1) {
                        if source[row + x] == value { next = x }
                        if next - x <= radius { target[row + x] = true }
                    }
                }
            }
        }
        across.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var seen = [Int](repeating: -radius - 1, count: width)
                for y in 0..<height {
                    for x in 0..<width {
                        if source[y * width + x] { seen[x] = y }
                        target[y * width + x] = y - seen[x] <= radius
                    }
                }
                seen = [Int](repeating: height + radius, count: width)
                for y in stride(from: height - 1, through: 0, by: -1) {
                    for x in 0..<width {
                        if source[y * width + x] { seen[x] = y }
                        if seen[x] - y <= radius { target[y * width + x] = true }
                    }
                }
            }
        }
        return out
    }

    /// Erosion then dilation: removes specks and strands thinner than `2 × radius + 1` pixels.
    func opened(_ radius: Int) -> BinaryMask {
        eroded(radius).dilated(radius)
    }

    /// Dilation then erosion: closes gaps and notches narrower than `2 × radius + 1` pixels.
    func closed(_ radius: Int) -> BinaryMask {
        dilated(radius).eroded(radius)
    }

    /// The mask with every unset region that does not reach the picture's edge set: an object's holes filled.
    func fillingHoles() -> BinaryMask {
        var outside = [Bool](repeating: false, count: bits.count)
        var stack: [Int] = []
        for index in bits.indices where !bits[index] {
            let (x, y) = (index % width, index / width)
            if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                outside[index] = true
                stack.append(index)
            }
        }
        while let index = stack.popLast() {
            forEachNeighbour(of: index, diagonal: false) { next in
                if !bits[next], !outside[next] {
                    outside[next] = true
                    stack.append(next)
                }
            }
        }
        return BinaryMask(width: width, height: height, bits: outside.map { !$0 })
    }

    /// The connected regions of set pixels (8-neighbours), each as its pixel indices, largest first.
    func regions() -> [[Int]] {
        var seen = [Bool](repeating: false, count: bits.count)
        var found: [[Int]] = []
        for start in bits.indices where bits[start] && !seen[start] {
            var region: [Int] = []
            var stack = [start]
            seen[start] = true
            while let index = stack.popLast() {
                region.append(index)
                forEachNeighbour(of: index, diagonal: true) { next in
                    if bits[next], !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            found.append(region)
        }
        return found.sorted { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
    }

    /// A mask of just the given pixels (indices into a picture `width` wide), cut to their bounding box widened by
    /// `margin` on every side, with the box's origin: morphology on one object costs its size, not the picture's.
    static func cut(_ indices: [Int], width: Int, height: Int, margin: Int) -> (mask: BinaryMask, x: Int, y: Int) {
        guard let first = indices.first else { return (BinaryMask(width: 0, height: 0), 0, 0) }
        var (left, right, top, bottom) = (first % width, first % width, first / width, first / width)
        for index in indices {
            let (x, y) = (index % width, index / width)
            (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
        }
        let (x0, y0) = (max(0, left - margin), max(0, top - margin))
        let (columns, rows) = (min(width - 1, right + margin) - x0 + 1, min(height - 1, bottom + margin) - y0 + 1)
        var mask = BinaryMask(width: columns, height: rows)
        for index in indices { mask.bits[(index / width - y0) * columns + index % width - x0] = true }
        return (mask, x0, y0)
    }

    /// A mask of just the given pixels.
    static func of(_ indices: [Int], width: Int, height: Int) -> BinaryMask {
        var mask = BinaryMask(width: width, height: height)
        for index in indices { mask.bits[index] = true }
        return mask
    }
}
