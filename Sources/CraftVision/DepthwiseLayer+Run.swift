extension DepthwiseLayer {
    /// The layer over `input`: each output pixel's channels, 8 at a time, summed over the taps that fall inside the
    /// picture (SAME padding: taps outside add nothing), plus the bias, clamped by ReLU6.
    func callAsFunction(_ input: FeatureMap, workers: Int) -> FeatureMap {
        precondition(input.channels == channels, "a layer of \(channels) channels given \(input.channels)")
        let (outHeight, top) = FeatureMap.padding(size: input.height, kernel: kernel, stride: stride)
        let (outWidth, left) = FeatureMap.padding(size: input.width, kernel: kernel, stride: stride)
        var out = FeatureMap(height: outHeight, width: outWidth, channels: channels)
        let (height, width, channels, kernel, stride) = (input.height, input.width, channels, kernel, stride)
        input.values.withUnsafeBufferPointer { source in
            taps.withUnsafeBufferPointer { taps in
                bias.withUnsafeBufferPointer { bias in
                    out.values.withUnsafeMutableBufferPointer { target in
                        let rows = Rows(source: source.baseAddress!, taps: taps.baseAddress!, bias: bias.baseAddress!,
                                        target: target.baseAddress!)
                        inParts(outHeight, workers: workers) { oy in
                            let firstY = max(0, top - oy * stride)
                            let endY = min(kernel, height + top - oy * stride)
                            for ox in 0..<outWidth {
                                let firstX = max(0, left - ox * stride)
                                let endX = min(kernel, width + left - ox * stride)
                                let output = rows.target + (oy * outWidth + ox) * channels
                                let origin = (oy * stride - top) * width + (ox * stride - left)
                                var channel = 0
                                while channel < channels {
                                    var sum = load8(rows.bias + channel)
                                    for ky in firstY..<endY {
                                        for kx in firstX..<endX {
                                            let pixel = origin + ky * width + kx
                                            sum += load8(rows.source + pixel * channels + channel)
                                                * load8(rows.taps + (ky * kernel + kx) * channels + channel)
                                        }
                                    }
                                    store8(relu6(sum), output + channel)
                                    channel += 8
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The memory one layer reads and writes; raw pointers so the workers share it without copies.
    ///
    /// Unchecked because raw pointers are not `Sendable`. What guards them: the buffers are borrowed for the whole
    /// `inParts` call, which returns only when every worker has finished; workers only read `source`, `taps` and
    /// `bias`, and each writes the output rows of its own part of `target`, which no other worker touches.
    struct Rows: @unchecked Sendable {
        let source: UnsafePointer<Float>
        let taps: UnsafePointer<Float>
        let bias: UnsafePointer<Float>
        let target: UnsafeMutablePointer<Float>
    }
}
