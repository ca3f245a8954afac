/// The two vector operations the outline, stroke and crease measures share.
extension SIMD2 where Scalar == Double {
    /// The dot product with `other`.
    func dot(_ other: SIMD2<Double>) -> Double {
        (self * other).sum()
    }

    /// The Euclidean length.
    var length: Double {
        (self * self).sum().squareRoot()
    }
}
