/// A batch normalisation's effect on the convolution before it: each output channel scaled, then shifted.
///
/// Folding it into the convolution's weights and a bias (w·γ/√(σ²+ε), β − μ·γ/√(σ²+ε)) leaves one multiply-add
/// per weight at run time instead of a convolution and a normalisation.
struct BatchNorm {
    /// EfficientNet's batch normalisation epsilon.
    static let epsilon: Float = 1e-3
    var scale: [Float]
    var shift: [Float]

    /// The normalisation named `prefix` (`_bn0`, `_blocks.3._bn1`, …) for `channels` channels.
    init(_ prefix: String, channels: Int, from weights: TensorSource) throws(VisionError) {
        let gamma = try weights.tensor(prefix + ".weight", shape: [channels])
        let beta = try weights.tensor(prefix + ".bias", shape: [channels])
        let mean = try weights.tensor(prefix + ".running_mean", shape: [channels])
        let variance = try weights.tensor(prefix + ".running_var", shape: [channels])
        let scale = (0..<channels).map { gamma[$0] / (variance[$0] + Self.epsilon).squareRoot() }
        self.scale = scale
        shift = (0..<channels).map { beta[$0] - mean[$0] * scale[$0] }
    }
}

/// A 1×1 convolution (or any convolution after im2col) with its batch norm folded in: a matrix of `inputs` rows
/// and `outputs` columns, stored as column panels of 8 so the matrix multiply reads it in one pass.
struct PointwiseLayer {
    let inputs: Int
    let outputs: Int
    /// `outputs / 8` panels, each `inputs × 8` floats: panel p, row k holds the weights of outputs 8p…8p+7 for k.
    let panels: [Float]
    let bias: [Float]
    /// Whether ReLU6 follows (not after a block's projection, which is linear).
    let clamps: Bool

    /// A layer from a weight of shape `[outputs, inputs, kernel, kernel]` in PyTorch's order, whose matrix rows are
    /// ordered (ky, kx, input channel), the order the im2col and the HWC feature maps use.
    init(weight name: String, norm: String, outputs: Int, inputs: Int, kernel: Int = 1, clamps: Bool,
         from weights: TensorSource) throws(VisionError) {
        precondition(outputs % 8 == 0, "output channels come in panels of 8")
        let weight = try weights.tensor(name, shape: [outputs, inputs, kernel, kernel])
        let norm = try BatchNorm(norm, channels: outputs, from: weights)
        let rows = inputs * kernel * kernel
        var panels = [Float](repeating: 0, count: rows * outputs)
        for output in 0..<outputs {
            for input in 0..<inputs {
                for ky in 0..<kernel {
                    for kx in 0..<kernel {
                        let row = (ky * kernel + kx) * inputs + input
                        let value = weight[((output * inputs + input) * kernel + ky) * kernel + kx]
                        panels[(output / 8 * rows + row) * 8 + output % 8] = value * norm.scale[output]
                    }
                }
            }
        }
        self.inputs = rows
        self.outputs = outputs
        self.panels = panels
        self.bias = norm.shift
        self.clamps = clamps
    }
}

/// A depthwise convolution (one k×k filter per channel) with its batch norm folded in, always followed by ReLU6.
struct DepthwiseLayer {
    let channels: Int
    let kernel: Int
    let stride: Int
    /// `kernel × kernel` rows of `channels` weights: tap (ky, kx) of every channel side by side.
    let taps: [Float]
    let bias: [Float]

    init(weight name: String, norm: String, channels: Int, kernel: Int, stride: Int,
         from weights: TensorSource) throws(VisionError) {
        precondition(channels % 8 == 0, "channels come in groups of 8")
        let weight = try weights.tensor(name, shape: [channels, 1, kernel, kernel])
        let norm = try BatchNorm(norm, channels: channels, from: weights)
        var taps = [Float](repeating: 0, count: kernel * kernel * channels)
        for channel in 0..<channels {
            for tap in 0..<kernel * kernel {
                taps[tap * channels + channel] = weight[channel * kernel * kernel + tap] * norm.scale[channel]
            }
        }
        self.channels = channels
        self.kernel = kernel
        self.stride = stride
        self.taps = taps
        self.bias = norm.shift
    }
}

/// Named tensors with their shapes checked as they are taken.
struct TensorSource {
    let tensors: [String: WeightTensor]
    let file: String

    /// The values of tensor `name`, which must have `shape`.
    func tensor(_ name: String, shape: [Int]) throws(VisionError) -> [Float] {
        guard let tensor = tensors[name] else { throw .missingTensor(file: file, name: name) }
        guard tensor.shape == shape else {
            throw .wrongShape(file: file, name: name, expected: shape, found: tensor.shape)
        }
        return tensor.values
    }
}
