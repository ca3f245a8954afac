/// One named tensor of a checkpoint as 32-bit floats in row-major order, whatever strides the file stored it with.
public struct WeightTensor: Sendable, Hashable {
    /// The size of each dimension, outermost first, e.g. `[32, 3, 3, 3]` for the stem's convolution.
    public var shape: [Int]
    /// `shape.reduce(1, *)` values, the last dimension varying fastest.
    public var values: [Float]

    /// A tensor of `shape` holding `values` in row-major order.
    public init(shape: [Int], values: [Float]) {
        precondition(values.count == shape.reduce(1, *), "a tensor's values must fill its shape")
        self.shape = shape
        self.values = values
    }

    /// Gathers a tensor from a storage's elements: element `[i₀, i₁, …]` is `storage[offset + Σ iₖ·strideₖ]`.
    ///
    /// PyTorch keeps many converted weights in a transposed order (the stem's strides are `[1, 32, 288, 96]`), so
    /// the strides are what give each number its place; reading the storage in order would scramble the network.
    init(storage: UnsafeBufferPointer<Float>, offset: Int, shape: [Int], strides: [Int]) {
        let count = shape.reduce(1, *)
        var values = [Float](repeating: 0, count: count)
        if count > 0 {
            values.withUnsafeMutableBufferPointer { target in
                var index = [Int](repeating: 0, count: shape.count)
                var source = offset
                for write in 0..<count {
                    target[write] = storage[source]
                    // Advance the multi-index like an odometer, the last dimension fastest.
                    var axis = shape.count - 1
                    while axis >= 0 {
                        index[axis] += 1
                        source += strides[axis]
                        if index[axis] < shape[axis] { break }
                        source -= strides[axis] * shape[axis]
                        index[axis] = 0
                        axis -= 1
                    }
                }
            }
        }
        self.init(shape: shape, values: values)
    }

    /// The furthest storage element a view of `shape` and `strides` from `offset` reaches, plus one; nil when a
    /// stride is negative.
    static func extent(offset: Int, shape: [Int], strides: [Int]) -> Int? {
        guard shape.allSatisfy({ $0 > 0 }) else { return offset }
        guard strides.allSatisfy({ $0 >= 0 }) else { return nil }
        return offset + zip(shape, strides).map { ($0 - 1) * $1 }.reduce(0, +) + 1
    }
}
