extension RGBImage {
    /// The size an image of `width × height` gets when its long side is brought down to `maximumDimension`,
    /// keeping the aspect ratio; an image already small enough keeps its size (it is never enlarged).
    public static func fittedSize(width: Int, height: Int, maximumDimension: Int) -> (width: Int, height: Int) {
        let longSide = max(width, height)
        guard longSide > maximumDimension, maximumDimension > 0 else { return (width, height) }
        let scale = Double(maximumDimension) / Double(longSide)
        let fitted = { (side: Int) in side == longSide ? maximumDimension : max(1, Int((Double(side) * scale).rounded())) }
        return (fitted(width), fitted(height))
    }

    /// The image with its long side brought down to `maximumDimension` (never enlarged).
    public func resized(toFit maximumDimension: Int) -> RGBImage {
        let size = Self.fittedSize(width: width, height: height, maximumDimension: maximumDimension)
        return size == (width, height) ? self : resized(width: size.width, height: size.height)
    }

    /// The image resampled to exactly `width × height` by averaging the area each new pixel covers, which keeps
    /// fine detail from aliasing when shrinking a lot (a box filter, applied across then down). It streams: each
    /// source row is resampled across once and added into the one or two output rows it covers, so memory stays
    /// at a few rows beyond the result.
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBImage {
        precondition(newWidth > 0 && newHeight > 0, "resize to an empty image")
        guard newWidth != width || newHeight != height else { return self }
        let across = BoxKernel(source: width, target: newWidth)
        let down = BoxKernel(source: height, target: newHeight)
        let rowLength = newWidth * 3
        var row = [Float](repeating: 0, count: rowLength)
        var sums = [Float](repeating: 0, count: rowLength)
        let out = [UInt8](unsafeUninitializedCapacity: newHeight * rowLength) { target, count in
            pixels.withUnsafeBufferPointer { source in
                row.withUnsafeMutableBufferPointer { row in
                    sums.withUnsafeMutableBufferPointer { sums in
                        var resampledRow = -1
                        for y in 0..<newHeight {
                            for index in 0..<rowLength { sums[index] = 0 }
                            var sourceRow = down.starts[y]
                            for tap in down.range(y) {
                                if sourceRow != resampledRow {
                                    across.resample(row: sourceRow, of: source, width: width, into: row)
                                    resampledRow = sourceRow
                                }
                                let weight = down.weights[tap]
                                for index in 0..<rowLength { sums[index] += weight * row[index] }
                                sourceRow += 1
                            }
                            let base = y * rowLength
                            for index in 0..<rowLength {
                                (target.baseAddress! + base + index).initialize(to: UInt8(min(255, max(0, sums[index] + 0.5))))
                            }
                        }
                    }
                }
            }
            count = newHeight * rowLength
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: out)
    }
}

/// For each target pixel along one axis: the first source pixel it covers and the share of each covered source
/// pixel (the shares of one target pixel sum to 1).
private struct BoxKernel {
    var starts: [Int] = []
    var offsets: [Int] = [0]
    var weights: [Float] = []

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        for index in 0..<target {
            let low = Double(index) * scale
            let high = min(Double(source), Double(index + 1) * scale)
            let first = min(source - 1, Int(low))
            let last = max(first, min(source - 1, Int((high - 1e-9).rounded(.down))))
            starts.append(first)
            var total = 0.0
            var shares: [Double] = []
            for pixel in first...last {
                let share = max(0, min(high, Double(pixel + 1)) - max(low, Double(pixel)))
                shares.append(share)
                total += share
            }
            weights.append(contentsOf: shares.map { Float(total > 0 ? $0 / total : 1 / Double(shares.count)) })
            offsets.append(weights.count)
        }
    }

    func range(_ index: Int) -> Range<Int> {
        offsets[index]..<offsets[index + 1]
    }

    /// One RGB row of `source` (row number `row`, `width` pixels) resampled across into `target`.
    func resample(
        row: Int, of source: UnsafeBufferPointer<UInt8>, width: Int, into target: UnsafeMutableBufferPointer<Float>
    ) {
        starts.withUnsafeBufferPointer { starts in
            offsets.withUnsafeBufferPointer { offsets in
                weights.withUnsafeBufferPointer { weights in
                    let base = row * width * 3
                    var write = 0
                    for x in 0..<starts.count {
                        var (r, g, b): (Float, Float, Float) = (0, 0, 0)
                        var index = base + starts[x] * 3
                        for tap in offsets[x]..<offsets[x + 1] {
                            let weight = weights[tap]
                            r += weight * Float(source[index])
                            g += weight * Float(source[index + 1])
                            b += weight * Float(source[index + 2])
                            index += 3
                        }
                        target[write] = r
                        target[write + 1] = g
                        target[write + 2] = b
                        write += 3
                    }
                }
            }
        }
    }
}
