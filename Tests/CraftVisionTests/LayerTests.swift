import CraftTesting
@testable import CraftVision
import Testing

/// The SIMD kernels against the definitions written plainly: a 1×1 convolution as sums over inputs, a depthwise
/// convolution with TensorFlow's SAME padding, each with batch norm applied after, not folded.
@Suite struct LayerTests {
    static func random(_ count: Int, seed: UInt64) -> [Float] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in Float(generator.next() % 2001) / 1000 - 1 }
    }

    /// A batch norm named `name` of `channels` channels, with a variance that keeps the scale away from 1.
    static func norm(_ name: String, _ channels: Int, seed: UInt64) -> [String: WeightTensor] {
        [
            name + ".weight": WeightTensor(shape: [channels], values: random(channels, seed: seed)),
            name + ".bias": WeightTensor(shape: [channels], values: random(channels, seed: seed + 1)),
            name + ".running_mean": WeightTensor(shape: [channels], values: random(channels, seed: seed + 2)),
            name + ".running_var": WeightTensor(
                shape: [channels], values: random(channels, seed: seed + 3).map { $0 + 1.5 }),
        ]
    }

    static func normalised(_ value: Float, _ channel: Int, _ tensors: [String: WeightTensor], _ name: String) -> Float {
        let v = { tensors[name + $0]!.values[channel] }
        return (value - v(".running_mean")) / (v(".running_var") + 1e-3).squareRoot() * v(".weight") + v(".bias")
    }

    @Test(arguments: [true, false])
    func pointwiseEqualsSumsOverInputs(clamps: Bool) throws {
        let (inputs, outputs, height, width) = (5, 16, 7, 3)  // 21 pixels: three blocks of six and three alone
        var tensors = Self.norm("bn", outputs, seed: 10)
        let weight = Self.random(outputs * inputs, seed: 20)
        tensors["w"] = WeightTensor(shape: [outputs, inputs, 1, 1], values: weight)
        let layer = try PointwiseLayer(weight: "w", norm: "bn", outputs: outputs, inputs: inputs, clamps: clamps,
                                       from: TensorSource(tensors: tensors, file: "t"))
        var input = FeatureMap(height: height, width: width, channels: inputs)
        input.values = Self.random(input.values.count, seed: 30)
        var residual = FeatureMap(height: height, width: width, channels: outputs)
        residual.values = Self.random(residual.values.count, seed: 40)
        let out = layer(input, adding: residual, workers: 2)
        for pixel in 0..<height * width {
            for o in 0..<outputs {
                var sum: Float = 0
                for i in 0..<inputs { sum += input.values[pixel * inputs + i] * weight[o * inputs + i] }
                var expected = Self.normalised(sum, o, tensors, "bn")
                if clamps { expected = min(max(expected, 0), 6) }
                expected += residual.values[pixel * outputs + o]
                #expect(abs(out.values[pixel * outputs + o] - expected) < 1e-4, "pixel \(pixel), output \(o)")
            }
        }
    }

    @Test(arguments: [(3, 1), (3, 2), (5, 2), (5, 1)])
    func depthwiseEqualsSamePaddedFilters(kernel: Int, stride: Int) throws {
        let (channels, height, width) = (16, 9, 8)
        var tensors = Self.norm("bn", channels, seed: 50)
        let weight = Self.random(channels * kernel * kernel, seed: 60).map { $0 * 3 }
        tensors["w"] = WeightTensor(shape: [channels, 1, kernel, kernel], values: weight)
        let layer = try DepthwiseLayer(weight: "w", norm: "bn", channels: channels, kernel: kernel, stride: stride,
                                       from: TensorSource(tensors: tensors, file: "t"))
        var input = FeatureMap(height: height, width: width, channels: channels)
        input.values = Self.random(input.values.count, seed: 70)
        let out = layer(input, workers: 2)
        // TensorFlow's SAME padding: ⌈size / stride⌉ outputs, the odd padding pixel after, not before.
        let (outHeight, outWidth) = ((height + stride - 1) / stride, (width + stride - 1) / stride)
        let top = max((outHeight - 1) * stride + kernel - height, 0) / 2
        let left = max((outWidth - 1) * stride + kernel - width, 0) / 2
        #expect(out.height == outHeight && out.width == outWidth)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                for c in 0..<channels {
                    var sum: Float = 0
                    for ky in 0..<kernel {
                        for kx in 0..<kernel {
                            let (iy, ix) = (oy * stride + ky - top, ox * stride + kx - left)
                            guard iy >= 0, iy < height, ix >= 0, ix < width else { continue }
                            let tap = weight[(c * kernel + ky) * kernel + kx]
                            sum += input.values[(iy * width + ix) * channels + c] * tap
                        }
                    }
                    let expected = min(max(Self.normalised(sum, c, tensors, "bn"), 0), 6)
                    let found = out.values[(oy * outWidth + ox) * channels + c]
                    #expect(abs(found - expected) < 1e-4, "(\(oy), \(ox)) channel \(c): \(found) ≠ \(expected)")
                }
            }
        }
    }
}
