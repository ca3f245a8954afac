extension RGBImage {
    /// The centre square of the picture at `side × side` pixels: the short side brought to `side` by area
    /// averaging, then the middle cut out, the way image classifiers are shown a picture.
    public func centreSquare(side: Int) -> RGBImage {
        precondition(side > 0 && width > 0 && height > 0, "a centre square of an empty image")
        let scale = Double(side) / Double(min(width, height))
        let newWidth = max(side, Int((Double(width) * scale).rounded()))
        let newHeight = max(side, Int((Double(height) * scale).rounded()))
        let resized = resized(width: newWidth, height: newHeight)
        let (left, top) = ((newWidth - side) / 2, (newHeight - side) / 2)
        var square = [UInt8](repeating: 0, count: side * side * 3)
        for y in 0..<side {
            let from = ((top + y) * newWidth + left) * 3
            square[(y * side * 3)..<((y + 1) * side * 3)] = resized.pixels[from..<(from + side * 3)]
        }
        return RGBImage(width: side, height: side, pixels: square)
    }
}
