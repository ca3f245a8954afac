extension PointwiseLayer {
    /// The pixels a worker's part covers at least (a multiple of the 6-row block).
    static let rowsPerPart = 6 * 16

    /// The layer applied to every pixel of `input`: out = clamp?(input · W + b) (+ residual), as a blocked matrix
    /// multiply of 6 pixels × 8 outputs at a time, accumulated in SIMD registers over all inputs.
    func callAsFunction(_ input: FeatureMap, adding residual: FeatureMap? = nil, workers: Int) -> FeatureMap {
        precondition(input.channels == inputs, "a layer of \(inputs) inputs given \(input.channels) channels")
        var out = FeatureMap(height: input.height, width: input.width, channels: outputs)
        let pixels = input.pixels
        let parts = (pixels + Self.rowsPerPart - 1) / Self.rowsPerPart
        input.values.withUnsafeBufferPointer { source in
            panels.withUnsafeBufferPointer { weights in
                bias.withUnsafeBufferPointer { bias in
                    out.values.withUnsafeMutableBufferPointer { target in
                        Self.borrowing(residual) { skip in
                        let block = Block(
                            source: source.baseAddress!, weights: weights.baseAddress!, bias: bias.baseAddress!,
                            target: target.baseAddress!, residual: skip)
                        inParts(parts, workers: workers) { part in
                            let end = min(pixels, (part + 1) * Self.rowsPerPart)
                            var row = part * Self.rowsPerPart
                            while row + 6 <= end {
                                multiply6(rows: row, block)
                                row += 6
                            }
                            while row < end {
                                multiply1(row: row, block)
                                row += 1
                            }
                        }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Runs `body` with the residual's values borrowed for its whole length (nil without a residual), so the pointer
    /// never outlives the array's borrow.
    private static func borrowing(_ residual: FeatureMap?, _ body: (UnsafePointer<Float>?) -> Void) {
        guard let residual else { return body(nil) }
        residual.values.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// The memory one multiply reads and writes; raw pointers so the workers share it without copies.
    ///
    /// Unchecked because raw pointers are not `Sendable`. What guards them: the buffers are borrowed for the whole
    /// `inParts` call, which returns only when every worker has finished; workers only read `source`, `weights`,
    /// `bias` and `residual`, and each writes the output rows of its own part of `target`, which no other touches.
    struct Block: @unchecked Sendable {
        let source: UnsafePointer<Float>
        let weights: UnsafePointer<Float>
        let bias: UnsafePointer<Float>
        let target: UnsafeMutablePointer<Float>
        let residual: UnsafePointer<Float>?
    }

    @inline(__always) private func finish(_ sum: SIMD8<Float>, row: Int, column: Int, _ block: Block) {
        var value = clamps ? relu6(sum) : sum
        let at = row * outputs + column
        if let residual = block.residual { value += load8(residual + at) }
        store8(value, block.target + at)
    }

    private func multiply6(rows row: Int, _ block: Block) {
        let count = inputs
        let a0 = block.source + row * count
        let (a1, a2, a3, a4, a5) = (a0 + count, a0 + 2 * count, a0 + 3 * count, a0 + 4 * count, a0 + 5 * count)
        for panel in 0..<outputs / 8 {
            let panelWeights = block.weights + panel * count * 8
            let start = load8(block.bias + panel * 8)
            var (s0, s1, s2, s3, s4, s5) = (start, start, start, start, start, start)
            for k in 0..<count {
                let w = load8(panelWeights + k * 8)
                s0 += SIMD8(repeating: a0[k]) * w
                s1 += SIMD8(repeating: a1[k]) * w
                s2 += SIMD8(repeating: a2[k]) * w
                s3 += SIMD8(repeating: a3[k]) * w
                s4 += SIMD8(repeating: a4[k]) * w
                s5 += SIMD8(repeating: a5[k]) * w
            }
            let column = panel * 8
            finish(s0, row: row, column: column, block)
            finish(s1, row: row + 1, column: column, block)
            finish(s2, row: row + 2, column: column, block)
            finish(s3, row: row + 3, column: column, block)
            finish(s4, row: row + 4, column: column, block)
            finish(s5, row: row + 5, column: column, block)
        }
    }

    private func multiply1(row: Int, _ block: Block) {
        let a = block.source + row * inputs
        for panel in 0..<outputs / 8 {
            let panelWeights = block.weights + panel * inputs * 8
            var sum = load8(block.bias + panel * 8)
            for k in 0..<inputs { sum += SIMD8(repeating: a[k]) * load8(panelWeights + k * 8) }
            finish(sum, row: row, column: panel * 8, block)
        }
    }
}
