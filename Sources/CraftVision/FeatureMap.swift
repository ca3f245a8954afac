import Dispatch

/// Activations between layers: `height × width` pixels of `channels` floats each, channels fastest (HWC), so a
/// 1×1 convolution is a matrix multiply over rows of pixels and a depthwise one reads 8 channels at a time.
struct FeatureMap {
    var height: Int
    var width: Int
    var channels: Int
    var values: [Float]

    init(height: Int, width: Int, channels: Int) {
        self.height = height
        self.width = width
        self.channels = channels
        values = [Float](repeating: 0, count: height * width * channels)
    }

    var pixels: Int { height * width }

    /// The output size of a convolution with TensorFlow's SAME padding: ⌈size / stride⌉, the extra row or column
    /// of padding at the bottom and right, as the network was trained.
    static func padding(size: Int, kernel: Int, stride: Int) -> (out: Int, before: Int) {
        let out = (size + stride - 1) / stride
        let total = max((out - 1) * stride + kernel - size, 0)
        return (out, total / 2)
    }

    /// The patches of a `kernel × kernel` convolution as rows of a matrix (im2col), for the stem, whose 3 input
    /// channels are too few to multiply efficiently in place.
    func patches(kernel: Int, stride: Int) -> FeatureMap {
        let (outHeight, top) = Self.padding(size: height, kernel: kernel, stride: stride)
        let (outWidth, left) = Self.padding(size: width, kernel: kernel, stride: stride)
        var out = FeatureMap(height: outHeight, width: outWidth, channels: kernel * kernel * channels)
        let (channels, height, width) = (channels, height, width)
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                var write = 0
                for oy in 0..<outHeight {
                    for ox in 0..<outWidth {
                        for ky in 0..<kernel {
                            let iy = oy * stride + ky - top
                            for kx in 0..<kernel {
                                let ix = ox * stride + kx - left
                                if iy >= 0, iy < height, ix >= 0, ix < width {
                                    let read = (iy * width + ix) * channels
                                    for channel in 0..<channels { target[write + channel] = source[read + channel] }
                                }
                                write += channels
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The mean of each channel over all pixels (global average pooling).
    func averagePooled() -> [Float] {
        var sums = [Float](repeating: 0, count: channels)
        for pixel in 0..<pixels {
            for channel in 0..<channels { sums[channel] += values[pixel * channels + channel] }
        }
        return sums.map { $0 / Float(pixels) }
    }
}

/// Runs `body(part)` for parts 0..<parts on up to `workers` threads at once.
func inParts(_ parts: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
    if workers <= 1 || parts <= 1 {
        for part in 0..<parts { body(part) }
    } else {
        DispatchQueue.concurrentPerform(iterations: parts, execute: body)
    }
}

@inline(__always) func load8(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always) func store8(_ value: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD8<Float>.self)
}

@inline(__always) func relu6(_ value: SIMD8<Float>) -> SIMD8<Float> {
    value.clamped(lowerBound: SIMD8(repeating: 0), upperBound: SIMD8(repeating: 6))
}
