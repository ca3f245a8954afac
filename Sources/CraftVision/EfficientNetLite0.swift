/// EfficientNet-Lite0 (ImageNet-1k) with its batch norms folded in: a stem convolution, 16 inverted-residual
/// (MBConv) blocks with depthwise convolutions, a 1×1 head, average pooling and a 1000-way classifier; ReLU6
/// throughout and no squeeze-and-excitation, as the "Lite" variants are defined.
struct EfficientNetLite0: Sendable {
    /// The input's side in pixels.
    static let inputSize = 224
    /// The number of classes the classifier scores.
    static let classCount = 1000
    /// The seven stages: repeats, kernel, stride of the first block, expansion ratio, output channels.
    static let stages: [(repeats: Int, kernel: Int, stride: Int, expansion: Int, outputs: Int)] = [
        (1, 3, 1, 1, 16), (2, 3, 2, 6, 24), (2, 5, 2, 6, 40), (3, 3, 2, 6, 80), (3, 5, 1, 6, 112),
        (4, 5, 2, 6, 192), (1, 3, 1, 6, 320),
    ]

    /// One inverted-residual block: expand (1×1), depthwise, project (1×1), and the input added back when the
    /// shapes match.
    struct Block: Sendable {
        let expand: PointwiseLayer?
        let depthwise: DepthwiseLayer
        let project: PointwiseLayer
        let addsInput: Bool
    }

    let stem: PointwiseLayer
    let blocks: [Block]
    let head: PointwiseLayer
    /// The classifier, `classCount` rows of 1280 weights.
    let classifier: [Float]
    let classifierBias: [Float]

    /// The network from a checkpoint's tensors, named as the `efficientnet_pytorch` family names them.
    init(_ source: TensorSource) throws(VisionError) {
        stem = try PointwiseLayer(weight: "_conv_stem.weight", norm: "_bn0", outputs: 32, inputs: 3, kernel: 3,
                                  clamps: true, from: source)
        var blocks: [Block] = []
        var channels = 32
        for stage in Self.stages {
            for repeatIndex in 0..<stage.repeats {
                let name = "_blocks.\(blocks.count)."
                let wide = channels * stage.expansion
                let expand = stage.expansion == 1 ? nil : try PointwiseLayer(
                    weight: name + "_expand_conv.weight", norm: name + "_bn0", outputs: wide, inputs: channels,
                    clamps: true, from: source)
                let stride = repeatIndex == 0 ? stage.stride : 1
                let depthwise = try DepthwiseLayer(
                    weight: name + "_depthwise_conv.weight", norm: name + "_bn1", channels: wide,
                    kernel: stage.kernel, stride: stride, from: source)
                let project = try PointwiseLayer(
                    weight: name + "_project_conv.weight", norm: name + "_bn2", outputs: stage.outputs, inputs: wide,
                    clamps: false, from: source)
                blocks.append(Block(expand: expand, depthwise: depthwise, project: project,
                                    addsInput: stride == 1 && channels == stage.outputs))
                channels = stage.outputs
            }
        }
        self.blocks = blocks
        head = try PointwiseLayer(weight: "_conv_head.weight", norm: "_bn1", outputs: 1280, inputs: channels,
                                  clamps: true, from: source)
        classifier = try source.tensor("_fc.weight", shape: [Self.classCount, 1280])
        classifierBias = try source.tensor("_fc.bias", shape: [Self.classCount])
    }

    /// The 1000 logits for a 224×224 picture already scaled to the network's input range, HWC with 3 channels.
    func logits(_ input: FeatureMap, workers: Int) -> [Float] {
        precondition(input.height == Self.inputSize && input.width == Self.inputSize && input.channels == 3)
        var x = stem(input.patches(kernel: 3, stride: 2), workers: workers)
        for block in blocks {
            let inputs = x
            if let expand = block.expand { x = expand(x, workers: workers) }
            x = block.depthwise(x, workers: workers)
            x = block.project(x, adding: block.addsInput ? inputs : nil, workers: workers)
        }
        let pooled = head(x, workers: workers).averagePooled()
        return classify(pooled)
    }

    /// The classifier: one dot product of the pooled features per class, 8 lanes at a time.
    func classify(_ features: [Float]) -> [Float] {
        let width = features.count
        return features.withUnsafeBufferPointer { features in
            classifier.withUnsafeBufferPointer { weights in
                (0..<Self.classCount).map { row in
                    var sum = SIMD8<Float>(repeating: 0)
                    let base = weights.baseAddress! + row * width
                    for column in stride(from: 0, to: width, by: 8) {
                        sum += load8(features.baseAddress! + column) * load8(base + column)
                    }
                    return sum.sum() + classifierBias[row]
                }
            }
        }
    }
}
